import { useTranslation } from '../../lib/use-translation';
import { AdminPage } from '../../components/admin/admin-page';
import { RequireAdmin } from '../../features/auth/components/require-admin';
import { CategoryManagement } from '../../features/catalogue/components/admin/category-management';

export default function CategoryManagementPage() {
  const { t } = useTranslation();
  return (
    <RequireAdmin>
      <AdminPage title={t('admin.categoryManagement.title')}>
        <CategoryManagement />
      </AdminPage>
    </RequireAdmin>
  );
}
