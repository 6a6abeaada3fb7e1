import type { ReactNode } from 'react';
import type { CurrentUser } from '../../../shared/schemas/users.js';
import { RequireAdmin } from '../../features/auth/components/require-admin';
import { PageShell } from '../ui/page-shell';
import { AdminToaster } from './toasts';

type AdminPageProps = {
  title: string;
  /** A function receives the signed-in administrator, for pages that need to know who they are. */
  children: ReactNode | ((admin: CurrentUser) => ReactNode);
};

/** Every back-office page: administrators only (SPEC §6), the page frame, and the toasts. */
export function AdminPage({ title, children }: AdminPageProps) {
  return (
    <RequireAdmin>
      {(admin) => (
        <PageShell title={title}>
          {typeof children === 'function' ? children(admin) : children}
          <AdminToaster />
        </PageShell>
      )}
    </RequireAdmin>
  );
}
