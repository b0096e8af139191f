/**
 * /app/admin/* (superadmins only; the shell shows the menu entries only to them and the server
 * answers 403 to everyone else): staff, calendars, statuses, audit; the outbox also for admins.
 */
import { Alert, Box } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { isAdmin } from '../../../domain/auth';
import { useCurrentUser } from '../../app/current-user';
import { PageLoader } from '../../app/loaders';
import { useMutedScope } from '../../ui/muted';
import { RetentionPage } from '../privacy';

const StaffPage = lazy(() => import('./staff-page'));
const CalendarsAdminPage = lazy(() => import('./calendars-admin-page'));
const StatusesPage = lazy(() => import('./statuses-page'));
const AuditPage = lazy(() => import('./audit-page'));
const OutboxPage = lazy(() => import('./outbox-page'));

export default function AdminPage() {
  const user = useCurrentUser();
  const mutedScope = useMutedScope();
  // The admin role sees the outbox page only; the rest is for superadmins.
  if (!user.superadmin && isAdmin(user))
    return (
      <Box style={mutedScope}>
        <Suspense fallback={<PageLoader />}>
          <Routes>
            <Route path="outbox" element={<OutboxPage />} />
            <Route path="*" element={<Navigate to="/app/admin/outbox" replace />} />
          </Routes>
        </Suspense>
      </Box>
    );
  if (!user.superadmin)
    return (
      <Alert color="red" title="Acces interzis" m="md">
        Doar un superadministrator poate folosi secțiunea de administrare.
      </Alert>
    );
  return (
    <Box style={mutedScope}>
      <Suspense fallback={<PageLoader />}>
        <Routes>
          <Route index element={<Navigate to="staff" replace />} />
          <Route path="staff" element={<StaffPage />} />
          <Route path="calendars" element={<CalendarsAdminPage />} />
          <Route path="statuses" element={<StatusesPage />} />
          <Route path="audit" element={<AuditPage />} />
          <Route path="privacy" element={<RetentionPage />} />
          <Route path="outbox" element={<OutboxPage />} />
          <Route path="*" element={<Navigate to="/error" replace />} />
        </Routes>
      </Suspense>
    </Box>
  );
}
