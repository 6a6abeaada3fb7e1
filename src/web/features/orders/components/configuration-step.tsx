import { useId, useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from '../../../lib/use-translation';
import { STRATEGY_MAX_LENGTH } from '../../../../shared/constants.js';
import {
  orderFieldMessageKey,
  strategyInstructionsSchema,
  telegramUsernameSchema,
  type CreateOrderInput,
  type OrderFieldMessageKey,
} from '../../../../shared/schemas/orders.js';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button-classes';
import { TextField } from '../../../components/ui/text-field';

type Field = 'telegram' | 'strategy' | 'terms';
type MessageKey = OrderFieldMessageKey | 'invalid';
type Errors = Partial<Record<Field, MessageKey>>;

/** The message key of a field's first problem, checked by the same schemas as the server. */
function fieldError(
  schema: { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
): MessageKey | undefined {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  return orderFieldMessageKey(result.error?.issues[0]?.message ?? '') ?? 'invalid';
}

export type ConfigurationValues = Omit<CreateOrderInput, 'robot_id'>;

/** Step 1 (SPEC §2, §5): Telegram username, strategy with its live counter, terms. */
export function ConfigurationStep({
  onSubmit,
  isSubmitting,
  failed,
}: {
  onSubmit: (values: ConfigurationValues) => void;
  isSubmitting: boolean;
  failed: boolean;
}) {
  const { t } = useTranslation();
  const [telegram, setTelegram] = useState('');
  const [strategy, setStrategy] = useState('');
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const strategyId = useId();
  const termsId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  // SPEC §5: a field's error clears as soon as the user edits it.
  const clear = (field: Field) => setErrors((current) => ({ ...current, [field]: undefined }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {
      telegram: fieldError(telegramUsernameSchema, telegram),
      strategy: fieldError(strategyInstructionsSchema, strategy),
      terms: terms ? undefined : 'termsRequired',
    };
    setErrors(next);
    const first = (['telegram', 'strategy', 'terms'] as const).find((field) => next[field]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    onSubmit({ telegram_username: telegram.trim(), strategy_instructions: strategy.trim(), terms_accepted: true });
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
      <h2 className="text-xl font-semibold text-white">{t('orders.steps.configuration')}</h2>
      <TextField
        label={t('orders.configuration.telegram')}
        placeholder="@username"
        autoComplete="off"
        data-field="telegram"
        value={telegram}
        onChange={(event) => {
          setTelegram(event.target.value);
          clear('telegram');
        }}
        error={errors.telegram && t(`orders.validation.${errors.telegram}`)}
      />
      <div className="flex flex-col gap-1.5">
        <div className="flex items-baseline justify-between gap-4">
          <label htmlFor={strategyId} className="text-sm font-medium text-slate-200">
            {t('orders.configuration.knowMore')}
          </label>
          <span
            aria-live="polite"
            className={
              strategy.length > STRATEGY_MAX_LENGTH
                ? 'text-xs text-red-300 tabular-nums'
                : 'text-xs text-slate-400 tabular-nums'
            }
          >
            {strategy.length}/{STRATEGY_MAX_LENGTH}
          </span>
        </div>
        <div
          id={`${strategyId}-prompts`}
          className="rounded-lg border border-slate-800 bg-slate-950/60 p-3 text-sm text-slate-300"
        >
          <p>{t('orders.configuration.promptsIntro')}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            <li>{t('orders.configuration.promptExperience')}</li>
            <li>{t('orders.configuration.promptTarget')}</li>
            <li>{t('orders.configuration.promptCapital')}</li>
            <li>{t('orders.configuration.promptLosses')}</li>
          </ul>
        </div>
        <textarea
          id={strategyId}
          data-field="strategy"
          rows={7}
          value={strategy}
          aria-invalid={errors.strategy ? true : undefined}
          aria-describedby={`${strategyId}-prompts${errors.strategy ? ` ${strategyId}-error` : ''}`}
          onChange={(event) => {
            setStrategy(event.target.value);
            clear('strategy');
          }}
          className={`rounded-lg border bg-slate-950 px-3 py-2 text-slate-100 ${errors.strategy ? 'border-red-500' : 'border-slate-700'}`}
        />
        {errors.strategy && (
          <p id={`${strategyId}-error`} className="text-sm text-red-300">
            {t(`orders.validation.${errors.strategy}`)}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1.5">
        <div className="flex items-start gap-3">
          <input
            id={termsId}
            type="checkbox"
            data-field="terms"
            checked={terms}
            aria-invalid={errors.terms ? true : undefined}
            aria-describedby={errors.terms ? `${termsId}-error` : undefined}
            onChange={(event) => {
              setTerms(event.target.checked);
              clear('terms');
            }}
            className="mt-1 size-4 shrink-0 accent-emerald-500"
          />
          <label htmlFor={termsId} className="text-sm text-slate-300">
            <Trans
              i18nKey="orders.configuration.terms"
              components={{
                terms: (
                  <a
                    href="/Terms"
                    target="_blank"
                    rel="noopener"
                    className="text-emerald-300 underline hover:text-emerald-200"
                  />
                ),
                risk: (
                  <a
                    href="/RiskDisclosure"
                    target="_blank"
                    rel="noopener"
                    className="text-emerald-300 underline hover:text-emerald-200"
                  />
                ),
              }}
            />
          </label>
        </div>
        {errors.terms && (
          <p id={`${termsId}-error`} className="text-sm text-red-300">
            {t(`orders.validation.${errors.terms}`)}
          </p>
        )}
      </div>
      {failed && <Alert tone="error">{t('orders.configuration.createError')}</Alert>}
      <button type="submit" disabled={isSubmitting} className={buttonClass('primary', 'w-full')}>
        {t('orders.configuration.submit')}
      </button>
    </form>
  );
}
