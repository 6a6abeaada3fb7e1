import { AlertTriangle, Ban, ExternalLink, Hourglass, Loader2, Undo2, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { Order } from '../../../../shared/schemas/orders.js';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button-classes';
import { formatUsd } from '../../../lib/format-number';
import { Link } from '../../../lib/router';
import { useStartPayment } from '../api/start-payment';
import { openPaymentTab } from '../payment-tab';
import { useLiveOrder } from '../use-live-order';
import { usePaymentError } from '../use-payment-error';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-slate-400">{label}</dt>
      <dd className="font-mono text-sm break-all text-white">{value}</dd>
    </div>
  );
}

/**
 * A payment the shop's owner is checking (decision 0014), or an order refunded or cancelled: no
 * payment to start, a word on what happens next.
 */
function OrderOutcome({ order }: { order: Order }) {
  const { t } = useTranslation();
  const outcome =
    order.status === 'needs_review'
      ? {
          Icon: Hourglass,
          tone: 'text-amber-300',
          title: t('orders.status.needs_review'),
          text: t('orders.payment.underReviewText'),
        }
      : order.status === 'refunded'
        ? {
            Icon: Undo2,
            tone: 'text-slate-200',
            title: t('orders.payment.refunded'),
            text: t('orders.payment.refundedText'),
          }
        : {
            Icon: Ban,
            tone: 'text-slate-200',
            title: t('orders.payment.cancelled'),
            text: t('orders.payment.cancelledText'),
          };
  return (
    <section className="space-y-5" aria-live="polite">
      <h2 className={`flex items-center gap-2 text-xl font-semibold ${outcome.tone}`}>
        <outcome.Icon aria-hidden="true" className="size-6" />
        {outcome.title}
      </h2>
      <p className="text-slate-300">{outcome.text}</p>
      <dl className="space-y-2 rounded-lg border border-slate-800 bg-slate-950/60 p-4">
        <Detail label={t('orders.payment.orderId')} value={order.id} />
        <Detail label={t('orders.payment.bookingId')} value={order.payment_id ?? t('common.noValue')} />
      </dl>
      <Link to="/Dashboard" className={buttonClass('secondary', 'w-full')}>
        {t('orders.confirmation.viewOrders')}
      </Link>
    </section>
  );
}

/** Step 2 (SPEC §2, §4): book and pay, wait for the confirmation live, or retry after a failure. */
export function PaymentStep({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const payment = useStartPayment();
  const [retrying, setRetrying] = useState(false);
  const waiting = order.status === 'pending_payment' && order.pay_url !== null;
  // A failed order keeps listening too: money that arrives late still confirms it; so does a
  // payment under review, which the owner may mark paid.
  const { timedOut } = useLiveOrder(order.id, waiting || order.status === 'failed' || order.status === 'needs_review');
  const errorMessage = usePaymentError(payment.error);

  if (order.status === 'needs_review' || order.status === 'refunded' || order.status === 'cancelled')
    return <OrderOutcome order={order} />;

  const book = () => {
    const tab = openPaymentTab();
    payment.mutate(order.id, {
      onSuccess: (started) => {
        setRetrying(false);
        tab.go(started.pay_url);
      },
      onError: () => tab.cancel(),
    });
  };

  if (order.status === 'failed' && !retrying) {
    return (
      <section className="space-y-4">
        <h2 className="flex items-center gap-2 text-xl font-semibold text-red-300">
          <AlertTriangle aria-hidden="true" className="size-6" />
          {t('orders.payment.failed')}
        </h2>
        <p className="text-slate-300">{t('orders.payment.failedText')}</p>
        <button
          type="button"
          className={buttonClass('primary', 'w-full')}
          onClick={() => {
            payment.reset();
            setRetrying(true);
          }}
        >
          {t('orders.payment.retry')}
        </button>
      </section>
    );
  }

  if (waiting) {
    return (
      <section className="space-y-5" aria-live="polite">
        <h2 className="flex items-center gap-2 text-xl font-semibold text-white">
          <Loader2 aria-hidden="true" className="size-6 animate-spin text-emerald-400" />
          {t('orders.payment.inProgress')}
        </h2>
        <dl className="space-y-2 rounded-lg border border-slate-800 bg-slate-950/60 p-4">
          <Detail label={t('orders.payment.orderId')} value={order.id} />
          <Detail label={t('orders.payment.bookingId')} value={order.payment_id ?? t('common.noValue')} />
        </dl>
        <a
          href={order.pay_url!}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('secondary', 'w-full')}
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          {t('orders.payment.reopen')}
        </a>
        {timedOut ? (
          <Alert tone="warning">{t('orders.payment.timeout')}</Alert>
        ) : (
          <p className="text-center text-sm text-slate-300">{t('orders.payment.waiting')}</p>
        )}
      </section>
    );
  }

  return (
    <section className="space-y-5">
      <h2 className="flex items-center gap-2 text-xl font-semibold text-white">
        <Wallet aria-hidden="true" className="size-6 text-emerald-400" />
        {t('orders.payment.title')}
      </h2>
      <div className="space-y-2 rounded-lg border border-amber-800/60 bg-amber-950/30 p-4 text-sm text-amber-100">
        <p className="font-semibold">{t('orders.payment.noticeTitle')}</p>
        <p>{t('orders.payment.noticeName')}</p>
        <p>{t('orders.payment.noticeMethods')}</p>
      </div>
      {errorMessage && <Alert tone="error">{errorMessage}</Alert>}
      <button
        type="button"
        onClick={book}
        disabled={payment.isPending}
        className={buttonClass('primary', 'w-full text-base')}
      >
        {payment.isPending && <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
        {t('orders.payment.book', { price: formatUsd(order.price, i18n.language) })}
      </button>
    </section>
  );
}
