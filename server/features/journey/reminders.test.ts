/**
 * Reminders to the patient (issue 15), through the API: they go REMINDER_HOURS before, on the app's
 * clock (moved by the tests), once (also with two server nodes), never for a cancelled or deleted
 * appointment nor once the appointment has begun, and follow a moved one; every SMS file written
 * is GSM-7 without a CNP. Setup shared with messages.test.ts in test-setup.ts.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, inArray, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isGsm7 } from '../../../domain/sms';
import { outbox } from '../../db/schema';
import { emailSender } from '../../platform/mail';
import { createOutboxWorker } from '../../platform/outbox';
import { smsSender } from '../../platform/sms';
import { makePatient } from '../../test/factories';
import { linkSecrets, patientLinks } from '../self-service';
import { journeyFor, staleJourneyMessage } from './service';
import { journeyTestContext, LINK, STORED_LINK } from './test/setup';

const {
  clock,
  ctx,
  db,
  mailDir,
  smsDir,
  staff,
  calId,
  control,
  cancelledStatus,
  worker,
  post,
  rowsOf,
  live,
  smsFile,
  newAppointment,
} = await journeyTestContext();

describe('reminders', () => {
  it('go once each at their time, on the clock the tests move', async () => {
    const p = await makePatient(db, { email: 'rem@example.ro', phone: '+40722555106' });
    const id = await newAppointment(p.id, '2026-03-06', '11:00'); // 09:00 UTC
    await worker.runUntilIdle(); // the confirmation
    const state = async () =>
      Object.fromEntries((await live(id)).map((r) => [`${r.channel} ${r.purpose?.split('@')[0]}`, r.state]));
    expect(await state()).toMatchObject({
      'email reminder:24': 'pending',
      'sms reminder:24': 'pending',
    });
    clock.at = new Date('2026-03-05T08:59:59Z');
    await worker.runUntilIdle();
    expect((await state())['sms reminder:24']).toBe('pending');
    clock.at = new Date('2026-03-05T09:00:00Z');
    await worker.runUntilIdle();
    expect(await state()).toMatchObject({
      'email reminder:24': 'sent',
      'sms reminder:24': 'sent',
      'email reminder:2': 'pending',
      'sms reminder:2': 'pending',
    });
    const reminderSms = (await live(id)).find(
      (r) => r.channel === 'sms' && r.purpose?.startsWith('reminder:24'),
    )!;
    const file = await smsFile(reminderSms.id);
    expect(file).toEqual({ to: '+40722555106', text: expect.stringContaining('06.03.2026 ora 11:00') });
    expect(file.text).toMatch(LINK);
    // Looking again sends nothing more.
    expect(await worker.runUntilIdle()).toBe(0);
    clock.at = new Date('2026-03-06T07:00:00Z');
    await worker.runUntilIdle();
    expect(Object.values(await state()).every((s) => s === 'sent')).toBe(true);
    expect(await worker.runUntilIdle()).toBe(0);
    // One row per (channel, purpose): scheduling the same appointment again (a second node) adds none.
    await journeyFor(ctx.app.deps).scheduled(db, id);
    const rows = await live(id);
    const keys = rows.map((r) => `${r.channel} ${r.purpose}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('are cancelled with the appointment (a status without a slot), which the patient is told', async () => {
    const p = await makePatient(db, { email: 'anul@example.ro', phone: '+40722555107' });
    const id = await newAppointment(p.id, '2026-03-09', '09:00');
    await worker.runUntilIdle();
    const res = await post('set-appointment', { appointment_id: id, status_id: cancelledStatus });
    expect(res.statusCode).toBe(200);
    const rows = await rowsOf(id);
    expect(rows.filter((r) => r.purpose?.startsWith('reminder:')).every((r) => r.state === 'cancelled')).toBe(
      true,
    );
    const told = rows.filter((r) => r.purpose === 'cancelled@2026-03-09T09:00');
    expect(told.map((r) => r.channel)).toEqual(['email', 'sms']);
    expect(told[0].text).toContain('a fost anulată');
    expect(told[1].text).toContain('09.03.2026 ora 09:00 a fost anulata');
    // Past every reminder's time: nothing but the cancellation goes.
    clock.at = new Date('2026-03-09T08:00:00Z');
    await worker.runUntilIdle();
    const sent = (await rowsOf(id)).filter((r) => r.state === 'sent').map((r) => r.purpose);
    expect(sent.filter((s) => s?.startsWith('reminder:'))).toEqual([]);
    expect(sent.filter((s) => s?.startsWith('cancelled@'))).toHaveLength(2);
  });

  it('are cancelled when the appointment is deleted, and the patient is told', async () => {
    const p = await makePatient(db, { email: 'sters@example.ro', phone: '+40722555108' });
    const id = await newAppointment(p.id, '2026-03-10', '09:30');
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/appointment/${id}`,
      headers: staff.headers,
    });
    expect(res.statusCode).toBe(200);
    const rows = await rowsOf(id);
    expect(rows.filter((r) => r.state !== 'cancelled').map((r) => [r.channel, r.purpose])).toEqual([
      ['email', 'cancelled@2026-03-10T09:30'],
      ['sms', 'cancelled@2026-03-10T09:30'],
    ]);
    // The deleted appointment's messages carry no link: it opens nothing any more.
    expect(rows.find((r) => r.purpose?.startsWith('cancelled@'))?.text).not.toMatch(STORED_LINK);
  });

  it('follow a moved appointment: the old ones are cancelled, new ones queued for the new time, the move told', async () => {
    const p = await makePatient(db, { email: 'mutat@example.ro', phone: '+40722555109' });
    const id = await newAppointment(p.id, '2026-03-11', '09:00');
    await worker.runUntilIdle(); // the patient is told of 11.03.2026 09:00
    const res = await post('set-appointment', {
      appointment_id: id,
      status_id: control,
      calendar_id: calId,
      date: '2026-03-12',
      time: '11:30',
    });
    expect(res.statusCode).toBe(200);
    const rows = await rowsOf(id);
    const waiting = rows.filter((r) => r.state === 'pending').map((r) => `${r.channel} ${r.purpose}`);
    expect(waiting.sort()).toEqual(
      [
        'email moved@2026-03-12T11:30',
        'sms moved@2026-03-12T11:30',
        'email reminder:24@2026-03-12T11:30',
        'sms reminder:24@2026-03-12T11:30',
        'email reminder:2@2026-03-12T11:30',
        'sms reminder:2@2026-03-12T11:30',
      ].sort(),
    );
    expect(
      rows
        .filter((r) => r.purpose?.startsWith('reminder:') && r.purpose.endsWith('@2026-03-11T09:00'))
        .every((r) => r.state === 'cancelled'),
    ).toBe(true);
    const movedMail = rows.find((r) => r.channel === 'email' && r.purpose === 'moved@2026-03-12T11:30')!;
    expect(movedMail.text).toContain('11.03.2026, ora 09:00');
    expect(movedMail.text).toContain('12.03.2026');
    // The old time's reminder never goes; the new one does, at its time.
    clock.at = new Date('2026-03-11T09:30:00Z');
    await worker.runUntilIdle();
    const sentNow = (await rowsOf(id)).filter((r) => r.state === 'sent').map((r) => r.purpose);
    expect(sentNow.filter((s) => s?.endsWith('@2026-03-11T09:00'))).toEqual([
      'scheduled@2026-03-11T09:00',
      'scheduled@2026-03-11T09:00',
    ]);
    expect(sentNow.filter((s) => s === 'reminder:24@2026-03-12T11:30')).toHaveLength(2);
    const ids = (await rowsOf(id)).map((r) => r.id);
    expect(
      (
        await db
          .select()
          .from(outbox)
          .where(and(inArray(outbox.id, ids), ne(outbox.state, 'cancelled')))
      ).length,
    ).toBe(8);
  });
});

describe('two server nodes', () => {
  it('send each due reminder once', async () => {
    const p = await makePatient(db, { email: 'doua@example.ro', phone: '+40722555111' });
    const id = await newAppointment(p.id, '2026-03-16', '10:30'); // 08:30 UTC
    const node = () =>
      createOutboxWorker(db, {
        senders: [emailSender({ mailDir, from: 'no-reply@test.example' }), smsSender({ smsDir })],
        maxInFlight: 2,
        sendTimeoutMs: 30_000,
        clock,
        expired: staleJourneyMessage,
        links: patientLinks(db, linkSecrets(ctx.app.deps.config)),
      });
    clock.at = new Date('2026-03-15T08:30:00Z');
    const [a, b] = [node(), node()];
    const sent = (await Promise.all([a.runUntilIdle(), b.runUntilIdle(), a.runUntilIdle()])).reduce(
      (x, y) => x + y,
      0,
    );
    const rows = (await rowsOf(id)).filter((r) => r.state === 'sent');
    // The confirmation (e-mail, SMS) and the 24-hour reminder (e-mail, SMS), each once.
    expect(rows.map((r) => `${r.channel} ${r.purpose}`).sort()).toEqual(
      [
        'email reminder:24@2026-03-16T10:30',
        'email scheduled@2026-03-16T10:30',
        'sms reminder:24@2026-03-16T10:30',
        'sms scheduled@2026-03-16T10:30',
      ].sort(),
    );
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
    expect(sent).toBeGreaterThanOrEqual(4);
    const smsFiles = (await readdir(smsDir)).filter((f) =>
      rows.some((r) => r.channel === 'sms' && f === `${String(r.id).padStart(6, '0')}.json`),
    );
    expect(smsFiles).toHaveLength(2);
  });
});

describe('a reminder whose appointment has begun', () => {
  it('is cancelled instead of sent (the gateway was down past it)', async () => {
    const p = await makePatient(db, { email: 'tarziu@example.ro', phone: '+40722555110' });
    const id = await newAppointment(p.id, '2026-03-13', '10:00'); // 08:00 UTC
    // Nothing was sent until after the start (the worker did not run: the gateway was down).
    clock.at = new Date('2026-03-13T08:00:00Z');
    await worker.runUntilIdle();
    const rows = await rowsOf(id);
    const reminders = rows.filter((r) => r.purpose?.startsWith('reminder:'));
    expect(reminders).toHaveLength(4);
    expect(reminders.every((r) => r.state === 'cancelled' && r.lastError?.startsWith('EXPIRED'))).toBe(true);
    // The confirmation itself still goes.
    expect(rows.filter((r) => r.purpose?.startsWith('scheduled@')).map((r) => r.state)).toEqual([
      'sent',
      'sent',
    ]);
    const files = await readdir(smsDir);
    for (const r of reminders) expect(files).not.toContain(`${String(r.id).padStart(6, '0')}.json`);
  });
});

describe('the SMS files', () => {
  it('every SMS written is GSM-7 and carries no CNP', async () => {
    const files = (await readdir(smsDir)).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) {
      const { text } = JSON.parse(await readFile(path.join(smsDir, f), 'utf8'));
      expect(isGsm7(text)).toBe(true);
      expect(text).not.toMatch(/\b[1-8]\d{12}\b/);
    }
  });
});
