import { useId, useState } from 'react';
import { Trans, useTranslation } from '../../../lib/use-translation';
import type { Robot } from '../../../../shared/schemas/catalogue.js';
import { AdminDialog } from '../../../components/admin/admin-dialog';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button-classes';
import { errorCodeOf } from '../../../lib/api-client';
import { useNavigate } from '../../../lib/router';
import { useStartTrial } from '../api/start-trial';

const linkClass = 'text-emerald-300 underline hover:text-emerald-200';

/**
 * The trial's confirmation (the Terms, then start). Its own chunk, loaded when a client first opens
 * it: the dialog frame is the back office's, and the robot page must not fetch the back office's
 * chunk to show a button.
 */
export default function StartTrialDialog({
  robot,
  days,
  open,
  onOpenChange,
}: {
  robot: Pick<Robot, 'id' | 'name'>;
  days: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const start = useStartTrial();
  const [terms, setTerms] = useState(false);
  const [termsMissing, setTermsMissing] = useState(false);
  const termsId = useId();
  const close = (next: boolean) => {
    if (start.isPending) return;
    if (!next) start.reset();
    onOpenChange(next);
  };
  const submit = () => {
    if (!terms) {
      setTermsMissing(true);
      return;
    }
    start.mutate(
      { robot_id: robot.id, terms_accepted: true },
      {
        onSuccess: () => {
          onOpenChange(false);
          navigate('/Dashboard');
        },
      },
    );
  };
  const failure = start.isError
    ? errorCodeOf(start.error) === 'trial_taken'
      ? t('trials.start.taken')
      : errorCodeOf(start.error) === 'trial_unavailable'
        ? t('trials.start.unavailable')
        : t('trials.start.failed')
    : null;
  return (
    <AdminDialog
      open={open}
      onOpenChange={close}
      title={t('trials.start.title', { robot: robot.name, count: days })}
      size="sm"
    >
      <p className="text-slate-300">{t('trials.start.description', { count: days })}</p>
      <div className="flex flex-col gap-1.5">
        <div className="flex items-start gap-3">
          <input
            id={termsId}
            type="checkbox"
            checked={terms}
            aria-invalid={termsMissing ? true : undefined}
            aria-describedby={termsMissing ? `${termsId}-error` : undefined}
            onChange={(event) => {
              setTerms(event.target.checked);
              setTermsMissing(false);
            }}
            className="mt-1 size-4 shrink-0 accent-emerald-500"
          />
          <label htmlFor={termsId} className="text-sm text-slate-300">
            <Trans
              i18nKey="orders.configuration.terms"
              components={{
                terms: <a href="/Terms" target="_blank" rel="noopener" className={linkClass} />,
                risk: <a href="/RiskDisclosure" target="_blank" rel="noopener" className={linkClass} />,
              }}
            />
          </label>
        </div>
        {termsMissing && (
          <p id={`${termsId}-error`} className="text-sm text-red-300">
            {t('orders.validation.termsRequired')}
          </p>
        )}
      </div>
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          onClick={() => close(false)}
          disabled={start.isPending}
          className={buttonClass('secondary')}
        >
          {t('trials.start.notNow')}
        </button>
        <button
          type="button"
          onClick={submit}
          disabled={start.isPending}
          aria-busy={start.isPending}
          className={buttonClass('primary')}
        >
          {t('trials.start.confirm')}
        </button>
      </div>
    </AdminDialog>
  );
}
