import { useTranslation } from '../../lib/use-translation';
import { AdminPage } from '../../components/admin/admin-page';
import { RequireAdmin } from '../../features/auth/components/require-admin';
import { ContentPageManagement } from '../../features/pages/components/admin/content-page-management';

export default function CopyTradeManagementPage() {
  const { t } = useTranslation();
  return (
    <RequireAdmin>
      <AdminPage title={t('admin.copyTradeManagement.title')}>
        <ContentPageManagement slug="copy_trade" />
      </AdminPage>
    </RequireAdmin>
  );
}
