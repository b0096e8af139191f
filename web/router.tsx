/**
 * The route map of SPEC §2. Every page is a lazy chunk (its file's default export), so the
 * public pages never download the back office; /app is guarded by `RequireUser` in the shell.
 */
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { RouteErrorBoundary } from './app/error-boundary';
import { FullPageLoader } from './app/loaders';
import { StaticFirstPaintDone } from './app/static-first-paint';

const LandingPage = lazy(() => import('./features/registration/landing-page'));
const RegisterPage = lazy(() => import('./features/registration/register-page'));
const SuccessPage = lazy(() => import('./features/registration/success-page'));
const SelfServicePage = lazy(() => import('./features/self-service/self-service-page'));
const LoginPage = lazy(() => import('./features/auth/login-page'));
const ForgotPasswordPage = lazy(() => import('./features/auth/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('./features/auth/reset-password-page'));

const ErrorPage = lazy(() => import('./app/error-page'));
const PublicNotFoundPage = lazy(() => import('./features/registration/not-found-page'));
const AppShellLayout = lazy(() => import('./app/shell'));
const DashboardPage = lazy(() => import('./features/dashboard/dashboard-page'));
const PatientListPage = lazy(() => import('./features/patients/patient-list-page'));
const PatientDetailPage = lazy(() => import('./features/patients/patient-detail-page'));
const AppointmentListPage = lazy(() => import('./features/appointments/appointment-list-page'));
const AppointmentDetailPage = lazy(() => import('./features/appointments/appointment-detail-page'));
const DocumentsPage = lazy(() => import('./features/documents/documents-page'));
const CalendarsPage = lazy(() => import('./features/calendars/calendars-page'));
const MyAccountPage = lazy(() => import('./features/my-account/my-account-page'));
const SearchPage = lazy(() => import('./features/search/search-page'));
const AdminPage = lazy(() => import('./features/admin/admin-page'));

/**
 * A public page: its own full-page loading indicator while its chunk arrives (under the static
 * first paint, when the server sent one: removed when the page itself renders).
 */
function publicPage(Page: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Page />
      <StaticFirstPaintDone />
    </Suspense>
  );
}

/** Back-office pages render inside the shell, whose <Outlet /> has its own Suspense. */
function appPage(Page: LazyExoticComponent<ComponentType>) {
  return <Page />;
}

export const routes: RouteObject[] = [
  { path: '/', element: publicPage(LandingPage) },
  {
    path: '/user',
    children: [
      { index: true, element: <Navigate to="/user/login" replace /> },
      { path: 'login', element: publicPage(LoginPage) },
      { path: 'forgot-password', element: publicPage(ForgotPasswordPage) },
      { path: 'reset-password', element: publicPage(ResetPasswordPage) },
      { path: 'register', element: publicPage(RegisterPage) },
      { path: 'success', element: publicPage(SuccessPage) },
      { path: '*', element: publicPage(PublicNotFoundPage) },
    ],
  },
  {
    path: '/app',
    element: publicPage(AppShellLayout),
    children: [
      { index: true, element: <Navigate to="/app/dashboard" replace /> },
      { path: 'dashboard', element: appPage(DashboardPage) },
      { path: 'patients', element: appPage(PatientListPage) },
      // The detail page owns its sub-routes (tabs) and sends unknown ones to /error.
      { path: 'patients/:patientId/*', element: appPage(PatientDetailPage) },
      { path: 'appointments', element: appPage(AppointmentListPage) },
      { path: 'appointments/:appointmentId', element: appPage(AppointmentDetailPage) },
      {
        path: 'docs',
        children: [
          { index: true, element: <Navigate to="/app/docs/documents" replace /> },
          { path: 'documents', element: appPage(DocumentsPage) },
        ],
      },
      { path: 'calendars', element: appPage(CalendarsPage) },
      { path: 'my-account', element: appPage(MyAccountPage) },
      { path: 'pages/search/:text', element: appPage(SearchPage) },
      { path: 'admin/*', element: appPage(AdminPage) },
      { path: '*', element: <Navigate to="/error" replace /> },
    ],
  },
  // The patient's own appointment, from the link in every message (issue 15).
  { path: '/p/:token', element: publicPage(SelfServicePage) },
  { path: '/error', element: publicPage(ErrorPage) },
  // Unknown public paths: a Romanian page for patients (the server answers them 404); unknown
  // staff paths (/app/...) keep the spec's /error page.
  { path: '*', element: publicPage(PublicNotFoundPage) },
];

export function AppRoutes() {
  return <RouteErrorBoundary>{useRoutes(routes)}</RouteErrorBoundary>;
}
