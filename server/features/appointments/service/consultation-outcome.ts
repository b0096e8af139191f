/**
 * What the remote consultation (owner: consultations, issue 48) needs of its appointment, inside
 * its own transaction: the appointment's facts, locked, and the status its outcome sets: the
 * built-in "Efectuată" when it was held, "Neprezentat" when the patient did not answer (a
 * no-show in the no-show rate). Both built-in statuses are set here and by markNoShow only, so
 * the dashboard's "completed" and the no-show figures count recorded outcomes.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { appointments } from '../../../db/schema/appointments';
import { calendarTitles } from '../../../db/views';
import type { Actor } from '../../../platform/actor';
import { cancelPendingForAppointment } from '../../../platform/outbox';
import { patientContact } from '../../patients';
import * as writes from '../repository/writes';
import { auditAppointment } from './rules';

/**
 * The appointment a consultation is held for (locked until the transaction ends when `lock`), or
 * null. A start does not lock it: the consultation's unique index decides between two starts.
 */
export async function appointmentForConsultation(tx: Db, id: number, lock: boolean) {
  const row = lock
    ? await writes.lockAppointmentRow(tx, id)
    : ((await tx.select().from(appointments).where(eq(appointments.id, id)))[0] ?? null);
  if (!row) return null;
  const [cal] = row.calendarId
    ? await tx
        .select({ remote: calendarTitles.remote })
        .from(calendarTitles)
        .where(eq(calendarTitles.id, row.calendarId))
    : [];
  const contact = await patientContact(tx, row.patientId);
  return {
    id: row.id,
    patientId: row.patientId,
    doctorId: row.doctorId,
    calendarId: row.calendarId,
    holdsSlot: row.holdsSlot,
    date: row.selectedDate,
    time: row.selectedTime,
    remote: cal?.remote ?? false,
    phone: contact?.phone ?? null,
  };
}

/**
 * Sets the built-in status of a consultation's outcome on its (locked) appointment, drops the
 * reminders still waiting for it, audits the change.
 */
export async function recordConsultationOutcome(
  tx: Db,
  actor: Actor,
  input: { appointmentId: number; outcome: 'completed' | 'no_show'; now: Date },
) {
  const row = await writes.lockAppointmentRow(tx, input.appointmentId);
  if (!row) return;
  const statusId = await writes.builtinStatusId(tx, input.outcome);
  await writes.updateAppointment(tx, row, {
    status: 'custom',
    customStatusId: statusId,
    updatedAt: input.now,
  });
  await cancelPendingForAppointment(tx, row.id, 'reminder');
  await auditAppointment(
    tx,
    actor,
    input.outcome === 'completed' ? 'appointment.completed' : 'appointment.no-show',
    row,
    {
      date: row.selectedDate,
      calendarId: row.calendarId,
      doctorId: row.doctorId,
      remoteConsultation: true,
    },
  );
}
