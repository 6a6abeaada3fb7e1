import { useTranslation } from '../../lib/use-translation';
import { AdminPage } from '../../components/admin/admin-page';
import { RequireAdmin } from '../../features/auth/components/require-admin';
import { UsersTable } from '../../features/users/components/admin/users-table';

export default function UserManagementPage() {
  const { t } = useTranslation();
  return (
    <RequireAdmin>
      {(admin) => (
        <AdminPage title={t('admin.userManagement.title')}>
          <UsersTable currentUserId={admin.id} />
        </AdminPage>
      )}
    </RequireAdmin>
  );
}
