import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/ui/page-shell';
import { RequireAdmin } from '../../features/auth/components/require-admin';

export default function CopyTradeManagementPage() {
  const { t } = useTranslation();
  return (
    <RequireAdmin>
      <PageShell title={t('admin.copyTradeManagement.title')} />
    </RequireAdmin>
  );
}
