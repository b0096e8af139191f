import { ApiError, api } from '../../lib/api';

export const AUTH_MESSAGES = {
  throttled: 'Prea multe incercari de autentificare. Va rugam asteptati un minut si incercati din nou.',
  resetRequested:
    'Daca exista un cont cu aceasta adresa, veti primi in cateva minute un e-mail cu instructiunile pentru resetarea parolei.',
  resetThrottled: 'Prea multe cereri. Va rugam asteptati un minut si incercati din nou.',
  resetInvalidLink: 'Legatura de resetare este invalida sau a expirat. Cereti una noua.',
  resetDone: 'Parola a fost schimbata. Va puteti autentifica cu parola noua.',
} as const;

export function signIn(email: string, password: string) {
  return api.post<{ redirect?: boolean; token?: string; twoFactorRedirect?: boolean }>(
    '/auth/sign-in/email',
    {
      email,
      password,
    },
  );
}

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

export const TWO_FACTOR_MESSAGES = {
  wrongCode: 'Cod incorect sau expirat. Incercati din nou.',
  codeRequired: 'Va rugam introduceti codul.',
} as const;

/** Second step of a sign-in for an account with two-factor authentication. */
export function verifySecondFactor(code: string, kind: 'totp' | 'backup') {
  return kind === 'totp'
    ? api.post('/auth/two-factor/verify-totp', { code })
    : api.post('/auth/two-factor/verify-backup-code', { code });
}
