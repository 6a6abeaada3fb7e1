import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserListItem, UserRole } from '../../../../../shared/schemas/users.js';
import { userRoleSchema } from '../../../../../shared/schemas/users.js';
import { DataTable, type DataTableColumn } from '../../../../components/admin/data-table';
import { notifyFailure, notifySuccess } from '../../../../components/admin/toasts';
import { formatDateTime } from '../../../../lib/format-date';
import { useUsers } from '../../api/admin/get-users';
import { useUpdateUserRole } from '../../api/admin/update-user-role';

/** Accounts with their role (SPEC §2, User management), on the back office's table. */
export function UsersTable({ currentUserId }: { currentUserId: string }) {
  const { t, i18n } = useTranslation();
  const users = useUsers();
  const updateRole = useUpdateUserRole();

  function changeRole(user: UserListItem, role: UserRole) {
    updateRole.mutate(
      { id: user.id, role },
      {
        onSuccess: (changed) =>
          notifySuccess(
            t('admin.userManagement.roleChanged', {
              name: changed.full_name || changed.email,
              role: t(`admin.userManagement.roles.${changed.role}`),
            }),
          ),
        onError: (error) => notifyFailure(t('admin.userManagement.updateFailed'), error),
      },
    );
  }

  const columns: DataTableColumn<UserListItem>[] = [
    {
      id: 'name',
      header: t('admin.userManagement.columns.name'),
      value: (user) => user.full_name ?? '',
      cell: (user) => user.full_name || t('common.noValue'),
      className: 'font-medium text-white',
    },
    {
      id: 'email',
      header: t('admin.userManagement.columns.email'),
      value: (user) => user.email,
      cell: (user) => user.email,
      className: 'break-all',
    },
    {
      id: 'registered',
      header: t('admin.userManagement.columns.registered'),
      value: (user) => user.created_date,
      cell: (user) => formatDateTime(user.created_date, i18n.language) ?? t('common.noValue'),
      className: 'whitespace-nowrap',
    },
    {
      id: 'role',
      header: t('admin.userManagement.columns.role'),
      value: (user) => user.role,
      cell: (user) => (
        <RoleSelect
          user={user}
          isSelf={user.id === currentUserId}
          // While the change is on its way, show the role asked for rather than the old one.
          pendingRole={updateRole.isPending && updateRole.variables.id === user.id ? updateRole.variables.role : null}
          onChange={(role) => changeRole(user, role)}
        />
      ),
    },
  ];
  const hasOthers = users.data?.some((user) => user.id !== currentUserId) ?? false;
  return (
    <>
      <DataTable
        label={t('admin.userManagement.title')}
        rows={users.data}
        columns={columns}
        getRowId={(user) => user.id}
        query={users}
        emptyMessage={t('admin.userManagement.empty')}
        searchable
      />
      {users.isSuccess && !hasOthers && (
        <p className="mt-4 rounded-xl border border-dashed border-slate-700 p-6 text-center text-slate-400">
          {t('admin.userManagement.empty')}
        </p>
      )}
    </>
  );
}

type RoleSelectProps = {
  user: UserListItem;
  isSelf: boolean;
  pendingRole: UserRole | null;
  onChange: (role: UserRole) => void;
};

function RoleSelect({ user, isSelf, pendingRole, onChange }: RoleSelectProps) {
  const { t } = useTranslation();
  const noteId = useId();
  return (
    <>
      <select
        aria-label={t('admin.userManagement.roleOf', { name: user.full_name || user.email })}
        aria-describedby={isSelf ? noteId : undefined}
        value={pendingRole ?? user.role}
        disabled={isSelf || pendingRole !== null}
        onChange={(event) => {
          const role = userRoleSchema.safeParse(event.target.value);
          if (role.success) onChange(role.data);
        }}
        className="h-10 rounded-lg border border-slate-700 bg-slate-950 px-3 text-slate-100 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {userRoleSchema.options.map((role) => (
          <option key={role} value={role}>
            {t(`admin.userManagement.roles.${role}`)}
          </option>
        ))}
      </select>
      {isSelf && (
        <p id={noteId} className="mt-1 text-xs text-slate-400">
          {t('admin.userManagement.ownRoleNote')}
        </p>
      )}
    </>
  );
}
