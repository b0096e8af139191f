import { ApiError, api } from '../../lib/api';

export const AUTH_MESSAGES = {
  throttled: 'Prea multe încercări de autentificare. Vă rugăm așteptați un minut și încercați din nou.',
  resetRequested:
    'Dacă există un cont cu această adresă, veți primi în câteva minute un e-mail cu instrucțiunile pentru resetarea parolei.',
  resetThrottled: 'Prea multe cereri. Vă rugăm așteptați un minut și încercați din nou.',
  resetInvalidLink: 'Legătura de resetare este invalidă sau a expirat. Cereți una nouă.',
  resetDone: 'Parola a fost schimbată. Vă puteți autentifica cu parola nouă.',
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
  wrongCode: 'Cod incorect sau expirat. Încercați din nou.',
  codeRequired: 'Vă rugăm introduceți codul.',
} as const;

/** Second step of a sign-in for an account with two-factor authentication. */
export function verifySecondFactor(code: string, kind: 'totp' | 'backup') {
  return kind === 'totp'
    ? api.post('/auth/two-factor/verify-totp', { code })
    : api.post('/auth/two-factor/verify-backup-code', { code });
}
