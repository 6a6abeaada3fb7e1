import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import { useTranslation } from '../../../lib/use-translation';
import type { WizardStep } from '../order-steps';

const steps = [
  { step: 1, key: 'orders.steps.configuration' },
  { step: 2, key: 'orders.steps.payment' },
  { step: 3, key: 'orders.steps.confirmation' },
] as const;

/** The three steps of SPEC §2 with the current one marked. */
export function OrderStepper({ current }: { current: WizardStep }) {
  const { t } = useTranslation();
  return (
    <ol className="mt-6 grid grid-cols-3 gap-2" aria-label={t('orders.steps.label')}>
      {steps.map(({ step, key }) => {
        const done = step < current;
        const active = step === current;
        return (
          <li
            key={step}
            aria-current={active ? 'step' : undefined}
            className="flex min-w-0 flex-col items-center gap-2 text-center sm:flex-row sm:text-left"
          >
            <span
              className={clsx(
                'flex size-8 shrink-0 items-center justify-center rounded-full border text-sm font-bold',
                done && 'border-emerald-500 bg-emerald-500 text-slate-950',
                active && 'border-emerald-400 text-emerald-300',
                !done && !active && 'border-slate-700 text-slate-400',
              )}
            >
              {done ? <Check aria-hidden="true" className="size-4" /> : step}
            </span>
            <span className={clsx('text-xs font-medium sm:text-sm', active ? 'text-white' : 'text-slate-400')}>
              {t(key)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
