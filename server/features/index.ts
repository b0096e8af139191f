/**
 * Every feature's routes, registered under /api. A feature is a Fastify plugin in
 * server/features/<area>/routes.ts; add it here. Routes need a signed-in, authorised account
 * unless they declare `config: { public: true }` (see platform/auth/plugin.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import adminRoutes from './admin/routes';
import appointmentRoutes from './appointments/routes';
import authRoutes from './auth/routes';
import calendarRoutes from './calendars/routes';
import dashboardJourneyRoutes from './dashboard/journey-routes';
import dashboardRoutes from './dashboard/routes';
import diagnosisRoutes from './diagnoses/routes';
import documentRoutes from './documents/routes';
import miscRoutes from './misc/routes';
import myAccountRoutes from './my-account/routes';
import patientRoutes from './patients/routes';
import privacyRoutes from './privacy/routes';
import registrationRoutes from './registration/routes';
import searchRoutes from './search/routes';
import selfServiceRoutes, { staffLinkRoutes } from './self-service/routes';
import waitlistRoutes from './waitlist/routes';

export const features: FastifyPluginAsync[] = [
  miscRoutes,
  authRoutes,
  registrationRoutes,
  patientRoutes,
  appointmentRoutes,
  documentRoutes,
  dashboardRoutes,
  dashboardJourneyRoutes,
  calendarRoutes,
  myAccountRoutes,
  searchRoutes,
  adminRoutes,
  privacyRoutes,
  diagnosisRoutes,
  selfServiceRoutes,
  staffLinkRoutes,
  waitlistRoutes,
];
