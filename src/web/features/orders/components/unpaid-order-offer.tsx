import { Hourglass } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { shortOrderNumber } from '../../../../shared/order-number.js';
import type { Order } from '../../../../shared/schemas/orders.js';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button-classes';
import { formatDay } from '../../../lib/format-date';
import { usePaymentError } from '../use-payment-error';
import { useResumePayment } from '../use-resume-payment';
import { CancelOrderDialog } from './cancel-order-dialog';
import { ResumePaymentButton } from './resume-payment-button';

/**
 * Step 1 when the client already has an unpaid order of this robot (issue 17 §3): resume its
 * payment rather than pile up another order. A client who wants other details cancels it first,
 * and the form comes back.
 */
export function UnpaidOrderOffer({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const resume = useResumePayment();
  const [confirming, setConfirming] = useState(false);
  const error = usePaymentError(resume.error);
  return (
    <section aria-labelledby={titleId} className="space-y-5">
      <h2 id={titleId} className="flex items-center gap-2 text-xl font-semibold text-white">
        <Hourglass aria-hidden="true" className="size-6 text-amber-300" />
        {t('orders.unpaidOffer.title')}
      </h2>
      <p className="text-slate-300">
        {t('orders.unpaidOffer.text', {
          number: shortOrderNumber(order.id),
          date: formatDay(order.created_date, i18n.language),
          status: t(`orders.status.${order.status}` as 'orders.status.pending_payment'),
        })}
      </p>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-col gap-3">
        <ResumePaymentButton order={order} resume={resume} className="w-full text-base" />
        <button type="button" className={buttonClass('secondary', 'w-full')} onClick={() => setConfirming(true)}>
          {t('orders.unpaidOffer.startOver')}
        </button>
      </div>
      <CancelOrderDialog order={order} open={confirming} onOpenChange={setConfirming} />
    </section>
  );
}
