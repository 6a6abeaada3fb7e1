import type { ReactNode } from 'react';
import { PageShell } from '../ui/page-shell';
import { AdminToaster } from './toasts';

/**
 * Every back-office page's frame and toasts. Who may see it (administrators only, SPEC §6) is
 * decided above it: the page wraps it in the auth feature's RequireAdmin, as shared components
 * import no feature.
 */
export function AdminPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageShell title={title}>
      {children}
      <AdminToaster />
    </PageShell>
  );
}
