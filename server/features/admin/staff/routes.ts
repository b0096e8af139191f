/** /api/admin/staff and /api/admin/settings (superadmins only). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_MESSAGES,
  settingsReply,
  settingsSavedReply,
  settingsSchema,
  staffInvitedReply,
  staffInviteSchema,
  staffListReply,
  staffUpdateSchema,
} from '../../../../domain/admin';
import { replies } from '../../../../domain/api';
import { audit } from '../../../platform/audit';
import { usesTwoFactor } from '../../../platform/auth';
import { conflict } from '../../../platform/errors';
import { createdRoute, messageRoute } from '../../../platform/http/write-routes';
import { requireTwoFactor, setRequireTwoFactor } from '../../../platform/settings';
import { createStaffService, listStaff } from './service';

const tags = ['admin'];
const config = { superadmin: true };
const params = z.object({ id: z.string().min(1).max(100) });

const routes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db;
  const staff = createStaffService(app.deps);

  app.get(
    '/admin/staff',
    { config, schema: { tags, summary: 'Every staff account', response: replies({ 200: staffListReply }) } },
    async () => ({ status: 1 as const, data: await listStaff(db()) }),
  );

  createdRoute(
    app,
    '/admin/staff',
    {
      config,
      tags,
      summary:
        'Invite a person: the account is created authorised and an e-mail carries a link to set the password',
      body: staffInviteSchema,
      reply: staffInvitedReply,
      message: ADMIN_MESSAGES.invited,
    },
    (req) => staff.inviteStaff(req.actor, { input: req.body }),
  );

  messageRoute(
    app,
    'POST',
    '/admin/staff/:id/invite',
    {
      config,
      tags,
      summary: 'Send a new invitation link (only before a password is set)',
      params,
      message: ADMIN_MESSAGES.invited,
    },
    (req) => staff.resendInvitation(req.actor, { id: req.params.id }),
  );

  messageRoute(
    app,
    'PATCH',
    '/admin/staff/:id',
    {
      config,
      tags,
      summary: 'Change name, role and flags (doctor, superadmin, authorized); 409 for the last superadmin',
      params,
      body: staffUpdateSchema,
      message: ADMIN_MESSAGES.staffUpdated,
    },
    (req) => staff.updateStaff(req.actor, { id: req.params.id, patch: req.body }),
  );

  messageRoute(
    app,
    'POST',
    '/admin/staff/:id/deactivate',
    {
      config,
      tags,
      summary: 'Deactivate the account and end its sessions at once',
      params,
      message: ADMIN_MESSAGES.deactivated,
    },
    (req) => staff.setActive(req.actor, { id: req.params.id, active: false }),
  );

  messageRoute(
    app,
    'POST',
    '/admin/staff/:id/reactivate',
    {
      config,
      tags,
      summary: 'Reactivate a deactivated account',
      params,
      message: ADMIN_MESSAGES.reactivated,
    },
    (req) => staff.setActive(req.actor, { id: req.params.id, active: true }),
  );

  messageRoute(
    app,
    'POST',
    '/admin/staff/:id/reset-2fa',
    {
      config,
      tags,
      summary: 'Remove the two-factor setup so the person can enrol again',
      params,
      message: ADMIN_MESSAGES.twoFactorReset,
    },
    (req) => staff.resetTwoFactor(req.actor, { id: req.params.id }),
  );

  app.get(
    '/admin/settings',
    {
      config,
      schema: { tags, summary: 'Clinic-wide sign-in settings', response: replies({ 200: settingsReply }) },
    },
    async () => ({
      status: 1 as const,
      data: { requireTwoFactor: await requireTwoFactor(db()) },
    }),
  );

  app.put(
    '/admin/settings',
    {
      config,
      schema: {
        tags,
        summary: 'Require two-factor sign-in for all staff',
        body: settingsSchema,
        response: replies({ 200: settingsSavedReply }),
      },
    },
    async (req) => {
      if (req.body.requireTwoFactor) {
        // Whoever turns it on must already use it, or they would lock themselves out of this page.
        if (!(await usesTwoFactor(db(), req.user!.id))) throw conflict(ADMIN_MESSAGES.ownTwoFactorFirst);
      }
      await db().transaction(async (tx) => {
        await setRequireTwoFactor(tx, req.actor, req.body.requireTwoFactor);
        await audit(tx, req.actor, {
          action: 'admin.settings.update',
          entityType: 'setting',
          details: req.body,
        });
      });
      return { status: 1 as const, message: ADMIN_MESSAGES.settingsSaved, data: req.body };
    },
  );
};

export default routes;
