import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from '../../../lib/use-translation';
import type { Order } from '../../../../shared/schemas/orders.js';
import { buttonClass } from '../../../components/ui/button-classes';
import { Link } from '../../../lib/router';
import { shortOrderNumber } from '../../../../shared/order-number.js';

/** Step 3 (SPEC §2): the booking is confirmed. */
export function ConfirmationStep({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <section className="space-y-5 text-center">
      <CheckCircle2 aria-hidden="true" className="mx-auto size-14 text-emerald-400" />
      <div>
        <h2 className="text-2xl font-bold text-white">{t('orders.confirmation.title')}</h2>
        <p className="mt-1 text-emerald-300">{t('orders.confirmation.subtitle')}</p>
      </div>
      <dl className="space-y-2 rounded-lg border border-slate-800 bg-slate-950/60 p-4 text-left">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-400">{t('orders.confirmation.orderNumber')}</dt>
          <dd className="font-mono text-white">#{shortOrderNumber(order.id)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-400">{t('orders.payment.bookingId')}</dt>
          <dd className="font-mono break-all text-white">{order.payment_id ?? t('common.noValue')}</dd>
        </div>
      </dl>
      <p className="text-sm text-slate-300">
        {t('orders.confirmation.telegramNote', { username: order.telegram_username })}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Link to="/Dashboard" className={buttonClass('primary')}>
          {t('orders.confirmation.viewOrders')}
        </Link>
        <Link to="/" className={buttonClass('secondary')}>
          {t('orders.confirmation.backToCatalog')}
        </Link>
      </div>
    </section>
  );
}
