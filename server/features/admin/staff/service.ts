/**
 * Staff accounts: listing, invitations (a password-reset token of better-auth's own format, so
 * POST /api/auth/reset-password sets the first password), flag changes that never leave the
 * clinic without an active superadmin, deactivation that ends sessions at once.
 */
import { randomBytes } from 'node:crypto';
import {
  ADMIN_MESSAGES,
  INVITATION_HOURS,
  type InvitationDelivery,
  type StaffInvite,
  type StaffRow,
  type StaffUpdate,
} from '../../../../domain/admin';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import type { Actor } from '../../../platform/actor';
import { audit } from '../../../platform/audit';
import { createStaffUser } from '../../../platform/auth';
import * as repo from '../../../platform/auth/directory';
import type { Deps } from '../../../platform/deps';
import { conflict, notFound } from '../../../platform/errors';
import { enqueueMail } from '../../../platform/mail';
import { messageStates } from '../../../platform/outbox';

export async function listStaff(db: Db): Promise<StaffRow[]> {
  const rows = await repo.staffRows(db);
  const states = await messageStates(
    db,
    rows.flatMap((r) => (r.invitationOutboxId ? [r.invitationOutboxId] : [])),
  );
  return rows.map(({ invitationOutboxId, ...r }) => ({
    ...r,
    twoFactorEnabled: Boolean(r.twoFactorEnabled),
    hasPassword: Boolean(r.hasPassword),
    // Whether the invitation went out matters only until the password is set.
    invitation: (() => {
      const state = invitationOutboxId ? states.get(invitationOutboxId) : undefined;
      return r.hasPassword || !state ? null : invitationDelivery(state);
    })(),
    lastSignInAt: r.lastSignInAt ? r.lastSignInAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The outbox's states as administration reads them: queued (waiting or being sent), sent, not sent. */
function invitationDelivery(state: string): InvitationDelivery {
  if (state === 'sent') return 'sent';
  if (state === 'failed' || state === 'cancelled') return 'failed';
  return 'queued';
}

async function findUser(db: Db, id: string) {
  const u = await repo.userById(db, id);
  if (!u) throw notFound(ADMIN_MESSAGES.staffNotFound);
  return u;
}

/**
 * Refuses a change that would leave no active superadmin. The other superadmins' rows are locked
 * so two superadmins demoting each other at the same moment cannot both succeed.
 */
async function keepOneSuperadmin(tx: Db, userId: string) {
  if ((await repo.lockOtherActiveSuperadmins(tx, userId)) === 0)
    throw conflict(ADMIN_MESSAGES.lastSuperadmin);
}

/** The link the invited person opens; better-auth's reset-password accepts the token. */
async function issueInvitation(
  tx: Db,
  config: Config,
  user: { id: string; email: string; firstName: string },
) {
  // Older links of this person stop working: only the newest invitation counts.
  const token = randomBytes(24).toString('base64url');
  // better-auth compares with the real time, not the app's clock.
  await repo.replaceInvitationToken(
    tx,
    user.id,
    token,
    new Date(Date.now() + INVITATION_HOURS * 3600 * 1000),
  );
  const link = `${config.publicUrl}/user/reset-password?token=${encodeURIComponent(token)}`;
  const mailId = await enqueueMail(tx, {
    to: user.email,
    subject: `Invitație în aplicația ${config.INSTITUTE_NAME}`,
    text:
      `Bună ziua${user.firstName ? `, ${user.firstName}` : ''},\n\n` +
      `Ați fost invitat(ă) să folosiți aplicația ${config.INSTITUTE_NAME} cu adresa ${user.email}.\n` +
      `Deschideți legătura de mai jos în cel mult ${INVITATION_HOURS} de ore pentru a vă alege parola ` +
      `(cel puțin 12 caractere):\n\n${link}\n\n` +
      'După ce ați ales parola, vă puteți autentifica la /user/login.\n' +
      'Dacă nu așteptați această invitație, ignorați acest mesaj.\n\n' +
      config.INSTITUTE_NAME,
  });
  await repo.updateUser(tx, user.id, { invitationOutboxId: mailId });
  return token;
}

export function createStaffService({ db, config }: Pick<Deps, 'db' | 'config'>) {
  return {
    async inviteStaff(actor: Actor, { input }: { input: StaffInvite }) {
      return db.transaction(async (tx) => {
        if (await repo.emailTaken(tx, input.email)) throw conflict(ADMIN_MESSAGES.emailTaken);
        // No password: the credential account is created when the link is used.
        const id = await createStaffUser(tx, { ...input, authorized: true });
        await issueInvitation(tx, config, { id, email: input.email, firstName: input.firstName });
        await audit(tx, actor, {
          action: 'admin.staff.invite',
          entityType: 'user',
          entityId: id,
          details: {
            email: input.email,
            role: input.role,
            doctor: input.doctor,
            superadmin: input.superadmin,
          },
        });
        return id;
      });
    },
    /** Sends a new link to someone who has not set a password yet (the old link stops working). */
    async resendInvitation(actor: Actor, { id }: { id: string }) {
      await db.transaction(async (tx) => {
        const u = await findUser(tx, id);
        if (await repo.hasCredentialAccount(tx, id)) throw conflict(ADMIN_MESSAGES.alreadyHasPassword);
        await issueInvitation(tx, config, u);
        await audit(tx, actor, { action: 'admin.staff.reinvite', entityType: 'user', entityId: id });
      });
    },
    async updateStaff(actor: Actor, { id, patch }: { id: string; patch: StaffUpdate }) {
      await db.transaction(async (tx) => {
        const before = await findUser(tx, id);
        const effective = (u: { superadmin: boolean; active: boolean; authorized: boolean }) =>
          u.superadmin && u.active && u.authorized;
        if (effective(before) && !effective({ ...before, ...patch })) await keepOneSuperadmin(tx, id);
        const changes: repo.UserChanges = { ...patch, updatedAt: new Date() };
        if (patch.firstName !== undefined || patch.lastName !== undefined)
          changes.name = `${patch.firstName ?? before.firstName} ${patch.lastName ?? before.lastName}`.trim();
        await repo.updateUser(tx, id, changes);
        // A revoked authorisation or superadmin flag takes effect on the next request anyway
        // (the guard reads the account each time); nothing else to end here.
        const changed = Object.fromEntries(
          Object.entries(patch).filter(([k, v]) => before[k as keyof typeof before] !== v),
        );
        await audit(tx, actor, {
          action:
            patch.authorized === true && !before.authorized ? 'admin.staff.authorize' : 'admin.staff.update',
          entityType: 'user',
          entityId: id,
          details: { changed },
        });
      });
    },
    async setActive(actor: Actor, { id, active }: { id: string; active: boolean }) {
      if (!active && actor.userId === id) throw conflict(ADMIN_MESSAGES.selfDeactivate);
      await db.transaction(async (tx) => {
        const before = await findUser(tx, id);
        if (!active && before.superadmin && before.active && before.authorized)
          await keepOneSuperadmin(tx, id);
        await repo.updateUser(tx, id, { active, updatedAt: new Date() });
        // Ends every open session now, not at its idle timeout.
        if (!active) await repo.endSessions(tx, id);
        await audit(tx, actor, {
          action: active ? 'admin.staff.reactivate' : 'admin.staff.deactivate',
          entityType: 'user',
          entityId: id,
          details: { email: before.email },
        });
      });
    },
    async resetTwoFactor(actor: Actor, { id }: { id: string }) {
      await db.transaction(async (tx) => {
        await findUser(tx, id);
        await repo.removeTwoFactor(tx, id);
        await repo.updateUser(tx, id, { twoFactorEnabled: false, updatedAt: new Date() });
        await audit(tx, actor, { action: 'admin.staff.reset-2fa', entityType: 'user', entityId: id });
      });
    },
  };
}
