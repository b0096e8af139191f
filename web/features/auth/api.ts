/**
 * The identity door: the signed-in account (`/user/user-details`) and better-auth's calls under
 * `/auth` (sign in and out, password reset and change, two-factor). Each resource: a fetcher, its
 * queryOptions (one key of `authKeys`) and the hook; other features use what index.ts exports.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionUser, UserDetailsReply } from '../../../domain/auth';
import { ApiError, api } from '../../lib/api';
import { CURRENT_USER_KEY } from '../../lib/query-client';

export const AUTH_MESSAGES = {
  throttled: 'Prea multe încercări de autentificare. Vă rugăm așteptați un minut și încercați din nou.',
  resetRequested:
    'Dacă există un cont cu această adresă, veți primi în câteva minute un e-mail cu instrucțiunile pentru resetarea parolei.',
  resetThrottled: 'Prea multe cereri. Vă rugăm așteptați un minut și încercați din nou.',
  resetInvalidLink: 'Legătura de resetare este invalidă sau a expirat. Cereți una nouă.',
  resetDone: 'Parola a fost schimbată. Vă puteți autentifica cu parola nouă.',
} as const;

export const TWO_FACTOR_MESSAGES = {
  wrongCode: 'Cod incorect sau expirat. Încercați din nou.',
  codeRequired: 'Vă rugăm introduceți codul.',
} as const;

export const authKeys = {
  /** Kept in web/lib/query-client.ts: a 401 anywhere reloads it. */
  currentUser: CURRENT_USER_KEY,
  session: ['auth', 'session'] as const,
};

// ------------------------------------------------------------------ the signed-in account

export type CurrentUser = SessionUser & { twoFactorRequired?: boolean };

export async function getCurrentUser(): Promise<CurrentUser> {
  const { status: _s, ...user } = await api.get<UserDetailsReply>('/user/user-details');
  return user;
}
export const currentUserQuery = () =>
  queryOptions({
    queryKey: authKeys.currentUser,
    queryFn: getCurrentUser,
    // "Signed out" is an answer, not a glitch to retry.
    retry: (count, err) => !(err instanceof ApiError && err.status < 500 && err.status > 0) && count < 1,
    staleTime: 5 * 60_000,
  });
export const useCurrentUserQuery = () => useQuery(currentUserQuery());

/** better-auth's own session answer: it carries twoFactorEnabled, which /user/user-details does not. */
type AuthSession = {
  user: { id: string; email: string; name: string; twoFactorEnabled?: boolean | null };
} | null;
export const getAuthSession = () => api.get<AuthSession>('/auth/get-session');
export const authSessionQuery = () => queryOptions({ queryKey: authKeys.session, queryFn: getAuthSession });
export const useAuthSession = () => useQuery(authSessionQuery());

// ------------------------------------------------------------------ signing in and out

export function signIn(email: string, password: string) {
  return api.post<{ redirect?: boolean; token?: string; twoFactorRedirect?: boolean }>(
    '/auth/sign-in/email',
    {
      email,
      password,
    },
  );
}

export const signOut = () => api.post('/auth/sign-out', {});

/** The e-mailed link passes through the server, which sends the browser to this page with ?token=. */
export function requestPasswordReset(email: string) {
  return api.post('/auth/request-password-reset', { email, redirectTo: '/user/reset-password' });
}

export function resetPassword(token: string, newPassword: string) {
  return api.post('/auth/reset-password', { token, newPassword });
}

export function isInvalidToken(err: unknown): boolean {
  return err instanceof ApiError && (err.code === 'INVALID_TOKEN' || /invalid token/i.test(err.message));
}

// ------------------------------------------------------------------ two-factor

export const verifyTotp = (code: string) => api.post('/auth/two-factor/verify-totp', { code });
export const verifyBackupCode = (code: string) => api.post('/auth/two-factor/verify-backup-code', { code });

/** Second step of a sign-in for an account with two-factor authentication. */
export function verifySecondFactor(code: string, kind: 'totp' | 'backup') {
  return kind === 'totp' ? verifyTotp(code) : verifyBackupCode(code);
}

export const enableTwoFactor = (password: string) =>
  api.post<{ totpURI: string; backupCodes: string[] }>('/auth/two-factor/enable', { password });
export const disableTwoFactor = (password: string) => api.post('/auth/two-factor/disable', { password });

/** Set up (password), confirm (a code) and turn off two-factor sign-in, from the account page. */
export function useTwoFactor() {
  const qc = useQueryClient();
  // The account too: it says whether two-factor is still missing.
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: authKeys.session }),
      qc.invalidateQueries({ queryKey: authKeys.currentUser }),
    ]);
  return {
    enable: useMutation({ mutationFn: enableTwoFactor }),
    verify: useMutation({ mutationFn: verifyTotp, onSuccess: refresh }),
    disable: useMutation({ mutationFn: disableTwoFactor, onSuccess: refresh }),
  };
}

// ------------------------------------------------------------------ password

/** Change the password; the other sessions end (better-auth revokeOtherSessions). */
export const changePassword = (p: { currentPassword: string; newPassword: string }) =>
  api.post('/auth/change-password', { ...p, revokeOtherSessions: true });
export const useChangePassword = () => useMutation({ mutationFn: changePassword });
