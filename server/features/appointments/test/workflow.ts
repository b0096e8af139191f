import { eq } from 'drizzle-orm';
import { appointments } from '../../../db/schema/appointments';
import { auditEvents } from '../../../db/schema/audit';
import { MONDAY_10, makeCalendar, makePatient, makeStatus, movableClock } from '../../../test/factories';
import { setupTestApp, signedInStaff } from '../../../test/harness';

/** One app per test file for the appointment workflow tests, with the people, calendar and statuses they share. */
export async function setupWorkflow() {
  const ctx = await setupTestApp({ clock: movableClock(MONDAY_10) });
  const db = ctx.database.db;
  const staff = await signedInStaff(ctx, { doctor: false });
  const drA = await signedInStaff(ctx, { doctor: true, firstName: 'Ion', lastName: 'Ionescu' });
  const drB = await signedInStaff(ctx, { doctor: true, firstName: 'Maria', lastName: 'Popa' });
  const calId = (await makeCalendar(db, { unavailable: [{ from: '2026-03-09', to: '2026-03-10' }] })).id;
  const control = (await makeStatus(db, { title: 'Control' })).id;
  const cancelled = (await makeStatus(db, { title: 'Anulat', withoutAppointment: true })).id;
  const patient = await makePatient(db, { name: 'Elena Vasilescu', email: 'elena@example.ro' });
  const post = (url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url: `/api/appointment/${url}`, headers: staff.headers, payload });
  const row = async (id: number) => (await db.select().from(appointments).where(eq(appointments.id, id)))[0];
  const actions = async (action: string) =>
    db.select().from(auditEvents).where(eq(auditEvents.action, action));
  return { ctx, db, staff, drA, drB, calId, control, cancelled, patient, post, row, actions };
}
