import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserListItem, UserRole } from '../../../../shared/schemas/users.js';
import { Alert } from '../../../components/ui/alert';
import { formatDateTime } from '../../../lib/format-date';
import { useUpdateUserRole } from '../api/update-user-role';

const ROLES: readonly UserRole[] = ['client', 'admin'];

function isRole(value: string): value is UserRole {
  return (ROLES as readonly string[]).includes(value);
}

type UsersTableProps = {
  users: readonly UserListItem[];
  /** The administrator looking at the list, whose own role cannot be changed here. */
  currentUserId: string;
};

/** Accounts with their role (SPEC §2, User management). */
export function UsersTable({ users, currentUserId }: UsersTableProps) {
  const { t } = useTranslation();
  const updateRole = useUpdateUserRole();
  const changed = updateRole.isSuccess ? updateRole.data : null;

  return (
    <div className="flex flex-col gap-4">
      {updateRole.isError && <Alert tone="error">{t('admin.userManagement.updateFailed')}</Alert>}
      {changed && (
        <Alert tone="success">
          {t('admin.userManagement.roleChanged', {
            name: changed.full_name || changed.email,
            role: t(`admin.userManagement.roles.${changed.role}`),
          })}
        </Alert>
      )}
      <div className="overflow-x-auto rounded-xl border border-slate-800">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <thead className="bg-slate-900 text-xs tracking-wide text-slate-400 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                {t('admin.userManagement.columns.name')}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                {t('admin.userManagement.columns.email')}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                {t('admin.userManagement.columns.registered')}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                {t('admin.userManagement.columns.role')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-800">
            {users.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                isSelf={user.id === currentUserId}
                // While the change is on its way, show the role asked for rather than the old one.
                pendingRole={updateRole.isPending && updateRole.variables.id === user.id ? updateRole.variables.role : null}
                onRoleChange={(role) => updateRole.mutate({ id: user.id, role })}
              />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

type UserRowProps = {
  user: UserListItem;
  isSelf: boolean;
  pendingRole: UserRole | null;
  onRoleChange: (role: UserRole) => void;
};

function UserRow({ user, isSelf, pendingRole, onRoleChange }: UserRowProps) {
  const { t, i18n } = useTranslation();
  const noteId = useId();
  const name = user.full_name || user.email;
  return (
    <tr className="align-top">
      <td className="px-4 py-3 font-medium text-white">{user.full_name || t('common.noValue')}</td>
      <td className="px-4 py-3 break-all text-slate-300">{user.email}</td>
      <td className="px-4 py-3 whitespace-nowrap text-slate-300">{formatDateTime(user.created_date, i18n.language) ?? t('common.noValue')}</td>
      <td className="px-4 py-3">
        <select
          aria-label={t('admin.userManagement.roleOf', { name })}
          aria-describedby={isSelf ? noteId : undefined}
          value={pendingRole ?? user.role}
          disabled={isSelf || pendingRole !== null}
          onChange={(event) => {
            if (isRole(event.target.value)) onRoleChange(event.target.value);
          }}
          className="h-10 rounded-lg border border-slate-700 bg-slate-950 px-3 text-slate-100 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {ROLES.map((role) => (
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
      </td>
    </tr>
  );
}
