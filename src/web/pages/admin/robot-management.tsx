import { useTranslation } from '../../lib/use-translation';
import { AdminPage } from '../../components/admin/admin-page';
import { RequireAdmin } from '../../features/auth/components/require-admin';
import { RobotManagement } from '../../features/catalogue/components/admin/robot-management';

export default function RobotManagementPage() {
  const { t } = useTranslation();
  return (
    <RequireAdmin>
      <AdminPage title={t('admin.robotManagement.title')}>
        <RobotManagement />
      </AdminPage>
    </RequireAdmin>
  );
}
