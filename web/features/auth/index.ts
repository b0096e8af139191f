/**
 * What other parts may use of identity: the signed-in account (the shell's guard), sign-out, and
 * the account page's session, password and two-factor calls.
 */
export {
  type CurrentUser,
  signOut,
  useAuthSession,
  useChangePassword,
  useCurrentUserQuery,
  useTwoFactor,
} from './api';
