/**
 * The SMS budget (issue 54, item 1): 40 public requests from 40 networks, each naming its own
 * number, send no more SMS than SMS_PER_HOUR; the others wait (pending, not lost), the log warns
 * once, the outbox page says so, and they go when the hour has room again.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema';
import { type ChannelSender, createOutboxWorker } from '../../platform/outbox';
import { smsBudget } from '../../platform/sms';
import { setupTestApp, signedInStaff } from '../../test/harness';
import { linkSecrets, patientLinks } from '../self-service';
import { addCalendars, form, NOW, submit } from './test/helpers';

const clock = { at: NOW, now: () => clock.at };
const ctx = await setupTestApp({
  clock,
  env: { SMS_PER_HOUR: '10', SMS_PER_DAY: '15', REGISTRATION_DAILY_CAPACITY: '100' },
});
const db = ctx.database.db;
await addCalendars(db);
const admin = await signedInStaff(ctx, { role: 'admin', doctor: false });

const phone: string[] = [];
const sms: ChannelSender = { channel: 'sms', send: async (m) => void phone.push(m.to), close() {} };
const warnings: { obj: Record<string, unknown>; msg: string }[] = [];
const worker = createOutboxWorker(db, {
  senders: [sms],
  maxInFlight: 4,
  sendTimeoutMs: 5000,
  budgets: { sms: smsBudget(ctx.app.deps.config) },
  links: patientLinks(db, linkSecrets(ctx.app.deps.config)),
  log: { warn: (obj, msg) => warnings.push({ obj, msg }), error: () => {} },
});
const smsStates = async () =>
  (await db.select({ state: outbox.state }).from(outbox).where(eq(outbox.channel, 'sms'))).map(
    (r) => r.state,
  );
const summary = async () =>
  (await ctx.app.inject({ method: 'GET', url: '/api/admin/outbox/summary', headers: admin.headers })).json();

describe('the SMS budget', () => {
  it('40 requests from 40 networks send SMS_PER_HOUR SMS; the rest wait and go when the hour has room', async () => {
    for (let i = 0; i < 40; i++)
      expect((await submit(ctx, form({ email: '' }), `198.18.${i}.1`)).statusCode).toBe(201);
    expect((await smsStates()).filter((s) => s === 'pending')).toHaveLength(40);

    await worker.runUntilIdle();
    expect(phone).toHaveLength(10);
    expect(new Set(phone).size).toBe(10);
    const states = await smsStates();
    expect(states.filter((s) => s === 'sent')).toHaveLength(10);
    expect(states.filter((s) => s === 'pending')).toHaveLength(30);
    // One warning, without any number in it.
    expect(warnings.map((w) => w.msg)).toEqual([
      'outbox: the channel reached its budget; its messages wait until there is room',
    ]);
    expect(warnings[0].obj).toMatchObject({ channel: 'sms', sentLastHour: 10, perHour: 10, perDay: 15 });
    expect(JSON.stringify(warnings)).not.toMatch(/\+40/);
    const page = await summary();
    expect(page.sms_budget).toEqual({
      hour: { sent: 10, limit: 10 },
      day: { sent: 10, limit: 15 },
      reached: true,
    });

    // An hour later the hour has room, but the day allows five more only.
    await db.execute(sql`update outbox set sent_at = sent_at - interval '61 minutes' where state = 'sent'`);
    await worker.runUntilIdle();
    expect(phone).toHaveLength(15);
    expect((await smsStates()).filter((s) => s === 'pending')).toHaveLength(25);
    expect((await summary()).sms_budget).toMatchObject({ day: { sent: 15, limit: 15 }, reached: true });
  });
});
