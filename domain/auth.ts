// zod/mini: the login page is public and its first load is budgeted (DESIGN §7); the classic
// API would add about 20 KB gzip for these two fields.
import * as zm from 'zod/mini';

/** Login form rules and messages (SPEC §5), verbatim. */
export const LOGIN_MESSAGES = {
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Please enter your password',
  passwordShort: 'Value must be longer than 3 characters',
  errorTitle: 'Login Error',
  errorDefault: 'Utilizator sau parola incorecta',
  /** A sign-in refused before the password is checked (the address in use is not accepted). */
  refused:
    'Autentificarea a fost refuzată: serverul nu acceptă adresa de la care ați deschis aplicația. ' +
    'Deschideți aplicația la adresa ei obișnuită sau cereți administratorului să adauge această adresă.',
} as const;

export const loginSchema = zm.object({
  email: zm
    .string()
    .check(
      zm.trim(),
      zm.minLength(1, { message: LOGIN_MESSAGES.emailRequired, abort: true }),
      zm.email({ message: LOGIN_MESSAGES.emailInvalid, abort: true }),
    ),
  password: zm
    .string()
    .check(
      zm.minLength(1, { message: LOGIN_MESSAGES.passwordRequired, abort: true }),
      zm.minLength(4, LOGIN_MESSAGES.passwordShort),
    ),
});

/** Staff passwords (DESIGN §6): at least 12 characters and not a common password. */
export const STAFF_PASSWORD_MIN = 12;
export const PASSWORD_MESSAGES = {
  tooShort: `Parola trebuie să aibă cel puțin ${STAFF_PASSWORD_MIN} caractere.`,
  tooCommon: 'Parola este prea des folosită; alegeți alta.',
  mismatch: 'Parolele nu coincid.',
  currentRequired: 'Introduceți parola curentă.',
} as const;

/** My account, "Schimbare parolă": the current password, a new one twice. */
export const passwordChangeSchema = zm
  .object({
    currentPassword: zm.string().check(zm.minLength(1, PASSWORD_MESSAGES.currentRequired)),
    newPassword: zm.string().check(zm.minLength(STAFF_PASSWORD_MIN, PASSWORD_MESSAGES.tooShort)),
    repeat: zm.string(),
  })
  .check(
    zm.refine((v) => v.repeat === v.newPassword, { message: PASSWORD_MESSAGES.mismatch, path: ['repeat'] }),
  );
export type PasswordChange = zm.infer<typeof passwordChangeSchema>;

export const sessionUser = zm.object({
  id: zm.string(),
  email: zm.string(),
  firstName: zm.string(),
  lastName: zm.string(),
  role: zm.string(),
  superadmin: zm.boolean(),
  doctor: zm.boolean(),
  authorized: zm.boolean(),
});
export type SessionUser = zm.infer<typeof sessionUser>;

/** GET and POST /user/user-details: the signed-in account (zod/mini, like the rest of this module). */
export const userDetailsReply = zm.extend(sessionUser, {
  status: zm.literal(1),
  /** The clinic requires two-factor sign-in and this account has not set it up yet. */
  twoFactorRequired: zm.boolean(),
});
export type UserDetailsReply = zm.infer<typeof userDetailsReply>;

export const ROLES = ['doctor', 'admin', 'superadmin'] as const;

/** Administration of the outbox (and what admins may see): superadmins and the admin role. */
export const isAdmin = (u: Pick<SessionUser, 'superadmin' | 'role'>) =>
  u.superadmin || u.role === 'admin' || u.role === 'superadmin';
