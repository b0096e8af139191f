/**
 * Staff mark public requests as spam (issue 20 §2): each request leaves at once, its place in the
 * day's public capacity comes back, the messages still waiting for it are dropped, and the patient
 * row it created goes too when nothing else refers to it. All or none: one id that is not an
 * unanswered public request refuses the whole batch, so nothing is half done. Audited per request.
 */
import { APPOINTMENT_MESSAGES } from '../../../domain/appointments';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { conflict, notFound } from '../../platform/errors';
import { cancelPendingForAppointment } from '../../platform/outbox';
import { releasePublicDay } from './service';
import { deletePatientCreatedBy, deleteRequest, lockAppointments } from './spam-repository';

export type SpamResult = { marked: number; patientsRemoved: number };

export async function markRequestsAsSpam(
  ctx: { db: Db; actor: Actor },
  ids: readonly number[],
): Promise<SpamResult> {
  const unique = [...new Set(ids)];
  return ctx.db.transaction(async (tx) => {
    const rows = await lockAppointments(tx, unique);
    if (rows.length !== unique.length) throw notFound(APPOINTMENT_MESSAGES.notFound);
    // Only what the public form sent and nobody has answered yet: a confirmed or scheduled
    // appointment is the institute's own work, not spam.
    if (rows.some((r) => !r.publicRequest || r.status !== 'request'))
      throw conflict(APPOINTMENT_MESSAGES.spamNotRequest);
    let patientsRemoved = 0;
    for (const row of rows) {
      await releasePublicDay(tx, row);
      await cancelPendingForAppointment(tx, row.id);
      await deleteRequest(tx, row.id);
      const patientRemoved = await deletePatientCreatedBy(tx, row);
      if (patientRemoved) patientsRemoved++;
      await audit(tx, ctx.actor, {
        action: 'appointment.spam',
        entityType: 'appointment',
        entityId: row.id,
        patientId: row.patientId,
        details: { calendarId: row.calendarId, date: row.selectedDate, patientRemoved },
      });
    }
    return { marked: rows.length, patientsRemoved };
  });
}
