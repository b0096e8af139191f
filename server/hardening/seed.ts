/**
 * A small clinic for the hardening tests: staff of every role, patients, a calendar with
 * availability, a custom status, appointments, a time-off period, a consultation with its letter
 * and an uploaded document. Returns the valid ids the fuzz puts into route parameters.
 */
import { sql } from 'drizzle-orm';
import * as s from '../db/schema';
import { PDF } from '../features/documents/test/samples';
import { makeAppointment, makeCalendar, makePatient, makeStatus } from '../test/factories';
import { type Staff, signedInStaff, type TestContext } from '../test/harness';
import { multipart, type Part } from '../test/multipart';

export { multipart, type Part };

export type Seed = {
  superadmin: Staff;
  doctor: Staff;
  admin: Staff;
  ids: {
    patients: number[];
    appointments: number[];
    calendars: number[];
    statuses: number[];
    availability: number[];
    unavailable: number[];
    documents: number[];
    entries: number[];
    timeOff: number[];
    users: string[];
    guids: string[];
  };
};

export async function uploadDocument(ctx: TestContext, who: Staff, patientId: number, title = 'Analize') {
  const { payload, contentType } = multipart([
    { name: 'title', value: title },
    { name: 'patient_id', value: String(patientId) },
    { name: 'document', filename: 'analize.pdf', data: PDF, type: 'application/pdf' },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/documents',
    headers: { ...who.headers, 'content-type': contentType },
    payload,
  });
}

export async function seedClinic(ctx: TestContext): Promise<Seed> {
  const db = ctx.database.db;
  const superadmin = await signedInStaff(ctx, { superadmin: true, role: 'superadmin', doctor: true });
  const doctor = await signedInStaff(ctx, { doctor: true, role: 'doctor' });
  const admin = await signedInStaff(ctx, { doctor: false, role: 'admin' });
  // A second superadmin the fuzz may edit or deactivate without locking itself out.
  const spare = await signedInStaff(ctx, { superadmin: true, role: 'superadmin', doctor: true });

  const p1 = await makePatient(db, { name: 'Maria Ionescu' });
  const p2 = await makePatient(db, { name: 'Ion Popescu' });
  const cal = await makeCalendar(db, { unavailable: [{ from: '2030-01-01', to: '2030-01-02' }] });
  const status = await makeStatus(db, { title: 'Reprogramare' });
  const a1 = await makeAppointment(db, { patientId: p1.id, status: 'pending', publicRequest: true });
  const a2 = await makeAppointment(db, {
    patientId: p2.id,
    status: 'confirmed',
    doctorId: doctor.id,
    slot: { calendarId: cal.id, date: '2030-03-04', time: '09:00' },
  });

  const consult = await ctx.app.inject({
    method: 'PUT',
    url: '/api/patients',
    headers: doctor.headers,
    payload: { patientId: p1.id, consultationTitle: 'Consultatie', reason: '<p>Durere</p>' },
  });
  const guid = consult.json()?.consultation?.guid as string | undefined;
  if (guid)
    await ctx.app.inject({
      method: 'POST',
      url: `/api/patients/${p1.id}/consultation-letter`,
      headers: doctor.headers,
      payload: { guid, content: '<p>Scrisoare</p>' },
    });
  await uploadDocument(ctx, doctor, p1.id);
  await ctx.app.inject({
    method: 'POST',
    url: '/api/my-account',
    headers: superadmin.headers,
    payload: { from: '2030-05-01', to: '2030-05-03' },
  });

  const ids = async (table: string) =>
    (
      (await db.execute(sql.raw(`select id from ${table} order by id`))) as unknown as {
        rows: { id: number }[];
      }
    ).rows.map((r) => r.id);
  return {
    superadmin,
    doctor,
    admin,
    ids: {
      patients: await ids('patients'),
      appointments: [a1.id, a2.id],
      calendars: await ids('calendars'),
      statuses: [status.id],
      availability: (await ids('calendar_availability')).slice(0, 3),
      unavailable: await ids('calendar_unavailable_days'),
      documents: await ids('documents'),
      entries: await ids('consultation_entries'),
      timeOff: await ids('time_off'),
      users: [doctor.id, admin.id, spare.id],
      guids: guid ? [guid] : [],
    },
  };
}

/** Tables whose rows a refused (4xx) request must leave alone. */
export const GUARDED_TABLES = [
  s.patients,
  s.appointments,
  s.calendars,
  s.calendarAvailability,
  s.calendarUnavailableDays,
  s.appointmentStatuses,
  s.registrationDays,
  s.timeOff,
  s.documents,
  s.consultationGroups,
  s.consultationEntries,
  s.consents,
  s.outbox,
  s.users,
  s.accounts,
  s.twoFactors,
];
