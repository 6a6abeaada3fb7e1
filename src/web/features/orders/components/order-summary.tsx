import { Clock } from 'lucide-react';
import { useTranslation } from '../../../lib/use-translation';
import { CURRENCY, ROBOT_FALLBACK_IMAGE } from '../../../../shared/constants.js';
import type { Robot } from '../../../../shared/schemas/catalogue.js';
import { formatUsd } from '../../../lib/format-number';

export type SummaryRobot = Pick<Robot, 'name' | 'price' | 'image_url' | 'delivery'>;

/**
 * The side summary of SPEC §2: robot, client, the delivery (the announced 24H, or at once after
 * payment for a robot delivered automatically, decision 0018) and the total in USD.
 */
export function OrderSummary({
  robot,
  categoryName,
  clientName,
}: {
  robot: SummaryRobot;
  categoryName: string | undefined;
  clientName: string;
}) {
  const { t, i18n } = useTranslation();
  const price = formatUsd(robot.price, i18n.language);
  const automatic = robot.delivery === 'automatic';
  return (
    <aside aria-label={t('orders.summary.title')} className="h-fit rounded-xl border border-slate-800 bg-slate-900 p-5">
      <h2 className="text-lg font-semibold text-white">{t('orders.summary.title')}</h2>
      <img
        src={robot.image_url || ROBOT_FALLBACK_IMAGE}
        alt={robot.name}
        width={640}
        height={360}
        onError={(event) => {
          event.currentTarget.src = ROBOT_FALLBACK_IMAGE;
        }}
        className="mt-4 aspect-video w-full rounded-lg bg-slate-800 object-cover"
      />
      <p className="mt-3 text-lg font-semibold text-white">{robot.name}</p>
      {categoryName && <p className="text-sm text-slate-400">{categoryName}</p>}
      <dl className="mt-4 space-y-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-400">{t('orders.summary.price')}</dt>
          <dd className="font-medium text-white tabular-nums">{price}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-400">{t('orders.summary.client')}</dt>
          <dd className="min-w-0 truncate font-medium text-white">{clientName}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-400">
            {t(automatic ? 'orders.summary.deliveryAutomatic' : 'orders.summary.delivery')}
          </dt>
          <dd className="flex items-center gap-1 font-medium text-white">
            <Clock aria-hidden="true" className="size-4 text-emerald-400" />
            {t(automatic ? 'orders.summary.deliveryAutomaticValue' : 'orders.summary.deliveryValue')}
          </dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-slate-800 pt-3 text-base">
          <dt className="font-semibold text-white">{t('orders.summary.total', { currency: CURRENCY })}</dt>
          <dd className="font-bold text-emerald-300 tabular-nums">{price}</dd>
        </div>
      </dl>
    </aside>
  );
}
