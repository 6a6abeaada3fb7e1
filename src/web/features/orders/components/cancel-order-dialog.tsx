import { useTranslation } from '../../../lib/use-translation';
import { shortOrderNumber } from '../../../../shared/order-number.js';
import type { Order } from '../../../../shared/schemas/orders.js';
import { AdminDialog } from '../../../components/admin/admin-dialog';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button-classes';
import { formatUsd } from '../../../lib/format-number';
import { useCancelOrder } from '../api/cancel-order';

type CancelOrderDialogProps = {
  order: Order;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the order is cancelled (the dialog has closed). */
  onCancelled?: () => void;
};

/** "Cancel this order?" before the client cancels an unpaid order (issue 17 §3): it cannot be undone. */
export function CancelOrderDialog({ order, open, onOpenChange, onCancelled }: CancelOrderDialogProps) {
  const { t, i18n } = useTranslation();
  const cancel = useCancelOrder();
  const number = shortOrderNumber(order.id);
  const close = (next: boolean) => {
    if (cancel.isPending) return;
    if (!next) cancel.reset();
    onOpenChange(next);
  };
  return (
    <AdminDialog
      open={open}
      onOpenChange={close}
      title={t('orders.cancel.title', { number })}
      role="alertdialog"
      size="sm"
    >
      <p className="text-slate-300">
        {t('orders.cancel.description', { robot: order.robot_name, price: formatUsd(order.price, i18n.language) })}
      </p>
      {cancel.isError && (
        <Alert tone="error">
          {t('orders.cancel.failed', {
            message: cancel.error instanceof Error ? cancel.error.message : String(cancel.error),
          })}
        </Alert>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          onClick={() => close(false)}
          disabled={cancel.isPending}
          className={buttonClass('secondary')}
        >
          {t('orders.cancel.keep')}
        </button>
        <button
          type="button"
          disabled={cancel.isPending}
          aria-busy={cancel.isPending}
          className={buttonClass('danger')}
          onClick={() =>
            cancel.mutate(order.id, {
              onSuccess: () => {
                onOpenChange(false);
                onCancelled?.();
              },
            })
          }
        >
          {t('orders.cancel.confirm')}
        </button>
      </div>
    </AdminDialog>
  );
}
