import { useTranslation } from '../../lib/use-translation';
import { AdminPage } from '../../components/admin/admin-page';
import { RequireAdmin } from '../../features/auth/components/require-admin';
import { BannerManagement } from '../../features/banners/components/admin/banner-management';

export default function BannerManagementPage() {
  const { t } = useTranslation();
  return (
    <RequireAdmin>
      <AdminPage title={t('admin.heroBannerManagement.title')}>
        <BannerManagement />
      </AdminPage>
    </RequireAdmin>
  );
}
