/**
 * The shared setup of the journey tests (messages.test.ts, reminders.test.ts): each file calls
 * `journeyTestContext()` once at its top level and gets its own app on a clock the tests move
 * (reset after each test), an outbox worker writing DATA_DIR/mail/*.eml and DATA_DIR/sms/*.json,
 * signed-in staff, a calendar, statuses, and the helpers that read what the patient receives.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, expect } from 'vitest';
import { outbox } from '../../../db/schema/outbox';
import { emailSender } from '../../../platform/mail';
import { createOutboxWorker } from '../../../platform/outbox';
import { smsSender } from '../../../platform/sms';
import { makeCalendar, makePublicCalendar, makeStatus, nextIp } from '../../../test/factories';
import { setupTestApp, signedInStaff } from '../../../test/harness';
import { linkSecrets, patientLinks } from '../../self-service';
import { staleJourneyMessage } from '../service';

/** Monday 2 March 2026, 10:00 in Bucharest (08:00 UTC); in the past of the real time on purpose. */
const NOW = new Date('2026-03-02T08:00:00Z');
/** The patient's link in a message as sent. */
export const LINK = /http:\/\/localhost:3000\/p\/[A-Za-z0-9_-]{22}/;
/** What a queued or sent row keeps where the link goes (never the working link, issue 54). */
export const STORED_LINK = /\{link:appointment:\d+\}/;

export async function journeyTestContext() {
  const clock = { at: NOW, now: () => clock.at };
  const ctx = await setupTestApp({ clock });
  const db = ctx.database.db;
  const mailDir = path.join(ctx.dataDir, 'mail');
  const smsDir = path.join(ctx.dataDir, 'sms');

  const staff = await signedInStaff(ctx, { doctor: false });
  const doctor = await signedInStaff(ctx, { doctor: true, firstName: 'Ion', lastName: 'Ionescu' });
  await makePublicCalendar(db);
  const calId = (await makeCalendar(db, { title: 'Ambulatoriu etaj 2' })).id;
  const control = (await makeStatus(db, { title: 'Control' })).id;
  const cancelledStatus = (await makeStatus(db, { title: 'Anulat', withoutAppointment: true })).id;

  afterEach(() => {
    clock.at = NOW;
  });

  const worker = createOutboxWorker(db, {
    senders: [emailSender({ mailDir, from: 'no-reply@test.example' }), smsSender({ smsDir })],
    maxInFlight: 4,
    sendTimeoutMs: 30_000,
    clock,
    expired: staleJourneyMessage,
    links: patientLinks(db, linkSecrets(ctx.app.deps.config)),
  });

  const submit = (payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/appointment', payload, remoteAddress: nextIp() });
  const post = (url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url: `/api/appointment/${url}`, headers: staff.headers, payload });
  const rowsOf = (appointmentId: number) =>
    db.select().from(outbox).where(eq(outbox.appointmentId, appointmentId)).orderBy(outbox.id);
  const live = async (appointmentId: number) =>
    (await rowsOf(appointmentId)).filter((r) => r.state !== 'cancelled');
  const smsFile = async (id: number) =>
    JSON.parse(await readFile(path.join(smsDir, `${String(id).padStart(6, '0')}.json`), 'utf8')) as {
      to: string;
      text: string;
    };
  const mailFile = (id: number) => readFile(path.join(mailDir, `${String(id).padStart(6, '0')}.eml`), 'utf8');
  /** The decoded text of a written e-mail (quoted-printable undone). */
  const mailText = async (id: number) =>
    (await mailFile(id))
      .replace(/=\r?\n/g, '')
      .replace(/(=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'));

  async function newAppointment(patientId: number, date: string, time: string) {
    const res = await post('new-appointment', {
      doctor_id: doctor.id,
      patient_id: patientId,
      status_id: control,
      calendar_id: calId,
      date,
      time,
    });
    expect(res.statusCode).toBe(200);
    return res.json().id as number;
  }

  return {
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
    submit,
    post,
    rowsOf,
    live,
    smsFile,
    mailText,
    newAppointment,
  };
}
