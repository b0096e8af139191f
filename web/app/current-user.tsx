/**
 * The signed-in account for the back office. `RequireUser` guards /app: a loading indicator
 * while the account loads, the login page (with `next`) when there is none, the "awaiting
 * authorisation" page for an account not yet authorised. Pages call `useCurrentUser()`.
 */
import { createContext, type ReactNode, useContext } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { SessionUser } from '../../domain/auth';
import { useCurrentUserQuery } from '../features/auth';
import { AwaitingAuthorisation } from './awaiting-authorisation';
import { FullPageLoader } from './loaders';
import { loginPathFor } from './next-path';

const CurrentUserContext = createContext<SessionUser | null>(null);

/** The signed-in, authorised account. Only inside /app (under `RequireUser`). */
export function useCurrentUser(): SessionUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser() is only available inside the back office (/app)');
  return user;
}

export function displayName(u: Pick<SessionUser, 'firstName' | 'lastName' | 'email'>): string {
  return `${u.firstName} ${u.lastName}`.trim() || u.email;
}

export function RequireUser({ children }: { children: ReactNode }) {
  const query = useCurrentUserQuery();
  const location = useLocation();
  if (query.isPending) return <FullPageLoader label="Se încarcă contul..." />;
  // Any failure (signed out, expired, server down) goes to the login page; the stale account is
  // dropped there (see LoginPage) so the next visit loads it afresh.
  if (query.isError) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  if (!query.data.authorized) return <AwaitingAuthorisation user={query.data} />;
  // The clinic requires two-factor sign-in and this account has none yet: the server answers
  // only the account page, so that is where the user goes to set it up.
  if (query.data.twoFactorRequired && !location.pathname.startsWith('/app/my-account')) {
    return <Navigate to="/app/my-account?two-factor=required" replace />;
  }
  return <CurrentUserContext.Provider value={query.data}>{children}</CurrentUserContext.Provider>;
}
