import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { shortOrderNumber } from '../../../../shared/order-number.js';
import { closedOrderStatuses, downloadableStatus, isUnpaidStatus } from '../../../../shared/order-states.js';
import type { ClientOrderEvent, OrderDetail as OrderDetailData } from '../../../../shared/schemas/orders.js';
import { robotPath } from '../../../../shared/robot-slug.js';
import { LoadingRegion } from '../../../components/ui/loading-region';
import { errorCodeOf } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { formatUsd } from '../../../lib/format-number';
import { Link } from '../../../lib/router';
import { formatReported } from '../amounts';
import { getOrderQueryOptions } from '../api/get-order';
import { getOrderDetailQueryOptions, useOrderDetail } from '../api/get-order-detail';
import { useLiveOrder } from '../use-live-order';
import { OrderVersions } from './order-versions';
import { StatusBadge } from './status-badge';
import { TrialInfo } from './trial-info';
import { UnpaidOrderActions } from './unpaid-order-actions';
import { LoadError } from '../../../components/ui/load-error';

/**
 * While the order can still change by itself (a payment, a review, a delivery), the wizard's event
 * stream keeps its order current (`useLiveOrder`); each change it brings reloads the detail, whose
 * timeline the stream does not carry.
 */
function useLiveDetail(detail: OrderDetailData | undefined) {
  const queryClient = useQueryClient();
  const orderId = detail?.id ?? '';
  const live =
    detail !== undefined && detail.status !== downloadableStatus && !closedOrderStatuses.includes(detail.status);
  useLiveOrder(orderId, live);
  const streamed = useQuery({ ...getOrderQueryOptions(orderId), enabled: live }).data;
  const changed = streamed !== undefined && detail !== undefined && streamed.updated_at !== detail.updated_at;
  useEffect(() => {
    if (changed) void queryClient.invalidateQueries({ queryKey: getOrderDetailQueryOptions(orderId).queryKey });
  }, [changed, orderId, queryClient]);
}

/** A label and its value, stacked on a phone, side by side from the sm width. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2.5 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm text-slate-400">{label}</dt>
      <dd className="min-w-0 text-slate-100 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function OrderFacts({ order }: { order: OrderDetailData }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const paid = formatReported(order.amount_paid, order.paid_currency, language);
  return (
    <section aria-labelledby="order-summary" className="rounded-xl border border-slate-800 bg-slate-900 p-4 sm:p-5">
      <h2 id="order-summary" className="sr-only">
        {t('orderDetail.summary')}
      </h2>
      <dl className="divide-y divide-slate-800">
        <Fact label={t('orderDetail.robot')}>
          {order.robot_slug ? (
            <Link
              to={robotPath(order.robot_slug)}
              className="font-semibold text-emerald-300 underline underline-offset-4 hover:text-emerald-200"
            >
              {order.robot_name}
            </Link>
          ) : (
            <span>
              <span className="font-semibold">{order.robot_name}</span>{' '}
              <span className="text-sm text-slate-400">({t('orderDetail.robotGone')})</span>
            </span>
          )}
        </Fact>
        <Fact label={t('orderDetail.number')}>
          <span className="font-mono">#{shortOrderNumber(order.id)}</span>
        </Fact>
        <Fact label={t('orderDetail.status')}>
          <span className="flex flex-col items-start gap-1.5">
            <StatusBadge status={order.status} />
            <TrialInfo order={order} />
          </span>
        </Fact>
        <Fact label={t('orderDetail.ordered')}>{formatDateTime(order.created_date, language)}</Fact>
        <Fact label={t('orderDetail.updated')}>{formatDateTime(order.updated_at, language)}</Fact>
        <Fact label={t('orderDetail.price')}>
          <span className="tabular-nums">
            {order.trial ? t('orders.myOrders.free') : formatUsd(order.price, language)}
          </span>
        </Fact>
        {paid && (
          <Fact label={t('orderDetail.paid')}>
            <span className="tabular-nums">{paid}</span>
          </Fact>
        )}
        {order.payment_id && (
          <Fact label={t('orderDetail.paymentId')}>
            <span className="font-mono text-sm">{order.payment_id}</span>
          </Fact>
        )}
        <Fact label={t('orderDetail.telegram')}>{order.telegram_username}</Fact>
      </dl>
      {isUnpaidStatus(order.status) && (
        <div className="mt-4">
          <UnpaidOrderActions order={order} />
        </div>
      )}
    </section>
  );
}

function TimelineLine({ event }: { event: ClientOrderEvent }) {
  const { t, i18n } = useTranslation();
  const amount = formatReported(event.amount_paid, event.paid_currency, i18n.language);
  return (
    <li className="relative pb-5 pl-6 last:pb-0">
      <span aria-hidden="true" className="absolute top-1.5 left-0 size-2.5 rounded-full bg-emerald-400" />
      <p className="text-xs text-slate-400">
        <time dateTime={event.occurred_at}>{formatDateTime(event.occurred_at, i18n.language)}</time>
      </p>
      <p className="mt-0.5 font-medium text-white">{t(`orderDetail.events.${event.kind}`)}</p>
      {event.to_status && (
        <p className="mt-1.5 flex flex-wrap items-center gap-1.5">
          {event.from_status && <StatusBadge status={event.from_status} />}
          {event.from_status && <ArrowRight aria-hidden="true" className="size-3.5 text-slate-500" />}
          <StatusBadge status={event.to_status} />
        </p>
      )}
      {amount && <p className="mt-1 text-sm text-slate-300 tabular-nums">{t('orderDetail.amount', { amount })}</p>}
    </li>
  );
}

/** The order's timeline, newest first, ending with its creation. */
function Timeline({ order }: { order: OrderDetailData }) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="order-timeline" className="rounded-xl border border-slate-800 p-4 sm:p-5">
      <h2 id="order-timeline" className="mb-4 text-lg font-semibold text-white">
        {t('orderDetail.timeline')}
      </h2>
      <ol className="border-l border-slate-800 pl-0 [&>li]:-ml-[5px]">
        {order.timeline.map((event) => (
          <TimelineLine key={event.id} event={event} />
        ))}
        <li className="relative pl-6">
          <span aria-hidden="true" className="absolute top-1.5 left-0 size-2.5 rounded-full bg-slate-500" />
          <p className="text-xs text-slate-400">
            <time dateTime={order.created_date}>{formatDateTime(order.created_date, i18n.language)}</time>
          </p>
          <p className="mt-0.5 font-medium text-white">{t('orderDetail.placed')}</p>
        </li>
      </ol>
    </section>
  );
}

function Files({ order }: { order: OrderDetailData }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="order-files">
      <h2 id="order-files" className="mb-3 text-lg font-semibold text-white">
        {t('orderDetail.files')}
      </h2>
      {order.versions.length > 0 ? (
        <OrderVersions order={order} />
      ) : (
        <p className="text-sm text-slate-400">{t('orderDetail.noFiles')}</p>
      )}
    </section>
  );
}

type OrderDetailProps = {
  orderId: string;
  /** The order's licence, from the licences feature; nothing when it has none. */
  licence?: ReactNode;
};

/**
 * One of the client's orders in full (issue 19 §5): robot, number, dates, amounts, payment id and
 * status; its files with their downloads; its licence; and its timeline as the client may read it.
 */
export function OrderDetail({ orderId, licence }: OrderDetailProps) {
  const { t } = useTranslation();
  const query = useOrderDetail(orderId);
  useLiveDetail(query.data);
  if (query.isPending) return <LoadingRegion />;
  if (query.isError) {
    if (errorCodeOf(query.error) === 'not_found')
      return <p className="mt-6 text-slate-300">{t('orderDetail.notFound')}</p>;
    return <LoadError className="mt-6" message={t('orderDetail.loadError')} onRetry={() => void query.refetch()} />;
  }
  const order = query.data;
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-3 lg:items-start">
      <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
        <OrderFacts order={order} />
        <Files order={order} />
        {licence}
      </div>
      <div className="min-w-0">
        <Timeline order={order} />
      </div>
    </div>
  );
}
