import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/ui/page-shell';

export default function UpdateManagementPage() {
  const { t } = useTranslation();
  return <PageShell title={t('admin.updateManagement.title')} />;
}
