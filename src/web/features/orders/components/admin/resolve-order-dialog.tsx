import { useId, useState } from 'react';
import { useTranslation } from '../../../../lib/use-translation';
import { shortOrderNumber } from '../../../../../shared/order-number.js';
import {
  RESOLUTION_NOTE_MAX_LENGTH,
  type AdminOrder,
  type OrderResolution,
} from '../../../../../shared/schemas/orders.js';
import { AdminDialog } from '../../../../components/admin/admin-dialog';
import { notifySuccess } from '../../../../components/admin/toasts';
import { Alert } from '../../../../components/ui/alert';
import { buttonClass } from '../../../../components/ui/button-classes';
import { useResolveOrder } from '../../api/admin/change-orders';

/**
 * Marks a payment under review paid, refunds or cancels an order (decision 0014), with the note
 * that goes on the order's timeline and in the activity log; marking paid needs one.
 */
export function ResolveOrderDialog({
  order,
  resolution,
  onOpenChange,
}: {
  order: AdminOrder;
  resolution: OrderResolution | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const noteId = useId();
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const resolve = useResolveOrder();
  const number = shortOrderNumber(order.id);
  const required = resolution === 'mark_paid';

  const close = (open: boolean) => {
    if (open || resolve.isPending) return;
    setNote('');
    setMissing(false);
    resolve.reset();
    onOpenChange(false);
  };
  const confirm = () => {
    if (!resolution) return;
    if (required && note.trim() === '') {
      setMissing(true);
      return;
    }
    resolve.mutate(
      { id: order.id, resolution, note },
      {
        onSuccess: () => {
          notifySuccess(t(`adminOrders.resolve.${resolution}.done`, { number }));
          close(false);
        },
      },
    );
  };

  return (
    <AdminDialog
      open={resolution !== null}
      onOpenChange={close}
      role="alertdialog"
      size="sm"
      title={resolution ? t(`adminOrders.resolve.${resolution}.title`, { number }) : ''}
      description={resolution ? t(`adminOrders.resolve.${resolution}.description`) : undefined}
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={noteId} className="text-sm font-medium text-slate-200">
          {required ? t('adminOrders.resolve.noteRequired') : t('adminOrders.resolve.noteOptional')}
        </label>
        <textarea
          id={noteId}
          value={note}
          rows={3}
          maxLength={RESOLUTION_NOTE_MAX_LENGTH}
          aria-invalid={missing}
          aria-describedby={missing ? `${noteId}-error` : undefined}
          onChange={(event) => {
            setNote(event.target.value);
            setMissing(false);
          }}
          className={`w-full rounded-lg border bg-slate-950 px-3 py-2 text-slate-100 ${missing ? 'border-red-500' : 'border-slate-700'}`}
        />
        {missing && (
          <p id={`${noteId}-error`} className="text-sm text-red-300">
            {t('adminOrders.resolve.noteMissing')}
          </p>
        )}
      </div>
      {resolve.error && (
        <Alert tone="error">{t('adminOrders.resolve.failed', { message: resolve.error.message })}</Alert>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          onClick={() => close(false)}
          disabled={resolve.isPending}
          className={buttonClass('secondary')}
        >
          {t('backOffice.dialog.cancel')}
        </button>
        <button
          type="button"
          onClick={confirm}
          disabled={resolve.isPending}
          aria-busy={resolve.isPending}
          className={buttonClass(resolution === 'mark_paid' ? 'primary' : 'danger')}
        >
          {resolution ? t(`adminOrders.resolve.${resolution}.confirm`) : ''}
        </button>
      </div>
    </AdminDialog>
  );
}
