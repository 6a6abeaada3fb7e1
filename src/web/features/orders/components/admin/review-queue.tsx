import { AlertTriangle } from 'lucide-react';
import { useTranslation } from '../../../../lib/use-translation';
import { shortOrderNumber } from '../../../../../shared/order-number.js';
import { buttonClass } from '../../../../components/ui/button-classes';
import { formatDay } from '../../../../lib/format-date';
import { useAdminOrders } from '../../api/admin/get-admin-orders';
import { PaymentFlags, paymentAmounts } from './payment-details';

const REVIEW_FILTER = { status: 'needs_review', q: '', page: 1 } as const;

/**
 * Payments waiting for the owner's review (decision 0014), at the top of the dashboard with the
 * amount expected and the amount reported; each opens the order to mark it paid, refund or cancel
 * it. Nothing shows while there is none.
 */
export function ReviewQueue({ onOpenDetail }: { onOpenDetail: (orderId: string) => void }) {
  const { t, i18n } = useTranslation();
  const orders = useAdminOrders(REVIEW_FILTER);
  const items = orders.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby="review-queue-title"
      className="mt-6 rounded-xl border border-orange-700/80 bg-orange-950/20 p-5"
    >
      <h2 id="review-queue-title" className="flex items-center gap-2 text-lg font-semibold text-white">
        <AlertTriangle aria-hidden="true" className="size-5 text-orange-300" />
        {t('adminOrders.review.title', { count: orders.data?.total ?? items.length })}
      </h2>
      <p className="mt-1 text-sm text-slate-300">{t('adminOrders.review.description')}</p>
      <ul className="mt-4 space-y-3">
        {items.map((order) => {
          const amounts = paymentAmounts(order, i18n.language);
          return (
            <li
              key={order.id}
              className="flex flex-col gap-3 rounded-lg border border-slate-800 bg-slate-950/70 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-mono text-slate-200">#{shortOrderNumber(order.id)}</span>
                  <span className="font-semibold text-white">{order.robot_name}</span>
                  <span className="text-sm text-slate-400">{formatDay(order.updated_at, i18n.language)}</span>
                </p>
                <p className="text-sm break-words text-slate-300">
                  {order.client_name ?? order.client_email ?? t('common.noValue')}
                </p>
                <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
                  <div className="flex gap-1.5">
                    <dt className="text-slate-400">{t('adminOrders.review.expected')}</dt>
                    <dd className="font-semibold text-white tabular-nums">{amounts.expected}</dd>
                  </div>
                  <div className="flex gap-1.5">
                    <dt className="text-slate-400">{t('adminOrders.review.reported')}</dt>
                    <dd className="font-semibold text-orange-200 tabular-nums">
                      {amounts.reported ?? t('adminOrders.review.noAmount')}
                    </dd>
                  </div>
                </dl>
                <PaymentFlags flags={order.payment_flags} />
              </div>
              <button
                type="button"
                className={buttonClass('primary', 'shrink-0')}
                aria-label={t('adminOrders.review.openFor', { number: shortOrderNumber(order.id) })}
                onClick={() => onOpenDetail(order.id)}
              >
                {t('adminOrders.review.open')}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
