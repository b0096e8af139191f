/**
 * What staff record after the fact: a no-show once the time has passed, and public requests
 * that were spam.
 */
import { APPOINTMENT_MESSAGES, noShowDue } from '../../../../domain/appointments';
import type { Actor } from '../../../platform/actor';
import type { Deps } from '../../../platform/deps';
import { conflict, notFound } from '../../../platform/errors';
import { cancelPendingForAppointment } from '../../../platform/outbox';
import { removePatientIfOnlyThisRequest } from '../../patients';
import * as writes from '../repository/writes';
import { auditAppointment, lockAppointment, releasePublicDay } from './rules';

export function outcomeActions({ db, clock, events }: Deps) {
  return {
    /**
     * "Neprezentat" (issue 15): only once the appointment's time has passed and only for one that
     * holds a slot. The built-in status is set here and nowhere else, so the no-show figures
     * count only real no-shows.
     */
    async markNoShow(actor: Actor, input: { appointmentId: number }) {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const row = await lockAppointment(tx, input.appointmentId);
        if (!row.holdsSlot || !row.calendarId) throw conflict(APPOINTMENT_MESSAGES.noShowNoSlot);
        const slot = { holdsSlot: row.holdsSlot, date: row.selectedDate, time: row.selectedTime };
        if (!noShowDue(slot, now)) throw conflict(APPOINTMENT_MESSAGES.noShowTooEarly);
        const statusId = await writes.builtinStatusId(tx, 'no_show');
        await writes.updateAppointment(tx, row, {
          status: 'custom',
          customStatusId: statusId,
          updatedAt: now,
        });
        await cancelPendingForAppointment(tx, row.id, 'reminder');
        await auditAppointment(tx, actor, 'appointment.no-show', row, {
          date: row.selectedDate,
          calendarId: row.calendarId,
          doctorId: row.doctorId,
        });
      });
    },

    /**
     * Staff mark public requests as spam (issue 20 §2): each leaves at once, its place in the
     * day's capacity comes back, the messages waiting for it are dropped, and the patient row it
     * created goes too when nothing else refers to it. All or none, audited per request.
     */
    async markSpam(actor: Actor, input: { ids: readonly number[] }) {
      const unique = [...new Set(input.ids)];
      return db.transaction(async (tx) => {
        const rows = await writes.lockAppointmentRows(tx, unique);
        if (rows.length !== unique.length) throw notFound(APPOINTMENT_MESSAGES.notFound);
        // Only what the public form sent and nobody has answered yet.
        if (rows.some(({ row }) => !row.publicRequest || row.status !== 'request'))
          throw conflict(APPOINTMENT_MESSAGES.spamNotRequest);
        let patientsRemoved = 0;
        for (const { row, createdAtExact } of rows) {
          await releasePublicDay(tx, row);
          await cancelPendingForAppointment(tx, row.id);
          await events.emit(tx, 'request.discarded', { appointmentId: row.id, patientId: row.patientId });
          await writes.deleteAppointmentRow(tx, row.id);
          const patientRemoved = await removePatientIfOnlyThisRequest(tx, row.patientId, createdAtExact);
          if (patientRemoved) patientsRemoved++;
          await auditAppointment(tx, actor, 'appointment.spam', row, {
            calendarId: row.calendarId,
            date: row.selectedDate,
            patientRemoved,
          });
        }
        return { marked: rows.length, patientsRemoved };
      });
    },
  };
}
