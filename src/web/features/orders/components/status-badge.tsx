import { clsx } from 'clsx';
import { useTranslation } from '../../../lib/use-translation';
import { orderStatuses } from '../../../../shared/order-states.js';

const tones: Record<string, string> = {
  pending_payment: 'border-amber-700 bg-amber-950/50 text-amber-200',
  paid: 'border-sky-700 bg-sky-950/50 text-sky-200',
  in_progress: 'border-violet-700 bg-violet-950/50 text-violet-200',
  completed: 'border-emerald-700 bg-emerald-950/50 text-emerald-200',
  failed: 'border-red-800 bg-red-950/50 text-red-200',
  needs_review: 'border-orange-600 bg-orange-950/50 text-orange-200',
  refunded: 'border-slate-500 bg-slate-800 text-slate-100',
  cancelled: 'border-slate-600 bg-slate-900 text-slate-300',
};

/** SPEC §4's client labels, decision 0014's three more, and Unknown for anything else. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = (orderStatuses as readonly string[]).includes(status);
  return (
    <span
      className={clsx(
        'inline-flex rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
        known ? tones[status] : 'border-slate-700 bg-slate-800 text-slate-300',
      )}
    >
      {t(`orders.status.${known ? status : 'unknown'}` as 'orders.status.unknown')}
    </span>
  );
}
