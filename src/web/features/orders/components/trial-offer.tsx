import { FlaskConical } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Trans, useTranslation } from '../../../lib/use-translation';
import type { Robot } from '../../../../shared/schemas/catalogue.js';
import { buttonClass } from '../../../components/ui/button-classes';
import { formatDateTime } from '../../../lib/format-date';
import { Link } from '../../../lib/router';
import { useOrders } from '../api/get-orders';
import { useTrialEnded } from '../use-trial-ended';

type TrialOfferProps = {
  robot: Pick<Robot, 'id' | 'name' | 'trial_days'>;
  isSignedIn: boolean;
  /** A visitor signs in first, and comes back to this page to start the trial. */
  onSignIn: () => void;
};

const linkClass = 'text-emerald-300 underline hover:text-emerald-200';

const StartTrialDialog = lazy(() => import('./start-trial-dialog'));

/**
 * "Try free for N days" on a robot's page (decision 0020): a visitor signs in first; a client who
 * had the trial sees when it ends (or ended) instead; the others confirm the Terms and start it,
 * then land on My Orders, where the trial is.
 */
export function TrialOffer({ robot, isSignedIn, onSignIn }: TrialOfferProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on (not before, so its chunk loads on demand; not only while
  // open, so that the dialog's closing animation and state behave as before).
  const [opened, setOpened] = useState(false);
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
        <button
          type="button"
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
          className={buttonClass('secondary', 'w-full')}
        >
          <FlaskConical aria-hidden="true" className="size-5" />
          {label}
        </button>
      </OwnTrialOr>
      {opened && (
        <Suspense fallback={null}>
          <StartTrialDialog robot={robot} days={robot.trial_days} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
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
