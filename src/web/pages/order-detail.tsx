import { useTranslation } from '../lib/use-translation';
import { shortOrderNumber } from '../../shared/order-number.js';
import { pagePath } from '../../shared/pages.js';
import { BackLink } from '../components/ui/back-link';
import { LoadingRegion } from '../components/ui/loading-region';
import { PageShell } from '../components/ui/page-shell';
import { SignInRequired } from '../features/auth/components/sign-in-required';
import { useCurrentUser } from '../features/auth/use-current-user';
import { LicenceSummary } from '../features/licences/components/licence-summary';
import { OrderDetail } from '../features/orders/components/order-detail';
import { useSearchParams } from '../lib/router';

/**
 * `/OrderDetail?orderId=…`: one of the signed-in client's orders in full, reached from My Orders
 * (issue 19 §5), with its licence's summary when it has one. The server answers only the order's
 * own client (another's order is "not found", as an unknown one).
 */
export default function OrderDetailPage() {
  const { t } = useTranslation();
  const { user, isLoading } = useCurrentUser();
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get('orderId')?.trim() ?? '';
  if (isLoading) return <LoadingRegion />;
  const title =
    orderId === '' ? t('documentTitles.OrderDetail') : t('orderDetail.title', { number: shortOrderNumber(orderId) });
  if (user === null) return <SignInRequired title={title} prompt={t('orderDetail.signInPrompt')} />;
  return (
    <PageShell title={title}>
      <BackLink to={pagePath('Dashboard')} className="mt-3">
        {t('orderDetail.back')}
      </BackLink>
      {orderId === '' ? (
        <p className="mt-6 text-slate-300">{t('orderDetail.missingOrder')}</p>
      ) : (
        <OrderDetail key={orderId} orderId={orderId} licence={<LicenceSummary orderId={orderId} />} />
      )}
    </PageShell>
  );
}
