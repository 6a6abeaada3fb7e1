import { useTranslation } from '../../lib/use-translation';
import { AdminPage } from '../../components/admin/admin-page';
import { RequireAdmin } from '../../features/auth/components/require-admin';
import { CampaignsPanel } from '../../features/newsletter/components/admin/campaigns-panel';
import { DoubleOptInToggle } from '../../features/newsletter/components/admin/double-opt-in-toggle';
import { SubscribersPanel } from '../../features/newsletter/components/admin/subscribers-panel';

export default function NewsletterManagementPage() {
  const { t } = useTranslation();
  return (
    <RequireAdmin>
      <AdminPage title={t('admin.newsletterManagement.title')}>
        <DoubleOptInToggle />
        <div className="mt-8">
          <SubscribersPanel />
        </div>
        <CampaignsPanel />
      </AdminPage>
    </RequireAdmin>
  );
}
