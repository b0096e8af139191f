/**
 * The consultation API tests' shared setting: an app on a fresh database with a clock the tests
 * can move (signed letter links expire), a signed-in doctor, a patient, and helpers to save
 * consultation sections and read back groups, entries and audit events. Each test file that
 * calls it gets its own database.
 */
import { and, eq } from 'drizzle-orm';
import { auditEvents } from '../../../db/schema/audit';
import { consultationEntries, consultationGroups } from '../../../db/schema/consultations';
import { makePatient, movableClock, MONDAY_AFTER_MIDNIGHT as NOW } from '../../../test/factories';
import { setupTestApp, signedInStaff } from '../../../test/harness';

export async function consultationsContext(env: Record<string, string> = {}) {
  /** The app's clock: `clock.at` is "now" for the server. */
  const clock = movableClock(NOW);
  const ctx = await setupTestApp({ clock, env });
  const db = ctx.database.db;
  const doctor = await signedInStaff(ctx, { firstName: 'Ioana', lastName: 'Popescu' });
  const patientId = (
    await makePatient(db, {
      name: 'Ștefan Țăranu',
      gpName: 'Dr. Elena Mureșan',
      gpEmail: 'dr.muresan@example.com',
    })
  ).id;

  const save = (payload: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/patients',
      payload: { patientId, ...payload },
      headers: doctor.headers,
    });
  const groupsOf = (pid: number) =>
    db.select().from(consultationGroups).where(eq(consultationGroups.patientId, pid));
  const entriesOf = (guid: string) =>
    db
      .select()
      .from(consultationEntries)
      .where(eq(consultationEntries.groupGuid, guid))
      .orderBy(consultationEntries.id);
  const audited = (action: string, pid: number) =>
    db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.patientId, pid)));

  return { clock, ctx, db, doctor, patientId, save, groupsOf, entriesOf, audited };
}
