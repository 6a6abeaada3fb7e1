import { useTranslation } from '../lib/use-translation';
import { pagePath } from '../../shared/pages.js';
import { BackLink } from '../components/ui/back-link';
import { LoadingRegion } from '../components/ui/loading-region';
import { PageShell } from '../components/ui/page-shell';
import { SignInRequired } from '../features/auth/components/sign-in-required';
import { useCurrentUser } from '../features/auth/use-current-user';
import { OrderLicence } from '../features/licences/components/order-licence';
import { useOrder } from '../features/orders/api/get-order';
import { OrderVersions } from '../features/orders/components/order-versions';
import { useSearchParams } from '../lib/router';

/**
 * `/OrderLicence?orderId=…`: the licence of one of the signed-in client's orders, reached from My
 * Orders. The server answers only the order's own client (another order is "not found").
 */
export default function OrderLicencePage() {
  const { t } = useTranslation();
  const { user, isLoading } = useCurrentUser();
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get('orderId')?.trim() ?? '';
  if (isLoading) return <LoadingRegion />;
  if (user === null) return <SignInRequired title={t('licencePage.title')} prompt={t('licencePage.signInPrompt')} />;
  return (
    <PageShell title={t('licencePage.title')}>
      <BackLink to={pagePath('Dashboard')} className="mt-3">
        {t('licencePage.back')}
      </BackLink>
      {orderId === '' ? (
        <p className="mt-6 text-slate-300">{t('licencePage.missingOrder')}</p>
      ) : (
        <OrderLicence key={orderId} orderId={orderId} />
      )}
      {orderId !== '' && <LicensedVersions orderId={orderId} />}
    </PageShell>
  );
}

/**
 * The versions the order holds (issue 18 §2: the licence page shows them with their notes and
 * downloads), below the licence; nothing while the order loads or before its first delivery.
 */
function LicensedVersions({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const order = useOrder(orderId).data;
  if (!order || order.versions.length === 0) return null;
  return (
    <section aria-labelledby="licence-versions" className="mt-8">
      <h2 id="licence-versions" className="mb-3 text-xl font-semibold text-white">
        {t('licencePage.versions')}
      </h2>
      <OrderVersions order={order} />
    </section>
  );
}
