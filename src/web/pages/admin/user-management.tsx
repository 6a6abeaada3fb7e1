import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../components/admin/admin-page';
import { UsersTable } from '../../features/users/components/admin/users-table';

export default function UserManagementPage() {
  const { t } = useTranslation();
  return <AdminPage title={t('admin.userManagement.title')}>{(admin) => <UsersTable currentUserId={admin.id} />}</AdminPage>;
}
