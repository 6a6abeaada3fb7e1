import { useTranslation } from '../../lib/use-translation';
import { AdminPage } from '../../components/admin/admin-page';
import { RequireAdmin } from '../../features/auth/components/require-admin';
import { ActivityLog } from '../../features/audit/components/admin/activity-log';

export default function ActivityPage() {
  const { t } = useTranslation();
  return (
    <RequireAdmin>
      <AdminPage title={t('backOffice.activity.title')}>
        <ActivityLog />
      </AdminPage>
    </RequireAdmin>
  );
}
