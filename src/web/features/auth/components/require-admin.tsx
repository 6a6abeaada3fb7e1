import type { ReactNode } from 'react';
import { Navigate } from '../../../lib/router';
import type { CurrentUser } from '../../../../shared/schemas/users.js';
import { LoadingRegion } from '../../../components/ui/loading-region';
import { useCurrentUser } from '../use-current-user';

type RequireAdminProps = {
  /** A function receives the signed-in administrator, for pages that need to know who they are. */
  children: ReactNode | ((admin: CurrentUser) => ReactNode);
};

/**
 * Wraps an admin page: visitors, clients and a failed user lookup go to Home (SPEC §6). Only a
 * convenience: the server refuses every admin call with 403 anyway.
 */
export function RequireAdmin({ children }: RequireAdminProps) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <LoadingRegion />;
  if (!user?.isAdmin) return <Navigate to="/" replace />;
  return typeof children === 'function' ? children(user) : children;
}
