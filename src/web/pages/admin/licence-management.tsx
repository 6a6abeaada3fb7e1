import { useTranslation } from '../../lib/use-translation';
import { AdminPage } from '../../components/admin/admin-page';
import { RequireAdmin } from '../../features/auth/components/require-admin';
import { LicenceManagement } from '../../features/licences/components/admin/licence-management';

export default function LicenceManagementPage() {
  const { t } = useTranslation();
  return (
    <RequireAdmin>
      <AdminPage title={t('adminLicences.title')}>
        <LicenceManagement />
      </AdminPage>
    </RequireAdmin>
  );
}
