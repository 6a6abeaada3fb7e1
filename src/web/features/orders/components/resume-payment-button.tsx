import { Loader2, RotateCcw } from 'lucide-react';
import { useTranslation } from '../../../lib/use-translation';
import type { Order } from '../../../../shared/schemas/orders.js';
import { buttonClass } from '../../../components/ui/button-classes';
import type { useResumePayment } from '../use-resume-payment';

/** Resume payment for an unpaid order, busy while its payment page is being asked for. */
export function ResumePaymentButton({
  order,
  resume,
  className,
}: {
  order: Order;
  resume: ReturnType<typeof useResumePayment>;
  className: string;
}) {
  const { t } = useTranslation();
  const resuming = resume.pendingFor === order.id;
  return (
    <button
      type="button"
      disabled={resuming}
      className={buttonClass('primary', className)}
      onClick={() => resume.resume(order)}
    >
      {resuming ? (
        <Loader2 aria-hidden="true" className="size-4 animate-spin" />
      ) : (
        <RotateCcw aria-hidden="true" className="size-4" />
      )}
      {t('orders.myOrders.resume')}
    </button>
  );
}
