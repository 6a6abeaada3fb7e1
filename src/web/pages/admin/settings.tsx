import { useTranslation } from '../../lib/use-translation';
import { AdminPage } from '../../components/admin/admin-page';
import { RequireAdmin } from '../../features/auth/components/require-admin';
import { SettingsForm } from '../../features/settings/components/admin/settings-form';

export default function SettingsPage() {
  const { t } = useTranslation();
  return (
    <RequireAdmin>
      <AdminPage title={t('admin.settings.title')}>
        <SettingsForm />
      </AdminPage>
    </RequireAdmin>
  );
}
