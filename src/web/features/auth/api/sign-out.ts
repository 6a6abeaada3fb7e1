import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from '../../../lib/router';
import { apiPost } from '../../../lib/api-client';
import { getCurrentUserQueryOptions } from './get-current-user';

export function signOut(): Promise<unknown> {
  return apiPost('/api/auth/sign-out', {});
}

/**
 * Signs out, then goes to Home (SPEC §2). Whatever the server answered, the user is reloaded and
 * every other query marked stale: data fetched for the previous user must not be shown again.
 * A plain callback rather than useMutation, which would add its weight to the entry chunk.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isSigningOut, setSigningOut] = useState(false);

  const run = useCallback(async () => {
    setSigningOut(true);
    try {
      await signOut();
      queryClient.setQueryData(getCurrentUserQueryOptions().queryKey, null);
    } catch {
      // The session may still be there; the reload below shows whichever is true.
    } finally {
      setSigningOut(false);
    }
    void navigate('/');
    await queryClient.invalidateQueries();
  }, [navigate, queryClient]);

  return { signOut: run, isSigningOut };
}
