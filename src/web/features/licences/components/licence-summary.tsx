import { KeyRound } from 'lucide-react';
import { useTranslation } from '../../../lib/use-translation';
import { orderPagePath } from '../../../../shared/pages.js';
import { buttonClass } from '../../../components/ui/button-classes';
import { Link } from '../../../lib/router';
import { useLicensedOrders } from '../api/get-licensed-orders';
import { LicenceStatusFacts } from './order-licence';

/**
 * The licence of an order in short, for its detail page (issue 19 §5): status, expiry and the way
 * to the licence page, where the key and the accounts are. Nothing when the order has no licence
 * (or while the client's licences load).
 */
export function LicenceSummary({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const licence = useLicensedOrders().data?.find((item) => item.order_id === orderId);
  if (!licence) return null;
  return (
    <section aria-labelledby="order-licence-summary" className="rounded-xl border border-slate-800 p-4 sm:p-5">
      <h2 id="order-licence-summary" className="text-lg font-semibold text-white">
        {t('orderDetail.licence')}
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-4 text-sm">
        <LicenceStatusFacts licence={licence} />
      </dl>
      <Link to={orderPagePath('OrderLicence', orderId)} className={buttonClass('secondary', 'mt-4 h-9 text-xs')}>
        <KeyRound aria-hidden="true" className="size-4" />
        {t('licencePage.open')}
      </Link>
    </section>
  );
}
