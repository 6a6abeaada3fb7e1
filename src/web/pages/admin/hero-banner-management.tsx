import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../components/admin/admin-page';
import { BannerManagement } from '../../features/banners/components/admin/banner-management';

export default function BannerManagementPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('admin.heroBannerManagement.title')}>
      <BannerManagement />
    </AdminPage>
  );
}
