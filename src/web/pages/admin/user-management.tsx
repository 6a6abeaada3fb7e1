import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/ui/page-shell';

export default function UserManagementPage() {
  const { t } = useTranslation();
  return <PageShell title={t('admin.userManagement.title')} />;
}
