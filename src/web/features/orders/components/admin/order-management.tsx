import { Eye, Trash2, Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../../lib/use-translation';
import { shortOrderNumber } from '../../../../../shared/order-number.js';
import {
  manualOrderStatuses,
  nextOrderStatus,
  orderStatuses,
  type OrderStatus,
} from '../../../../../shared/order-states.js';
import { ADMIN_ORDERS_PAGE_SIZE, type AdminOrder } from '../../../../../shared/schemas/orders.js';
import { ConfirmDialog } from '../../../../components/admin/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../../components/admin/data-table';
import { notifyFailure, notifySuccess } from '../../../../components/admin/toasts';
import { buttonClass } from '../../../../components/ui/button-classes';
import { EmailAddress } from '../../../../components/ui/email-address';
import { ApiError } from '../../../../lib/api-client';
import { formatDay } from '../../../../lib/format-date';
import { formatUsd } from '../../../../lib/format-number';
import { paidAmountBesidePrice } from '../../amounts';
import { useDeleteOrder, useUpdateOrderStatus } from '../../api/admin/change-orders';
import { adminOrdersSearch, useAdminOrders, type AdminOrdersFilter } from '../../api/admin/get-admin-orders';
import { DeliveryDialog } from './delivery-dialog';
import { PaymentFlags, ResolvedStatus } from './payment-details';
import { TrialInfo } from '../trial-info';

const isManual = (status: OrderStatus) => (manualOrderStatuses as readonly OrderStatus[]).includes(status);

/** SPEC §8: an expired session during a status change or a deletion says so and reloads. */
function useSessionAwareFailure() {
  const { t } = useTranslation();
  return (message: string, error: unknown) => {
    if (error instanceof ApiError && error.status === 401) {
      window.alert(t('adminOrders.sessionExpired'));
      window.location.reload();
      return;
    }
    notifyFailure(message, error);
  };
}

const iconButton =
  'inline-flex size-9 items-center justify-center rounded-lg text-slate-300 hover:bg-slate-800 hover:text-white disabled:cursor-not-allowed disabled:opacity-40';

/** SPEC §2's Order Management table on the admin kit, with server paging, a status filter and search. */

/** Why a file cannot be delivered to this order now, or null when it can. */
function uploadBlocked(order: AdminOrder): 'trial' | 'unpaid' | null {
  if (order.trial) return 'trial';
  return nextOrderStatus(order.status, { type: 'file_delivered' }, 'administrator').ok ? null : 'unpaid';
}

export function OrderManagement({ onOpenDetail }: { onOpenDetail: (orderId: string) => void }) {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<AdminOrdersFilter>({ status: '', q: '', page: 1 });
  const orders = useAdminOrders(filter);
  const updateStatus = useUpdateOrderStatus();
  const deleteOrder = useDeleteOrder();
  const failed = useSessionAwareFailure();
  const [deleting, setDeleting] = useState<AdminOrder | null>(null);
  const [delivering, setDelivering] = useState<AdminOrder | null>(null);

  const columns: DataTableColumn<AdminOrder>[] = [
    {
      id: 'number',
      header: t('adminOrders.columns.number'),
      cell: (order) => <span className="font-mono text-slate-200">#{shortOrderNumber(order.id)}</span>,
    },
    {
      id: 'client',
      header: t('adminOrders.columns.client'),
      cell: (order) => (
        <span className="flex flex-col">
          <span className="text-white">{order.client_name ?? order.client_email ?? t('common.noValue')}</span>
          {order.client_name && order.client_email && (
            <EmailAddress address={order.client_email} className="text-xs text-slate-400" />
          )}
        </span>
      ),
    },
    { id: 'robot', header: t('adminOrders.columns.robot'), cell: (order) => order.robot_name },
    {
      id: 'date',
      header: t('adminOrders.columns.date'),
      cell: (order) => <span className="whitespace-nowrap">{formatDay(order.created_date, i18n.language)}</span>,
    },
    {
      id: 'status',
      header: t('adminOrders.columns.status'),
      // SPEC's five are set by hand; an order under review, refunded or cancelled is resolved in its detail.
      // A free trial's status is the shop's (decision 0020): shown, with its end, never set by hand.
      cell: (order) =>
        order.trial ? (
          <span className="flex flex-col items-start gap-1.5">
            <ResolvedStatus status={order.status} />
            <TrialInfo order={order} />
          </span>
        ) : isManual(order.status) ? (
          <select
            aria-label={t('adminOrders.statusOf', { number: shortOrderNumber(order.id) })}
            value={order.status}
            onChange={(event) =>
              updateStatus.mutate(
                { id: order.id, status: event.target.value as OrderStatus },
                {
                  onSuccess: () => notifySuccess(t('adminOrders.statusSaved')),
                  onError: (error) => failed(t('adminOrders.statusFailed'), error),
                },
              )
            }
            className="h-9 rounded-lg border border-slate-700 bg-slate-950 px-2 text-sm text-slate-100"
          >
            {manualOrderStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`adminOrders.status.${status}`)}
              </option>
            ))}
          </select>
        ) : (
          <ResolvedStatus status={order.status} />
        ),
    },
    {
      // Issue 19 §5: the price, what was paid when the workflow reported another amount, and the
      // owner's payment flags (decision 0014). The table sorts no column, so neither does this one.
      id: 'amount',
      header: t('adminOrders.columns.amount'),
      cell: (order) => {
        const paid = paidAmountBesidePrice(order, i18n.language);
        return (
          <span className="flex flex-col items-start gap-1 tabular-nums">
            <span className="whitespace-nowrap">{formatUsd(order.price, i18n.language)}</span>
            {/* Below the price rather than beside it: the table shares its width with the client's address. */}
            {paid && (
              <span className="text-xs whitespace-nowrap text-slate-400">
                {t('adminOrders.paidAmount', { amount: paid })}
              </span>
            )}
            <PaymentFlags flags={order.payment_flags} />
          </span>
        );
      },
    },
  ];

  return (
    <section className="mt-10" aria-labelledby="order-management-title">
      <h2 id="order-management-title" className="text-2xl font-bold text-white">
        {t('adminOrders.title')}
      </h2>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-300">
          {t('adminOrders.filter')}
          <select
            value={filter.status}
            onChange={(event) => setFilter({ ...filter, status: event.target.value as OrderStatus | '', page: 1 })}
            className="h-11 rounded-lg border border-slate-700 bg-slate-950 px-3 text-slate-100"
          >
            <option value="">{t('adminOrders.allStatuses')}</option>
            {orderStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`adminOrders.status.${status}`)}
              </option>
            ))}
          </select>
        </label>
        <a href={`/api/admin/orders/export${adminOrdersSearch(filter)}`} download className={buttonClass('secondary')}>
          {t('adminOrders.export')}
        </a>
      </div>
      <DataTable
        label={t('adminOrders.title')}
        rows={orders.data?.items}
        columns={columns}
        getRowId={(order) => order.id}
        query={orders}
        emptyMessage={t('adminOrders.empty')}
        searchable
        server={{
          rowCount: orders.data?.total ?? 0,
          pagination: { pageIndex: filter.page - 1, pageSize: ADMIN_ORDERS_PAGE_SIZE },
          onPaginationChange: (next) => setFilter({ ...filter, page: next.pageIndex + 1 }),
          sorting: [],
          onSortingChange: () => undefined,
          search: filter.q,
          onSearchChange: (q) => setFilter({ ...filter, q, page: 1 }),
        }}
        rowActions={(order) => (
          // The upload button above the two icons: side by side, the three made the widest column
          // of the table, which then squeezed the client's address or, in French, did not fit at all.
          <div className="flex flex-col items-end gap-1 cards:flex-row cards:flex-wrap cards:items-center cards:gap-2">
            <button
              type="button"
              className={buttonClass(
                'secondary',
                'h-9 px-3 text-xs whitespace-nowrap aria-disabled:cursor-not-allowed aria-disabled:opacity-50',
              )}
              // aria-disabled rather than disabled: the button stays focusable and hoverable, so its
              // reason (the title, read as its description) reaches a keyboard, a mouse and a reader.
              aria-disabled={uploadBlocked(order) !== null}
              title={uploadBlocked(order) ? t(`adminOrders.uploadBlocked.${uploadBlocked(order)!}`) : undefined}
              onClick={() => {
                if (uploadBlocked(order) === null) setDelivering(order);
              }}
            >
              <Upload aria-hidden="true" className="size-4" />
              {order.has_file ? t('adminOrders.newVersion') : t('adminOrders.upload')}
            </button>
            <div className="flex gap-1 cards:gap-2">
              <button
                type="button"
                className={iconButton}
                aria-label={t('adminOrders.details', { number: shortOrderNumber(order.id) })}
                onClick={() => onOpenDetail(order.id)}
              >
                <Eye aria-hidden="true" className="size-4" />
              </button>
              <button
                type="button"
                className={iconButton}
                aria-label={t('adminOrders.delete', { number: shortOrderNumber(order.id) })}
                onClick={() => setDeleting(order)}
              >
                <Trash2 aria-hidden="true" className="size-4 text-red-300" />
              </button>
            </div>
          </div>
        )}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('adminOrders.deleteTitle')}
        message={t('adminOrders.deleteMessage', { number: deleting ? shortOrderNumber(deleting.id) : '' })}
        confirmLabel={t('adminOrders.deleteConfirm')}
        onConfirm={() =>
          deleteOrder.mutateAsync(deleting!.id).then(
            () => notifySuccess(t('adminOrders.deleted')),
            (error: unknown) => {
              failed(t('adminOrders.deleteFailed'), error);
              throw error;
            },
          )
        }
      />
      <DeliveryDialog order={delivering} onOpenChange={(open) => !open && setDelivering(null)} />
    </section>
  );
}
