import { ChevronDown, FileText, KeyRound } from 'lucide-react';
import { Fragment, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { buttonClass } from '../../../components/ui/button-classes';
import { LoadingRegion } from '../../../components/ui/loading-region';
import { formatDay } from '../../../lib/format-date';
import { formatUsd } from '../../../lib/format-number';
import { Link } from '../../../lib/router';
import { useOrders } from '../api/get-orders';
import { shortOrderNumber } from '../../../../shared/order-number.js';
import { downloadableStatus, isUnpaidStatus } from '../../../../shared/order-states.js';
import { orderPagePath } from '../../../../shared/pages.js';
import type { Order } from '../../../../shared/schemas/orders.js';
import { paidOrdersTotal } from '../amounts';
import { DownloadButton } from './download-button';
import { OrderVersions } from './order-versions';
import { StatusBadge } from './status-badge';
import { TrialInfo } from './trial-info';
import { UnpaidOrderActions } from './unpaid-order-actions';
import { LoadError } from '../../../components/ui/load-error';

/** The order's licence page (issue 18 §2): its key and the accounts using it. */
function LicenceLink({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  return (
    <Link to={orderPagePath('OrderLicence', orderId)} className={buttonClass('secondary', 'h-9 text-xs')}>
      <KeyRound aria-hidden="true" className="size-4" />
      {t('orders.myOrders.licence')}
    </Link>
  );
}

/** The order's detail page (issue 19 §5): amounts, timeline, files and licence. */
function DetailsLink({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={orderPagePath('OrderDetail', orderId)}
      aria-label={t('orders.myOrders.detailsOf', { number: shortOrderNumber(orderId) })}
      className={buttonClass('secondary', 'h-9 text-xs')}
    >
      <FileText aria-hidden="true" className="size-4" />
      {t('orders.myOrders.details')}
    </Link>
  );
}

/** An order's price; a free trial's is "Free". */
function Price({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  return <>{order.trial ? t('orders.myOrders.free') : formatUsd(order.price, i18n.language)}</>;
}

/** What the client paid, and which orders that counts, so that nobody has to guess. */
function PaidTotal({ orders }: { orders: readonly Order[] }) {
  const { t, i18n } = useTranslation();
  const { total, count } = paidOrdersTotal(orders);
  return (
    <div className="mt-4 rounded-xl border border-slate-800 bg-slate-900 px-4 py-3">
      <p className="font-semibold text-white tabular-nums">
        {t('orders.myOrders.total', { amount: formatUsd(total, i18n.language) })}
      </p>
      <p className="mt-1 text-sm text-slate-400">{t('orders.myOrders.totalNote', { count })}</p>
    </div>
  );
}

/** Which orders show their versions. */
interface VersionsToggle {
  isOpen(orderId: string): boolean;
  toggle(orderId: string): void;
}

function useVersionsToggle(): VersionsToggle {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  return {
    isOpen: (orderId) => open.has(orderId),
    toggle: (orderId) =>
      setOpen((current) => {
        const next = new Set(current);
        if (!next.delete(orderId)) next.add(orderId);
        return next;
      }),
  };
}

function VersionsButton({ order, toggle }: { order: Order; toggle: VersionsToggle }) {
  const { t } = useTranslation();
  const open = toggle.isOpen(order.id);
  return (
    <button
      type="button"
      aria-expanded={open}
      className={buttonClass('secondary', 'h-9 text-xs')}
      onClick={() => toggle.toggle(order.id)}
    >
      {t('orders.myOrders.versions', { count: order.versions.length })}
      <ChevronDown aria-hidden="true" className={open ? 'size-4 rotate-180' : 'size-4'} />
    </button>
  );
}

/**
 * Resume or cancel an unpaid order (issue 17 §3); download a delivered one's current version and
 * open the list of all its versions (decision 0018); open its licence (issue 18 §2).
 */
function OrderActions({ order, licensed, versions }: { order: Order; licensed: boolean; versions: VersionsToggle }) {
  if (isUnpaidStatus(order.status)) {
    return (
      <div className="flex flex-wrap items-start gap-2">
        <UnpaidOrderActions order={order} />
        <DetailsLink orderId={order.id} />
      </div>
    );
  }
  // The download (or why there is none: the limit, a missing file) once the order is completed; a
  // licensed order completed without a file of its own has its key, which the licence link opens.
  // Before that, Details is the action: no placeholder dash beside it.
  const showDownload = order.status === downloadableStatus && (!licensed || order.has_file);
  return (
    <div className="flex flex-wrap items-start gap-2">
      {showDownload && <DownloadButton order={order} />}
      {order.versions.length > 0 && <VersionsButton order={order} toggle={versions} />}
      {licensed && <LicenceLink orderId={order.id} />}
      <DetailsLink orderId={order.id} />
    </div>
  );
}

type MyOrdersProps = {
  /** The orders that have a licence (the licences feature knows which); none by default. */
  licensedOrderIds?: ReadonlySet<string>;
};

/** The client's 'Mes Commandes' table (SPEC §2 Dashboard). */
export function MyOrders({ licensedOrderIds = new Set() }: MyOrdersProps) {
  const { t, i18n } = useTranslation();
  const orders = useOrders();
  const versions = useVersionsToggle();
  if (orders.isPending) return <LoadingRegion />;
  if (orders.isError) {
    return (
      <LoadError className="mt-6" message={t('orders.myOrders.loadError')} onRetry={() => void orders.refetch()} />
    );
  }
  if (orders.data.length === 0) return <p className="mt-6 text-slate-300">{t('orders.myOrders.empty')}</p>;
  return (
    <>
      {/* Phones: one card per order, every column readable without scrolling sideways. */}
      <ul className="mt-6 space-y-3 md:hidden">
        {orders.data.map((order) => (
          <li key={order.id} className="rounded-xl border border-slate-800 bg-slate-900 p-4">
            <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
              <div className="min-w-0">
                <p className="font-semibold text-white">{order.robot_name}</p>
                <p className="mt-0.5 text-sm text-slate-400">
                  <span className="sr-only">{t('orders.myOrders.number')} </span>
                  <span className="font-mono">#{shortOrderNumber(order.id)}</span> ·{' '}
                  {formatDay(order.created_date, i18n.language)} ·{' '}
                  <span className="sr-only">{t('orders.myOrders.price')} </span>
                  <span className="text-slate-200 tabular-nums">
                    <Price order={order} />
                  </span>
                </p>
              </div>
              <StatusBadge status={order.status} />
            </div>
            <TrialInfo order={order} className="mt-2" />
            <div className="mt-3">
              <OrderActions order={order} licensed={licensedOrderIds.has(order.id)} versions={versions} />
            </div>
            {versions.isOpen(order.id) && (
              <div className="mt-3">
                <OrderVersions order={order} />
              </div>
            )}
          </li>
        ))}
      </ul>
      <div className="mt-6 hidden overflow-x-auto rounded-xl border border-slate-800 md:block">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead className="bg-slate-900 text-slate-400">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                {t('orders.myOrders.number')}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t('orders.myOrders.robot')}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t('orders.myOrders.date')}
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                {t('orders.myOrders.price')}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t('orders.myOrders.status')}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t('orders.myOrders.actions')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-800">
            {orders.data.map((order) => (
              <Fragment key={order.id}>
                <tr className="bg-slate-950">
                  <td className="px-4 py-3 font-mono text-slate-200">#{shortOrderNumber(order.id)}</td>
                  <td className="px-4 py-3 text-white">{order.robot_name}</td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-300">
                    {formatDay(order.created_date, i18n.language)}
                  </td>
                  <td className="px-4 py-3 text-right whitespace-nowrap text-slate-200 tabular-nums">
                    <Price order={order} />
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex flex-col items-start gap-1.5">
                      <StatusBadge status={order.status} />
                      <TrialInfo order={order} />
                    </div>
                  </td>
                  <td className="px-4 py-3">
                    <OrderActions order={order} licensed={licensedOrderIds.has(order.id)} versions={versions} />
                  </td>
                </tr>
                {versions.isOpen(order.id) && (
                  <tr className="bg-slate-950">
                    <td colSpan={6} className="px-4 pb-4">
                      <OrderVersions order={order} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
      <PaidTotal orders={orders.data} />
    </>
  );
}
