import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingRegion } from '../components/ui/loading-region';
import { buttonClass } from '../components/ui/button-classes';
import { PageShell } from '../components/ui/page-shell';
import { useAuthModal } from '../features/auth/auth-modal';
import { useCurrentUser } from '../features/auth/use-current-user';
import { MyOrders } from '../features/orders/components/my-orders';

// The administrator's view brings the admin kit (tables, dialogs, toasts): clients never load it.
const AdminDashboardPage = lazy(() => import('../features/admin-orders/components/admin-dashboard-page'));

/** My Orders for clients, the administrator dashboard for administrators (SPEC §2). */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { user, isLoading } = useCurrentUser();
  const authModal = useAuthModal();
  if (isLoading) return <LoadingRegion />;
  if (user === null) {
    return (
      <PageShell title={t('pages.dashboard.accessDenied')}>
        <p className="mt-4 text-slate-300">{t('pages.dashboard.signInPrompt')}</p>
        <button type="button" onClick={() => authModal.open('signin')} className={buttonClass('primary', 'mt-6')}>
          {t('auth.signIn')}
        </button>
      </PageShell>
    );
  }
  if (user.isAdmin) {
    return (
      <Suspense fallback={<LoadingRegion />}>
        <AdminDashboardPage />
      </Suspense>
    );
  }
  return (
    <PageShell title={t('pages.dashboard.clientTitle')}>
      <MyOrders />
    </PageShell>
  );
}
