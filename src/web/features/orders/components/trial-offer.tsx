import { FlaskConical } from 'lucide-react';
import { useId, useState } from 'react';
import { Trans, useTranslation } from '../../../lib/use-translation';
import type { Robot } from '../../../../shared/schemas/catalogue.js';
import { AdminDialog } from '../../../components/admin/admin-dialog';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button-classes';
import { errorCodeOf } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { Link, useNavigate } from '../../../lib/router';
import { useOrders } from '../api/get-orders';
import { useStartTrial } from '../api/start-trial';
import { useTrialEnded } from '../use-trial-ended';

type TrialOfferProps = {
  robot: Pick<Robot, 'id' | 'name' | 'trial_days'>;
  isSignedIn: boolean;
  /** A visitor signs in first, and comes back to this page to start the trial. */
  onSignIn: () => void;
};

const linkClass = 'text-emerald-300 underline hover:text-emerald-200';

/**
 * "Try free for N days" on a robot's page (decision 0020): a visitor signs in first; a client who
 * had the trial sees when it ends (or ended) instead; the others confirm the Terms and start it,
 * then land on My Orders, where the trial is.
 */
export function TrialOffer({ robot, isSignedIn, onSignIn }: TrialOfferProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (robot.trial_days === null) return null;
  const label = t('trials.offer.button', { count: robot.trial_days });
  if (!isSignedIn)
    return (
      <button type="button" onClick={onSignIn} className={buttonClass('secondary', 'w-full')}>
        <FlaskConical aria-hidden="true" className="size-5" />
        {label}
      </button>
    );
  return (
    <>
      <OwnTrialOr robotId={robot.id}>
        <button type="button" onClick={() => setOpen(true)} className={buttonClass('secondary', 'w-full')}>
          <FlaskConical aria-hidden="true" className="size-5" />
          {label}
        </button>
      </OwnTrialOr>
      <StartTrialDialog robot={robot} days={robot.trial_days} open={open} onOpenChange={setOpen} />
    </>
  );
}

/** The client's trial of this robot, if they had it; else `children` (the offer). */
function OwnTrialOr({ robotId, children }: { robotId: string; children: React.ReactNode }) {
  const { i18n } = useTranslation();
  const orders = useOrders();
  // Until My Orders is known the button keeps its place; the server refuses a second trial anyway.
  const trial = orders.data?.find((order) => order.trial && order.robot_id === robotId);
  const ended = useTrialEnded(trial?.trial_ends_at);
  if (!trial?.trial_ends_at) return <>{children}</>;
  const date = formatDateTime(trial.trial_ends_at, i18n.language);
  return (
    <p className="text-sm text-slate-300">
      <Trans
        i18nKey={ended ? 'trials.offer.ended' : 'trials.offer.running'}
        values={{ date }}
        components={{ orders: <Link to="/Dashboard" className={linkClass} /> }}
      />
    </p>
  );
}

function StartTrialDialog({
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
