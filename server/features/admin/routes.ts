/**
 * Administration under /api/admin (DESIGN §6 "Who may do what"): every route declares
 * `config: { superadmin: true }`, so the global guard answers 403 to everyone else; the outbox
 * page declares `config: { admins: true }` (superadmins and the admin role). Calendars'
 * administration lives with the calendars (features/calendars/admin-routes.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import auditRoutes from './audit/routes';
import outboxRoutes from './outbox/routes';
import staffRoutes from './staff/routes';
import statusesRoutes from './statuses/routes';

const routes: FastifyPluginAsync = async (app) => {
  await app.register(staffRoutes);
  await app.register(statusesRoutes);
  await app.register(auditRoutes);
  await app.register(outboxRoutes);
};

export default routes;
