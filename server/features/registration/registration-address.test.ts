/**
 * Registration abuse (issue 20 §2): at most REGISTRATION_PER_ADDRESS_DAILY requests per client
 * address per day, counted in the database (every node, across restarts); signed-in staff are not
 * counted and see the record's id.
 */
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REGISTRATION_MESSAGES } from '../../../domain/registration-rules';
import { outbox, rateLimits } from '../../db/schema';
import { insertMessagesOnce } from '../../platform/outbox';
import { makeAppointment, makePatient } from '../../test/factories';
import { signedInStaff } from '../../test/harness';
import { counts, form, NOW, requestIdOf, setupRegistration, submit } from './test/helpers';

const { ctx, db, clock } = await setupRegistration({ REGISTRATION_PER_ADDRESS_DAILY: '3' });

describe('requests per client address and day', () => {
  it('allows REGISTRATION_PER_ADDRESS_DAILY a day from one address, then 429; other addresses and the next day are free', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < 3; i++) expect((await submit(ctx, form(), ip)).statusCode).toBe(201);
    const before = await counts(db);
    const fourth = await submit(ctx, form(), ip);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ status: 0, message: REGISTRATION_MESSAGES.tooManyToday });
    expect(await counts(db)).toEqual(before);
    // Honeypot hits count too, and are refused the same way.
    expect((await submit(ctx, form({ website: 'x' }), ip)).statusCode).toBe(429);
    // Another address of the same /24 shares the budget (addresses are rented by the block); another network does not.
    expect((await submit(ctx, form(), '203.0.113.78')).statusCode).toBe(429);
    expect((await submit(ctx, form(), '198.51.100.78')).statusCode).toBe(201);
    // The next day in Bucharest (a minute past midnight) the address has its budget again.
    clock.at = new Date('2026-11-25T22:01:00Z');
    try {
      expect((await submit(ctx, form({ appt_date: '2026-11-27' }), ip)).statusCode).toBe(201);
    } finally {
      clock.at = NOW;
    }
  });

  it('sends one SMS a day to a number nobody vouched for, however many networks name it; a known patient gets each', async () => {
    const smsTo = (to: string) =>
      db
        .select()
        .from(outbox)
        .where(and(eq(outbox.channel, 'sms'), eq(outbox.to, to)));
    const phone = '0733 000 541';
    for (let i = 0; i < 6; i++)
      expect(
        (await submit(ctx, form({ phone, email: `p${i}@example.ro` }), `198.18.${i}.1`)).statusCode,
      ).toBe(201);
    expect(await smsTo('+40733000541')).toHaveLength(1);
    // Each request still gets its e-mail.
    const mails = await db.select().from(outbox).where(like(outbox.to, 'p_@example.ro'));
    expect(mails).toHaveLength(6);

    // A patient staff already booked: their number was vouched for, each request's SMS goes.
    const known = await makePatient(db, { phone: '+40733000542' });
    await makeAppointment(db, { patientId: known.id, status: 'scheduled_paperless' });
    await makeAppointment(db, {
      patientId: known.id,
      status: 'request',
      publicRequest: true,
      date: '2026-12-01',
    });
    await insertMessagesOnce(db, [
      { channel: 'sms', to: '+40733000542', subject: '', text: 'earlier today' },
    ]);
    expect(
      (await submit(ctx, form({ cnp: known.cnp, phone: '0733 000 542' }), '198.18.9.1')).statusCode,
    ).toBe(201);
    expect(await smsTo('+40733000542')).toHaveLength(2);
  });

  it('signed-in staff are not counted and get the id and whether the request is new', async () => {
    const staff = await signedInStaff(ctx);
    const ip = '192.0.2.90';
    const body = form();
    const send = (b: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/appointment',
        payload: b,
        headers: staff.headers,
        remoteAddress: ip,
      });
    const first = await send(body);
    expect(first.statusCode).toBe(201);
    expect(first.json().appointment.id).toBe(await requestIdOf(db, body));
    const again = await send(body);
    expect(again.statusCode).toBe(200);
    expect(again.json().appointment.id).toBe(first.json().appointment.id);
    for (let i = 0; i < 4; i++) expect((await send(form())).statusCode).toBe(201);
  });

  it("forgets an address's day two days later, and keeps the days before that until then", async () => {
    const days = async () =>
      (
        await db
          .select({ key: rateLimits.key })
          .from(rateLimits)
          .where(like(rateLimits.key, 'registration-address:%'))
      )
        .map((r) => r.key.split(':')[1])
        .sort();
    expect((await submit(ctx, form(), '198.51.101.91')).statusCode).toBe(201);
    expect(await days()).toContain('2026-11-25');
    // Two days later, the day's first new address removes the rows of two days before.
    clock.at = new Date('2026-11-27T09:00:00Z');
    try {
      expect((await submit(ctx, form({ appt_date: '2026-11-30' }), '198.51.102.92')).statusCode).toBe(201);
      expect(await days()).not.toContain('2026-11-25');
      expect(await days()).toContain('2026-11-27');
    } finally {
      clock.at = NOW;
    }
  });
});
