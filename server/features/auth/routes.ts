import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userDetailsReply } from '../../../domain/auth';
import { CONTROL_CHARS_MESSAGE, withoutControlChars } from '../../../domain/text';
import { audit } from '../../platform/audit';
import { renameUser } from '../../platform/auth';
import { HttpError, MESSAGES } from '../../platform/errors';

const routes: FastifyPluginAsyncZod = async (app) => {
  /**
   * The current account (SPEC §7). Public in the sense that it answers 401 itself, so the SPA can
   * also learn that a signed-in account is not authorised yet (authorized: false) instead of a bare 403.
   */
  app.get(
    '/user/user-details',
    {
      config: { public: true },
      schema: { tags: ['auth'], summary: 'The signed-in account', response: { 200: userDetailsReply } },
    },
    async (req, reply) => {
      await app.loadSession(req, reply);
      if (!req.user) throw new HttpError(401, MESSAGES.unauthenticated);
      return { status: 1 as const, ...req.user, twoFactorRequired: req.twoFactorMissing };
    },
  );

  app.post(
    '/user/user-details',
    {
      schema: {
        tags: ['auth'],
        summary: 'Update the signed-in account (first and last name)',
        body: z.strictObject({
          firstName: z
            .string()
            .trim()
            .min(1, 'Vă rugăm introduceți prenumele.')
            .max(80)
            .refine(withoutControlChars, CONTROL_CHARS_MESSAGE),
          lastName: z
            .string()
            .trim()
            .min(1, 'Va rugam introduceti numele.')
            .max(80)
            .refine(withoutControlChars, CONTROL_CHARS_MESSAGE),
        }),
        response: { 200: userDetailsReply },
      },
    },
    async (req) => {
      const u = req.user!;
      const { firstName, lastName } = req.body;
      await renameUser(app.deps.db, u.id, firstName, lastName);
      await audit(app.deps.db, req.actor, {
        action: 'user.update',
        entityType: 'user',
        entityId: u.id,
      });
      return { status: 1 as const, ...u, firstName, lastName, twoFactorRequired: req.twoFactorMissing };
    },
  );
};

export default routes;
