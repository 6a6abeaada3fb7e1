import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { Order } from '../../../../shared/schemas/orders.js';
import { buttonClass } from '../../../components/ui/button-classes';
import { usePaymentError } from '../use-payment-error';
import { useResumePayment } from '../use-resume-payment';
import { CancelOrderDialog } from './cancel-order-dialog';
import { ResumePaymentButton } from './resume-payment-button';

/**
 * My Orders' actions for an unpaid order (issue 17 §3): Resume payment, which opens the payment
 * page and the wizard's waiting step, and Cancel, after a confirmation. An order whose robot was
 * deleted has no wizard to resume in: it can only be cancelled.
 */
export function UnpaidOrderActions({ order }: { order: Order }) {
  const { t } = useTranslation();
  const resume = useResumePayment();
  const [confirming, setConfirming] = useState(false);
  const error = usePaymentError(resume.failedFor === order.id ? resume.error : null);
  return (
    <div className="flex flex-col items-start gap-1">
      <div className="flex flex-wrap gap-2">
        {order.robot_id && <ResumePaymentButton order={order} resume={resume} className="h-9 text-xs" />}
        <button type="button" className={buttonClass('secondary', 'h-9 text-xs')} onClick={() => setConfirming(true)}>
          <X aria-hidden="true" className="size-4" />
          {t('orders.myOrders.cancel')}
        </button>
      </div>
      {error && (
        <p role="alert" className="max-w-64 text-xs text-red-300">
          {error}
        </p>
      )}
      <CancelOrderDialog order={order} open={confirming} onOpenChange={setConfirming} />
    </div>
  );
}
