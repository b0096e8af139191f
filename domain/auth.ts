import { z } from 'zod';

/** Login form rules and messages (SPEC §5), verbatim. */
export const LOGIN_MESSAGES = {
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Please enter your password',
  passwordShort: 'Value must be longer than 3 characters',
  errorTitle: 'Login Error',
  errorDefault: 'Utilizator sau parola incorecta',
} as const;

export const loginSchema = z.object({
  email: z.string().trim().min(1, LOGIN_MESSAGES.emailRequired).email(LOGIN_MESSAGES.emailInvalid),
  password: z.string().min(1, LOGIN_MESSAGES.passwordRequired).min(4, LOGIN_MESSAGES.passwordShort),
});

/** Staff passwords (DESIGN §6): at least 12 characters and not a common password. */
export const STAFF_PASSWORD_MIN = 12;
export const PASSWORD_MESSAGES = {
  tooShort: `Parola trebuie sa aiba cel putin ${STAFF_PASSWORD_MIN} caractere.`,
  tooCommon: 'Parola este prea des folosita; alegeti alta.',
  mismatch: 'Parolele nu coincid.',
} as const;

export type SessionUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  superadmin: boolean;
  doctor: boolean;
  authorized: boolean;
};

export const ROLES = ['doctor', 'admin', 'superadmin'] as const;
