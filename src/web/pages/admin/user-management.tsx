import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { buttonClass } from '../../components/ui/button-classes';
import { PageShell } from '../../components/ui/page-shell';
import { RequireAdmin } from '../../features/auth/components/require-admin';
import { useUsers } from '../../features/users/api/get-users';
import { UsersTable } from '../../features/users/components/users-table';

function UserManagement({ currentUserId }: { currentUserId: string }) {
  const { t } = useTranslation();
  const users = useUsers();

  if (users.isPending) {
    return (
      <p role="status" className="mt-6 text-slate-400">
        {t('admin.userManagement.loading')}
      </p>
    );
  }
  if (users.isError) {
    return (
      <Alert tone="error" className="mt-6">
        {t('admin.userManagement.loadError')}
        <button type="button" onClick={() => void users.refetch()} className={buttonClass('secondary', 'mt-3 flex')}>
          {t('common.retry')}
        </button>
      </Alert>
    );
  }
  const hasOthers = users.data.some((user) => user.id !== currentUserId);
  return (
    <div className="mt-6 flex flex-col gap-4">
      <UsersTable users={users.data} currentUserId={currentUserId} />
      {!hasOthers && <p className="rounded-xl border border-dashed border-slate-700 p-6 text-center text-slate-400">{t('admin.userManagement.empty')}</p>}
    </div>
  );
}

export default function UserManagementPage() {
  const { t } = useTranslation();
  return (
    <RequireAdmin>
      {(admin) => (
        <PageShell title={t('admin.userManagement.title')}>
          <UserManagement currentUserId={admin.id} />
        </PageShell>
      )}
    </RequireAdmin>
  );
}
