/**
 * Staff mark public requests as spam from the appointment list (issue 20 §2): the day's places
 * come back at once, the patient rows those requests created go when nothing else refers to them,
 * every removal is audited, and a batch with one wrong id changes nothing.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { nextWeekday } from '../../../domain/dates';
import { appointments, auditEvents, outbox, patients, registrationDays } from '../../db/schema';
import {
  makeAppointment,
  makeDocument,
  makePatient,
  makePublicCalendar,
  nextIp,
  nextRealWeekday,
  registrationForm,
} from '../../test/factories';
import { setupTestApp, signedInStaff } from '../../test/harness';

const ctx = await setupTestApp();
const db = ctx.database.db;
const { id: calendarId } = await makePublicCalendar(db, { dailyCapacity: 3 });
const [dayA, dayB, dayC] = [
  nextRealWeekday(),
  nextWeekday(nextRealWeekday()),
  nextWeekday(nextWeekday(nextRealWeekday())),
];
const staff = await signedInStaff(ctx, { doctor: true, role: 'doctor' });
const FULL = { status: 0, message: 'Data selectata nu este disponibila!' };

const submit = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/appointment', payload, remoteAddress: nextIp() });
const checkDate = (day: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/appointment/check-register-date',
    query: { filters: JSON.stringify({ selected_date: day }) },
    remoteAddress: nextIp(),
  });
/** The id of the request a form made (anonymous callers are never told it). */
async function requestIdOf(f: Record<string, unknown>) {
  const [row] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .where(and(eq(patients.cnp, String(f.cnp)), eq(appointments.selectedDate, String(f.appt_date))));
  return row.id;
}

const markSpam = (ids: unknown, headers = staff.headers) =>
  ctx.app.inject({ method: 'POST', url: '/api/appointment/spam', headers, payload: { ids } });

/** Sends `n` requests for `day` from made-up CNPs, as a script would, and returns their ids. */
async function flood(day: string, n: number) {
  const forms = Array.from({ length: n }, () => registrationForm({ appt_date: day }));
  for (const f of forms) expect((await submit(f)).statusCode).toBe(201);
  return Promise.all(forms.map((f) => requestIdOf(f)));
}

async function placesTaken(day: string) {
  const [row] = await db
    .select({ count: registrationDays.count })
    .from(registrationDays)
    .where(and(eq(registrationDays.calendarId, calendarId), eq(registrationDays.day, day)));
  return row?.count ?? 0;
}

describe('marking public requests as spam', () => {
  it('frees the day at once, removes the patients the requests created, and audits each', async () => {
    const day = dayA;
    const ids = await flood(day, 3);
    expect((await checkDate(day)).json()).toEqual(FULL);
    const patientIds = (await db.select().from(appointments).where(inArray(appointments.id, ids))).map(
      (a) => a.patientId,
    );
    const res = await markSpam(ids);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 1,
      message: 'Cererile au fost marcate ca spam.',
      marked: 3,
      patients_removed: 3,
    });
    // A real patient can ask for that day again, and the script's rows are gone.
    expect(await placesTaken(day)).toBe(0);
    expect((await checkDate(day)).json()).toEqual({ status: 1 });
    expect(await db.select().from(appointments).where(inArray(appointments.id, ids))).toEqual([]);
    expect(await db.select().from(patients).where(inArray(patients.id, patientIds))).toEqual([]);
    // The acknowledgement e-mails still waiting for those requests are not sent.
    const waiting = await db
      .select()
      .from(outbox)
      .where(and(inArray(outbox.appointmentId, ids), eq(outbox.state, 'pending')));
    expect(waiting).toEqual([]);
    const trail = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'appointment.spam'), inArray(auditEvents.patientId, patientIds)));
    expect(trail.map((e) => [e.actorId, e.entityId])).toEqual(
      expect.arrayContaining(ids.map((id) => [staff.id, String(id)])),
    );
    expect(trail).toHaveLength(3);
    expect(trail.every((e) => (e.details as { patientRemoved: boolean }).patientRemoved)).toBe(true);
  });

  it('keeps a patient who has anything else on record, and a patient staff entered', async () => {
    const day = dayB;
    // A known patient (entered by staff earlier) whose CNP a script used.
    const known = await makePatient(db, { createdBy: staff.id });
    const knownForm = registrationForm({ appt_date: day, cnp: known.cnp });
    expect((await submit(knownForm)).statusCode).toBe(201);
    // A patient the public form created, who has a document since.
    const [withDocument] = await flood(day, 1);
    const [docRequest] = await db.select().from(appointments).where(eq(appointments.id, withDocument));
    await makeDocument(db, docRequest.patientId, { title: 'Scrisoare medicală', filename: 'scrisoare.pdf' });
    const ids = [await requestIdOf(knownForm), withDocument];
    const res = await markSpam(ids);
    expect(res.json()).toMatchObject({ marked: 2, patients_removed: 0 });
    const kept = await db
      .select({ id: patients.id })
      .from(patients)
      .where(inArray(patients.id, [known.id, docRequest.patientId]));
    expect(kept).toHaveLength(2);
    expect(await placesTaken(day)).toBe(0);
  });

  it('refuses the whole batch when one id is not an unanswered public request, and changes nothing', async () => {
    const day = dayC;
    const ids = await flood(day, 2);
    const patient = await makePatient(db);
    const scheduled = await makeAppointment(db, { patientId: patient.id, status: 'scheduled_paperless' });
    const res = await markSpam([...ids, scheduled.id]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Doar cererile trimise din formularul public și încă neconfirmate pot fi marcate ca spam.',
    );
    expect(await db.select().from(appointments).where(inArray(appointments.id, ids))).toHaveLength(2);
    expect(await placesTaken(day)).toBe(2);

    const unknown = await markSpam([ids[0], 999999]);
    expect(unknown.statusCode).toBe(404);
    expect(await placesTaken(day)).toBe(2);
  });

  it('answers bad input with a Romanian message', async () => {
    const empty = await markSpam([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ ids: 'Alegeți cel puțin o cerere.' });
    const many = await markSpam(Array.from({ length: 101 }, (_, i) => i + 1));
    expect(many.statusCode).toBe(400);
    expect(many.json().errors).toEqual({ ids: 'Cel mult 100 de cereri o dată.' });
    const extra = await ctx.app.inject({
      method: 'POST',
      url: '/api/appointment/spam',
      headers: staff.headers,
      payload: { ids: [1], all: true },
    });
    expect(extra.statusCode).toBe(400);
  });
});
