import { useId, useState } from 'react';
import { useTranslation } from '../../../../lib/use-translation';
import type { UserListItem, UserRole } from '../../../../../shared/schemas/users.js';
import { userRoleSchema } from '../../../../../shared/schemas/users.js';
import { ConfirmDialog } from '../../../../components/admin/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../../components/admin/data-table';
import { EmailAddress } from '../../../../components/ui/email-address';
import { notifyFailure, notifySuccess } from '../../../../components/admin/toasts';
import { ApiError } from '../../../../lib/api-client';
import { formatDateTime } from '../../../../lib/format-date';
import { useUsers } from '../../api/admin/get-users';
import { useUpdateUserRole } from '../../api/admin/update-user-role';

/**
 * Accounts with their role (SPEC §2, User management), on the back office's table. A role change
 * asks first (it gives or takes away the whole back office), and the only administrator's role
 * cannot change: the note says so, and the server refuses it too (409 last_administrator).
 */
export function UsersTable({ currentUserId }: { currentUserId: string }) {
  const { t, i18n } = useTranslation();
  const users = useUsers();
  const updateRole = useUpdateUserRole();
  const [asked, setAsked] = useState<{ user: UserListItem; role: UserRole } | null>(null);
  const adminCount = users.data?.filter((user) => user.role === 'admin').length ?? 0;
  const nameOf = (user: UserListItem) => user.full_name || user.email;

  function changeRole({ user, role }: { user: UserListItem; role: UserRole }) {
    return updateRole.mutateAsync({ id: user.id, role }).then(
      (changed) =>
        notifySuccess(
          t('admin.userManagement.roleChanged', {
            name: nameOf(changed),
            role: t(`admin.userManagement.roles.${changed.role}`),
          }),
        ),
      (error: unknown) => {
        const lastAdmin = error instanceof ApiError && error.code === 'last_administrator';
        notifyFailure(t(lastAdmin ? 'admin.userManagement.lastAdminNote' : 'admin.userManagement.updateFailed'));
        throw error;
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
      cell: (user) => <EmailAddress address={user.email} />,
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
          isLastAdmin={user.role === 'admin' && adminCount === 1}
          // While a change is asked or on its way, show the role asked for rather than the old one.
          pendingRole={
            asked?.user.id === user.id
              ? asked.role
              : updateRole.isPending && updateRole.variables.id === user.id
                ? updateRole.variables.role
                : null
          }
          onChange={(role) => setAsked({ user, role })}
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
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => !open && setAsked(null)}
        tone={asked?.role === 'admin' ? 'primary' : 'danger'}
        title={t('admin.userManagement.confirmTitle')}
        message={
          asked
            ? t(asked.role === 'admin' ? 'admin.userManagement.confirmPromote' : 'admin.userManagement.confirmDemote', {
                name: nameOf(asked.user),
              })
            : ''
        }
        confirmLabel={
          asked ? t('admin.userManagement.confirmLabel', { role: t(`admin.userManagement.roles.${asked.role}`) }) : ''
        }
        onConfirm={() => changeRole(asked!)}
      />
    </>
  );
}

type RoleSelectProps = {
  user: UserListItem;
  isSelf: boolean;
  isLastAdmin: boolean;
  pendingRole: UserRole | null;
  onChange: (role: UserRole) => void;
};

function RoleSelect({ user, isSelf, isLastAdmin, pendingRole, onChange }: RoleSelectProps) {
  const { t } = useTranslation();
  const noteId = useId();
  const notes = [
    ...(isSelf ? [t('admin.userManagement.ownRoleNote')] : []),
    ...(isLastAdmin ? [t('admin.userManagement.lastAdminNote')] : []),
  ];
  return (
    <span className="flex flex-col items-start gap-1">
      <select
        aria-label={t('admin.userManagement.roleOf', { name: user.full_name || user.email })}
        aria-describedby={notes.length > 0 ? noteId : undefined}
        value={pendingRole ?? user.role}
        disabled={isSelf || isLastAdmin || pendingRole !== null}
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
      {notes.length > 0 && (
        <span id={noteId} className="flex flex-col text-xs text-slate-400">
          {notes.map((note) => (
            <span key={note}>{note}</span>
          ))}
        </span>
      )}
    </span>
  );
}
