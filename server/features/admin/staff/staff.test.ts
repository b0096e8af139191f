import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../../../domain/admin';
import {
  accounts,
  auditEvents,
  outbox,
  sessions,
  settings,
  twoFactors,
  users,
  verifications,
} from '../../../db/schema';
import { type Staff, setupTestApp, signedInStaff, signIn } from '../../../test/harness';

const ctx = await setupTestApp();
const db = ctx.database.db;
let boss: Staff;

beforeAll(async () => {
  boss = await signedInStaff(ctx, { superadmin: true, doctor: false, role: 'superadmin' });
});

const as = (who: Staff) => ({
  get: (url: string) => ctx.app.inject({ method: 'GET', url, headers: who.headers }),
  post: (url: string, payload: object = {}) =>
    ctx.app.inject({ method: 'POST', url, payload, headers: who.headers }),
  patch: (url: string, payload: object) =>
    ctx.app.inject({ method: 'PATCH', url, payload, headers: who.headers }),
  put: (url: string, payload: object) =>
    ctx.app.inject({ method: 'PUT', url, payload, headers: who.headers }),
});

async function invite(email: string, extra: object = {}) {
  const res = await as(boss).post('/api/admin/staff', {
    email,
    firstName: 'Ioana',
    lastName: 'Marin',
    role: 'doctor',
    doctor: true,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function invitationToken(email: string): Promise<string> {
  const mails = await db.select().from(outbox).where(eq(outbox.to, email));
  const last = mails.at(-1);
  const m = last?.text.match(/\/user\/reset-password\?token=([\w-]+)/);
  if (!m) throw new Error(`no invitation link for ${email}`);
  return decodeURIComponent(m[1]);
}

const resetPassword = (token: string, newPassword: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } });

describe('admin routes are for superadmins only', () => {
  it('refuses a doctor and an admin with 403', async () => {
    const doctor = await signedInStaff(ctx, { doctor: true });
    const admin = await signedInStaff(ctx, { doctor: false, role: 'admin' });
    for (const who of [doctor, admin]) {
      expect((await as(who).get('/api/admin/staff')).statusCode).toBe(403);
      expect((await as(who).post('/api/admin/staff', { email: 'x@y.ro' })).statusCode).toBe(403);
      expect((await as(who).put('/api/admin/settings', { requireTwoFactor: true })).statusCode).toBe(403);
      expect((await as(who).get('/api/admin/audit')).statusCode).toBe(403);
      expect((await as(who).patch(`/api/admin/staff/${who.id}`, { superadmin: true })).statusCode).toBe(403);
    }
    const [me] = await db.select().from(users).where(eq(users.id, doctor.id));
    expect(me.superadmin).toBe(false);
  });
});

describe('invitations', () => {
  it('e-mails a link that sets the first password, then the person signs in', async () => {
    const id = await invite('ioana.marin@test.example');
    const [u] = await db.select().from(users).where(eq(users.id, id));
    expect(u).toMatchObject({
      authorized: true,
      doctor: true,
      role: 'doctor',
      active: true,
      name: 'Ioana Marin',
    });
    expect(await db.select().from(accounts).where(eq(accounts.userId, id))).toHaveLength(0);

    const [mail] = await db.select().from(outbox).where(eq(outbox.to, 'ioana.marin@test.example'));
    expect(mail.subject).toContain('Invitație');
    expect(mail.text).toContain('http://localhost:3000/user/reset-password?token=');
    expect(mail.text).toContain('48 de ore');

    const list = (await as(boss).get('/api/admin/staff')).json().data;
    expect(list.find((s: { id: string }) => s.id === id)).toMatchObject({
      hasPassword: false,
      lastSignInAt: null,
      invitation: 'queued',
    });
    // Administration sees whether the e-mail went out: the outbox's state of the newest invitation.
    await db.update(outbox).set({ state: 'failed' }).where(eq(outbox.id, mail.id));
    const failed = (await as(boss).get('/api/admin/staff')).json().data;
    expect(failed.find((s: { id: string }) => s.id === id).invitation).toBe('failed');
    await db.update(outbox).set({ state: 'sent' }).where(eq(outbox.id, mail.id));

    const token = await invitationToken('ioana.marin@test.example');
    const weak = await resetPassword(token, 'scurta');
    expect(weak.statusCode).toBe(400);
    const ok = await resetPassword(token, 'Inima-Verde-Pe-Deal-7');
    expect(ok.statusCode, ok.body).toBe(200);
    // The link works once.
    expect((await resetPassword(token, 'Alta-Parola-Lunga-99')).statusCode).toBe(400);

    const cookie = await signIn(ctx.app, 'ioana.marin@test.example', 'Inima-Verde-Pe-Deal-7');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/user/user-details', headers: { cookie } });
    expect(me.json()).toMatchObject({ status: 1, email: 'ioana.marin@test.example', doctor: true });
    const after = (await as(boss).get('/api/admin/staff'))
      .json()
      .data.find((s: { id: string }) => s.id === id);
    expect(after.hasPassword).toBe(true);
    expect(after.lastSignInAt).not.toBeNull();
    expect(after.invitation).toBeNull(); // the password is set: nothing left to show

    const [event] = await db.select().from(auditEvents).where(eq(auditEvents.action, 'admin.staff.invite'));
    expect(event).toMatchObject({ actorId: boss.id, entityId: id });
  });

  it('refuses an expired link', async () => {
    const id = await invite('expirat@test.example');
    const token = await invitationToken('expirat@test.example');
    await db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const res = await resetPassword(token, 'Inima-Verde-Pe-Deal-7');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_TOKEN');
    expect(await db.select().from(accounts).where(eq(accounts.userId, id))).toHaveLength(0);
  });

  it('a new invitation replaces the old link; none once a password is set', async () => {
    const id = await invite('retrimis@test.example');
    const first = await invitationToken('retrimis@test.example');
    expect((await as(boss).post(`/api/admin/staff/${id}/invite`)).statusCode).toBe(200);
    const second = await invitationToken('retrimis@test.example');
    expect(second).not.toBe(first);
    expect((await resetPassword(first, 'Inima-Verde-Pe-Deal-7')).statusCode).toBe(400);
    expect((await resetPassword(second, 'Inima-Verde-Pe-Deal-7')).statusCode).toBe(200);
    const again = await as(boss).post(`/api/admin/staff/${id}/invite`);
    expect([again.statusCode, again.json().message]).toEqual([409, ADMIN_MESSAGES.alreadyHasPassword]);
  });

  it('refuses an e-mail address already used, and an invalid one', async () => {
    await invite('dublura@test.example');
    const res = await as(boss).post('/api/admin/staff', {
      email: 'Dublura@Test.example',
      firstName: 'A',
      lastName: 'B',
      role: 'admin',
    });
    expect([res.statusCode, res.json().message]).toEqual([409, ADMIN_MESSAGES.emailTaken]);
    const bad = await as(boss).post('/api/admin/staff', {
      email: 'nu-e-email',
      firstName: 'A',
      lastName: 'B',
      role: 'admin',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.email).toBe('Adresa de e-mail nu este validă.');
  });
});

describe('account changes', () => {
  it('authorises a pending account and changes role and flags', async () => {
    const pending = await signedInStaff(ctx, { authorized: false, doctor: false, role: 'admin' });
    expect((await as(pending).get('/api/patients')).statusCode).toBe(403);
    const res = await as(boss).patch(`/api/admin/staff/${pending.id}`, {
      authorized: true,
      doctor: true,
      role: 'doctor',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await as(pending).get('/api/patients')).statusCode).toBe(200);
    const [u] = await db.select().from(users).where(eq(users.id, pending.id));
    expect(u).toMatchObject({ authorized: true, doctor: true, role: 'doctor' });
    const [event] = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'admin.staff.authorize'));
    expect(event.entityId).toBe(pending.id);
  });

  it("stores a doctor's specialty and parafă code (printed on medical letters), refusing a bad code", async () => {
    const doc = await signedInStaff(ctx, { doctor: true, role: 'doctor' });
    const bad = await as(boss).patch(`/api/admin/staff/${doc.id}`, { parafaCode: 'C-12 345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.parafaCode).toBe('Codul de parafă are cel mult 12 litere și cifre.');
    const res = await as(boss).patch(`/api/admin/staff/${doc.id}`, {
      specialty: ' cardiologie ',
      parafaCode: 'c12345',
    });
    expect(res.statusCode, res.body).toBe(200);
    const listed = (await as(boss).get('/api/admin/staff')).json();
    const row = listed.data.find((p: { id: string }) => p.id === doc.id);
    expect(row).toMatchObject({ specialty: 'cardiologie', parafaCode: 'C12345' });
    const cleared = await as(boss).patch(`/api/admin/staff/${doc.id}`, { specialty: '', parafaCode: '' });
    expect(cleared.statusCode).toBe(200);
    const [u] = await db.select().from(users).where(eq(users.id, doc.id));
    expect(u).toMatchObject({ specialty: null, parafaCode: null });
  });

  it('deactivation ends an open session at once; reactivation lets the person sign in again', async () => {
    const doctor = await signedInStaff(ctx, { doctor: true });
    expect((await as(doctor).get('/api/user/user-details')).statusCode).toBe(200);
    expect((await as(boss).post(`/api/admin/staff/${doctor.id}/deactivate`)).statusCode).toBe(200);
    expect((await as(doctor).get('/api/user/user-details')).statusCode).toBe(401);
    expect(await db.select().from(sessions).where(eq(sessions.userId, doctor.id))).toHaveLength(0);
    await expect(signIn(ctx.app, doctor.email, 'Corect-Cal-Baterie-42')).rejects.toThrow();

    expect((await as(boss).post(`/api/admin/staff/${doctor.id}/reactivate`)).statusCode).toBe(200);
    const cookie = await signIn(ctx.app, doctor.email, 'Corect-Cal-Baterie-42');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/user/user-details', headers: { cookie } }))
        .statusCode,
    ).toBe(200);
  });

  it('resets two-factor sign-in', async () => {
    const doctor = await signedInStaff(ctx, { doctor: true });
    await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, doctor.id));
    await db
      .insert(twoFactors)
      .values({ id: `tf-${doctor.id}`, secret: 's', backupCodes: 'b', userId: doctor.id });
    expect((await as(boss).post(`/api/admin/staff/${doctor.id}/reset-2fa`)).statusCode).toBe(200);
    expect(await db.select().from(twoFactors).where(eq(twoFactors.userId, doctor.id))).toHaveLength(0);
    const [u] = await db.select().from(users).where(eq(users.id, doctor.id));
    expect(u.twoFactorEnabled).toBe(false);
  });

  it('never removes the last active superadmin', async () => {
    // `boss` is the only superadmin of this file's database so far.
    const lone = await as(boss).patch(`/api/admin/staff/${boss.id}`, { superadmin: false });
    expect([lone.statusCode, lone.json().message]).toEqual([409, ADMIN_MESSAGES.lastSuperadmin]);

    const other = await signedInStaff(ctx, { superadmin: true, email: 'other-super@test.example' });
    // Deactivating yourself is refused whatever the count.
    const self = await as(boss).post(`/api/admin/staff/${boss.id}/deactivate`);
    expect([self.statusCode, self.json().message]).toEqual([409, ADMIN_MESSAGES.selfDeactivate]);
    // With two, one may demote the other, and then the remaining one is protected.
    expect((await as(boss).patch(`/api/admin/staff/${other.id}`, { superadmin: false })).statusCode).toBe(
      200,
    );
    expect((await as(other).get('/api/admin/staff')).statusCode).toBe(403);
    await db.update(users).set({ superadmin: true }).where(eq(users.id, other.id));
    expect((await as(other).post(`/api/admin/staff/${boss.id}/deactivate`)).statusCode).toBe(200);
    const last = await as(other).post(`/api/admin/staff/${other.id}/deactivate`);
    expect(last.statusCode).toBe(409);
    const unauthorise = await as(other).patch(`/api/admin/staff/${other.id}`, { authorized: false });
    expect([unauthorise.statusCode, unauthorise.json().message]).toEqual([
      409,
      ADMIN_MESSAGES.lastSuperadmin,
    ]);
    await db.update(users).set({ active: true }).where(eq(users.id, boss.id));
    boss = { ...boss, ...(await relogin(boss)) };
  });
});

async function relogin(s: Staff) {
  const cookie = await signIn(ctx.app, s.email, 'Corect-Cal-Baterie-42');
  return { cookie, headers: { cookie } };
}

describe('settings', () => {
  it('stores "require two-factor for all staff" and audits the change', async () => {
    expect((await as(boss).get('/api/admin/settings')).json().data).toEqual({ requireTwoFactor: false });
    // Not before the superadmin uses two-factor sign-in: it would lock them out.
    const early = await as(boss).put('/api/admin/settings', { requireTwoFactor: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(ADMIN_MESSAGES.ownTwoFactorFirst);
    expect((await as(boss).get('/api/admin/settings')).json().data).toEqual({ requireTwoFactor: false });
    await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, boss.id));
    expect((await as(boss).put('/api/admin/settings', { requireTwoFactor: true })).statusCode).toBe(200);
    expect((await as(boss).get('/api/admin/settings')).json().data).toEqual({ requireTwoFactor: true });
    const rows = await db.select().from(settings);
    expect(rows.map((r) => [r.key, r.value, r.updatedBy])).toEqual([['require-two-factor', true, boss.id]]);
    expect((await as(boss).put('/api/admin/settings', { requireTwoFactor: 'da' })).statusCode).toBe(400);
    const events = await db.select().from(auditEvents).where(eq(auditEvents.action, 'admin.settings.update'));
    expect(events).toHaveLength(1);
  });
});
