import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../features/auth';
import { clearDrafts } from '../lib/drafts';

/**
 * Sign out: end the session on the server, go to the login page, forget the account's data,
 * including the unsaved drafts kept in this browser (web/lib/drafts.ts).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await signOut();
    } catch {
      /* already signed out or server unreachable: leave the browser state clean anyway */
    }
    // Leave /app first (its guard would otherwise re-fetch the account), then forget every
    // answer that belonged to this account; the public institute details can stay.
    await navigate('/user/login', { replace: true });
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'institute' });
    clearDrafts();
  }, [queryClient, navigate]);
}
