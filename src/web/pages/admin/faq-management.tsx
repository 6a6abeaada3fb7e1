import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../components/admin/admin-page';
import { FaqManagement } from '../../features/faqs/components/admin/faq-management';

export default function FaqManagementPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('admin.faqManagement.title')}>
      <FaqManagement />
    </AdminPage>
  );
}
