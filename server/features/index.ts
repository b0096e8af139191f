/**
 * Every feature's routes, registered under /api, and what features do for each other when one of
 * them changes something (platform/events.ts): a freed slot is offered to the waitlist, a change
 * the patient must hear of queues the journey's messages. A feature is a Fastify plugin in
 * server/features/<area>/routes.ts; add it here. Routes need a signed-in, authorised account
 * unless they declare `config: { public: true }` (see platform/auth/plugin.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../platform/deps';
import adminRoutes from './admin/routes';
import { subscribeAppointments } from './appointments';
import appointmentRoutes from './appointments/routes';
import authRoutes from './auth/routes';
import calendarRoutes from './calendars/routes';
import remoteConsultationRoutes from './consultations/remote/routes';
import consultationRoutes from './consultations/routes';
import countyRoutes from './counties/routes';
import dashboardRoutes from './dashboard/routes';
import diagnosisRoutes from './diagnoses/routes';
import documentRoutes from './documents/routes';
import healthRoutes from './health/routes';
import instituteRoutes from './institute/routes';
import { subscribeJourney } from './journey';
import myAccountRoutes from './my-account/routes';
import patientRecordRoutes from './patient-record/routes';
import patientRoutes from './patients/routes';
import { subscribePrivacy } from './privacy';
import privacyRoutes from './privacy/routes';
import registrationRoutes from './registration/routes';
import searchRoutes from './search/routes';
import selfServiceRoutes, { staffLinkRoutes } from './self-service/routes';
import { subscribeWaitlist } from './waitlist';
import waitlistRoutes from './waitlist/routes';

export const features: FastifyPluginAsync[] = [
  healthRoutes,
  countyRoutes,
  instituteRoutes,
  authRoutes,
  registrationRoutes,
  patientRoutes,
  patientRecordRoutes,
  consultationRoutes,
  remoteConsultationRoutes,
  appointmentRoutes,
  documentRoutes,
  dashboardRoutes,
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

/**
 * The features' handlers of each other's events, in this order: the waitlist offers a freed slot
 * before the journey queues the messages of the change (both in its transaction).
 */
export function subscribeFeatures(deps: Deps) {
  subscribeAppointments(deps.events);
  subscribeWaitlist(deps.events, deps);
  subscribeJourney(deps.events, deps);
  subscribePrivacy(deps.events);
}
