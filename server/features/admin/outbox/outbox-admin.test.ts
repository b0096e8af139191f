/**
 * /api/admin/outbox: superadmins and admins see the messages with the recipient masked and no
 * body; doctors get 403; "send again" and "cancel" change the state and are audited.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, outbox } from '../../../db/schema';
import { emailSender, enqueueMail } from '../../../platform/mail';
import { createOutboxWorker } from '../../../platform/outbox';
import { insertMessage } from '../../../platform/outbox/repository';
import { setupTestApp, signedInStaff } from '../../../test/harness';

const ctx = await setupTestApp();
const db = ctx.database.db;
const superadmin = await signedInStaff(ctx, { superadmin: true, role: 'superadmin', doctor: false });
const admin = await signedInStaff(ctx, { role: 'admin', doctor: false });
const doctor = await signedInStaff(ctx, { doctor: true });

const get = (url: string, who = admin) => ctx.app.inject({ method: 'GET', url, headers: who.headers });
const post = (url: string, who = admin) => ctx.app.inject({ method: 'POST', url, headers: who.headers });
const list = (filters: object = {}, who = admin) =>
  get(`/api/admin/outbox?filters=${encodeURIComponent(JSON.stringify(filters))}`, who);

const emailId = await enqueueMail(db, {
  to: 'maria.popescu@domeniu.ro',
  subject: 'Programare 03.03.2026, ora 10:00',
  text: 'CORP-SECRET al mesajului',
  attachments: [{ filename: 'scrisoare.pdf', contentType: 'application/pdf', contentBase64: 'QVRBU0FNRU5U' }],
});
const smsId = await insertMessage(db, {
  channel: 'sms',
  to: '+40722456123',
  subject: 'Reamintire programare',
  text: 'SMS-SECRET',
});
const failedId = await enqueueMail(db, { to: 'ion@domeniu.ro', subject: 'Resetarea parolei', text: 'x' });
await db
  .update(outbox)
  .set({ state: 'failed', attempts: 20, lastError: 'EENVELOPE 550: <ion@domeniu.ro> mailbox unavailable' })
  .where(eq(outbox.id, failedId));

describe('GET /api/admin/outbox', () => {
  it('lists the messages for admins and superadmins, with the recipient masked and no body', async () => {
    for (const who of [admin, superadmin]) {
      const res = await list({}, who);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body._meta).toMatchObject({ page: 1, perPage: 20, total: 3, pageCount: 1 });
      const byId = new Map(body.data.map((r: { id: number }) => [r.id, r]));
      expect(byId.get(emailId)).toMatchObject({
        channel: 'email',
        recipient: 'm***@domeniu.ro',
        subject: 'Programare 03.03.2026, ora 10:00',
        state: 'pending',
        attempts: 0,
        sentAt: null,
      });
      expect(byId.get(smsId)).toMatchObject({ channel: 'sms', recipient: '+40 7** *** 123' });
      expect(byId.get(failedId)).toMatchObject({
        state: 'failed',
        attempts: 20,
        nextAttemptAt: null,
        lastError: 'EENVELOPE 550: <i***@domeniu.ro> mailbox unavailable',
      });
      expect(res.body).not.toMatch(
        /CORP-SECRET|SMS-SECRET|QVRBU0FNRU5U|scrisoare\.pdf|maria\.popescu|722456/,
      );
      expect(Object.keys(body.data[0]).sort()).toEqual(
        [
          'attempts',
          'channel',
          'createdAt',
          'id',
          'lastError',
          'nextAttemptAt',
          'recipient',
          'sentAt',
          'state',
          'subject',
        ].sort(),
      );
    }
  });

  it('filters by state and channel and pages', async () => {
    expect((await list({ state: 'failed' })).json().data.map((r: { id: number }) => r.id)).toEqual([
      failedId,
    ]);
    expect((await list({ channel: 'sms' })).json().data.map((r: { id: number }) => r.id)).toEqual([smsId]);
    const page = (await get('/api/admin/outbox?page=2&perPage=10')).json();
    expect(page).toMatchObject({ _meta: { total: 3, page: 2, perPage: 10 }, data: [] });
  });

  it('refuses unknown filters with a Romanian message', async () => {
    const res = await list({ state: 'lost' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Starea nu este cunoscută.');
    expect((await list({ to: 'x' })).statusCode).toBe(400);
  });

  it('is closed to doctors', async () => {
    expect((await list({}, doctor)).statusCode).toBe(403);
    expect((await get('/api/admin/outbox/summary', doctor)).statusCode).toBe(403);
    expect((await post(`/api/admin/outbox/${failedId}/retry`, doctor)).statusCode).toBe(403);
    expect((await post(`/api/admin/outbox/${emailId}/cancel`, doctor)).statusCode).toBe(403);
  });

  it('counts the messages that could not be sent (the dashboard card)', async () => {
    expect((await get('/api/admin/outbox/summary')).json()).toEqual({
      status: 1,
      failed: 1,
      sms_budget: { hour: { sent: 0, limit: 200 }, day: { sent: 0, limit: 1500 }, reached: false },
    });
  });
});

describe('send again and cancel', () => {
  const audited = async (action: string, id: number) =>
    db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, String(id))));

  it('sends a failed message again at once, audited', async () => {
    const res = await post(`/api/admin/outbox/${failedId}/retry`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, message: 'Mesajul a fost pus din nou în coada de trimitere.' });
    const [row] = await db.select().from(outbox).where(eq(outbox.id, failedId));
    expect(row.state).toBe('pending');
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    const events = await audited('admin.outbox.retry', failedId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorId: admin.id, entityType: 'outbox' });
  });

  it('cancels a queued message, audited, and the worker does not send it', async () => {
    const res = await post(`/api/admin/outbox/${emailId}/cancel`, superadmin);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Mesajul a fost anulat și nu va mai fi trimis.');
    expect(await audited('admin.outbox.cancel', emailId)).toHaveLength(1);
    await db.update(outbox).set({ state: 'cancelled' }).where(eq(outbox.id, smsId));

    const worker = createOutboxWorker(db, {
      senders: [emailSender({ mailDir: ctx.dataDir, from: 'no-reply@test.example' })],
      maxInFlight: 2,
      sendTimeoutMs: 10_000,
    });
    expect(await worker.runUntilIdle()).toBe(1); // the retried one only
    const states = await db.select({ id: outbox.id, state: outbox.state }).from(outbox).orderBy(outbox.id);
    expect(states).toEqual([
      { id: emailId, state: 'cancelled' },
      { id: smsId, state: 'cancelled' },
      { id: failedId, state: 'sent' },
    ]);
  });

  it('answers 409 for a message in another state and 404 for an unknown one', async () => {
    const sent = await post(`/api/admin/outbox/${failedId}/retry`);
    expect(sent.statusCode).toBe(409);
    expect(sent.json().message).toBe('Doar un mesaj aflat în coadă sau netrimis poate fi trimis din nou.');
    expect((await post(`/api/admin/outbox/${failedId}/cancel`)).statusCode).toBe(409);
    expect((await post('/api/admin/outbox/999999/retry')).statusCode).toBe(404);
    expect((await post('/api/admin/outbox/abc/cancel')).statusCode).toBe(400);
    expect(await audited('admin.outbox.cancel', failedId)).toHaveLength(0);
  });
});
