/**
 * Who does something, as services and the audit trail see it: the signed-in user (null for the
 * public and for the system itself) and the client address the request came from (DESIGN §6
 * "Client address"). Routes pass `req.actor`; nothing outside route files takes a FastifyRequest.
 */
export type Actor = { userId: string | null; ip: string | null };

/** Work the server does on its own (workers, schedules, start-up). */
export const SYSTEM_ACTOR: Actor = { userId: null, ip: null };
