import { clsx } from 'clsx';
import { FlaskConical } from 'lucide-react';
import { useTranslation } from '../../../lib/use-translation';
import type { Order } from '../../../../shared/schemas/orders.js';
import { formatDateTime } from '../../../lib/format-date';
import { useTrialEnded } from '../use-trial-ended';

/**
 * A free trial in My Orders (decision 0020): a "Trial" badge and when it ends, or ended. Nothing
 * for an order that is not a trial.
 */
export function TrialInfo({ order, className }: { order: Order; className?: string }) {
  const { t, i18n } = useTranslation();
  const ended = useTrialEnded(order.trial_ends_at);
  if (!order.trial || !order.trial_ends_at) return null;
  const date = formatDateTime(order.trial_ends_at, i18n.language);
  return (
    <span className={clsx('inline-flex flex-wrap items-center gap-x-2 gap-y-1', className)}>
      <span className="inline-flex items-center gap-1 rounded-full border border-fuchsia-700 bg-fuchsia-950/50 px-2.5 py-0.5 text-xs font-medium whitespace-nowrap text-fuchsia-200">
        <FlaskConical aria-hidden="true" className="size-3.5" />
        {t('trials.myOrders.badge')}
      </span>
      <span className={ended ? 'text-xs text-amber-300' : 'text-xs text-slate-300'}>
        {ended ? t('trials.myOrders.endedOn', { date }) : t('trials.myOrders.runsUntil', { date })}
      </span>
    </span>
  );
}
