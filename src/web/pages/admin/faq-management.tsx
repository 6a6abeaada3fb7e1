import { useTranslation } from '../../lib/use-translation';
import { AdminPage } from '../../components/admin/admin-page';
import { RequireAdmin } from '../../features/auth/components/require-admin';
import { FaqManagement } from '../../features/faqs/components/admin/faq-management';

export default function FaqManagementPage() {
  const { t } = useTranslation();
  return (
    <RequireAdmin>
      <AdminPage title={t('admin.faqManagement.title')}>
        <FaqManagement />
      </AdminPage>
    </RequireAdmin>
  );
}
