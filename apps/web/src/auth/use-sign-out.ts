import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { pathFromKey } from '../errors/handle-error.ts';
import { trpc } from '../trpc/trpc.ts';

// Reads that belong to the app, not to the user, survive a sign-out.
const keptAcrossUsers = new Set(['auth.me', 'system.info']);

/**
 * Signs out, then forgets everything the previous user loaded and goes to the landing page.
 * Failures reach the shared error handler through the mutation cache.
 */
export function useSignOut(): { signOut: () => void; pending: boolean } {
  const forgetUser = useForgetSignedInUser();
  const mutation = trpc.auth.signOut.useMutation({ onSuccess: forgetUser });
  return { signOut: () => mutation.mutate(), pending: mutation.isPending };
}

/** What follows the end of a session (a sign-out, a deleted account): forget the user, go to the landing page. */
export function useForgetSignedInUser(): () => void {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  return () => {
    // Switch the shell to signed out first, so no signed-in screen refetches with a dead session.
    utils.auth.me.setData(undefined, null);
    navigate('/', { replace: true });
    queryClient.removeQueries({ predicate: (query) => !keptAcrossUsers.has(pathFromKey(query.queryKey) ?? '') });
    queryClient.getMutationCache().clear();
  };
}
