import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from '../lib/use-translation';
import { LoadingRegion } from '../components/ui/loading-region';
import { PageShell } from '../components/ui/page-shell';
import { SignInRequired } from '../features/auth/components/sign-in-required';
import { useCurrentUser } from '../features/auth/use-current-user';
import { useLicensedOrders } from '../features/licences/api/get-licensed-orders';
import { MyOrders } from '../features/orders/components/my-orders';

// The administrator's view brings the admin kit (tables, dialogs, toasts): clients never load it.
const AdminDashboardPage = lazy(() => import('../features/orders/components/admin/admin-dashboard-page'));

/** My Orders for clients, the administrator dashboard for administrators (SPEC §2). */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <LoadingRegion />;
  if (user === null)
    return <SignInRequired title={t('pages.dashboard.accessDenied')} prompt={t('pages.dashboard.signInPrompt')} />;
  if (user.isAdmin) {
    return (
      <Suspense fallback={<LoadingRegion />}>
        <AdminDashboardPage />
      </Suspense>
    );
  }
  return (
    <PageShell title={t('pages.dashboard.clientTitle')}>
      <ClientOrders />
    </PageShell>
  );
}

/** My Orders with a "Licence" action on the orders that have one (issue 18 §2). */
function ClientOrders() {
  const licences = useLicensedOrders();
  // Until the licences arrive (or if they fail), the orders show without the action.
  const licensed = useMemo(() => new Set(licences.data?.map((licence) => licence.order_id)), [licences.data]);
  return <MyOrders licensedOrderIds={licensed} />;
}
