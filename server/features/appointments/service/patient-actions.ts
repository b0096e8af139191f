/** What the patient does on their own page (/p/…): confirm, ask for another date, cancel. */
import { SELF_SERVICE_MESSAGES } from '../../../../domain/self-service';
import type { Actor } from '../../../platform/actor';
import type { Deps } from '../../../platform/deps';
import { conflict } from '../../../platform/errors';
import { cancelPendingForAppointment } from '../../../platform/outbox';
import * as writes from '../repository/writes';
import { auditAppointment, cancelUntil, freed, lockAppointment, releasePublicDay } from './rules';

export function patientActions({ db, clock, events, config }: Deps) {
  return {
    /** The patient confirms, on their page, that they will come. */
    async confirmAttendanceByPatient(actor: Actor, input: { appointmentId: number }) {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const row = await lockAppointment(tx, input.appointmentId);
        if (row.cancelledAt) throw conflict(SELF_SERVICE_MESSAGES.alreadyCancelled);
        await writes.updateAppointment(tx, row, { attendanceConfirmedAt: now, updatedAt: now });
        await auditAppointment(tx, actor, 'self-service.confirm', row);
      });
    },

    /** The patient asks, on their page, for another date (a flag staff see) and says why. */
    async requestRescheduleByPatient(actor: Actor, input: { appointmentId: number; note: string }) {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const row = await lockAppointment(tx, input.appointmentId);
        if (row.cancelledAt) throw conflict(SELF_SERVICE_MESSAGES.alreadyCancelled);
        await writes.updateAppointment(tx, row, {
          rescheduleRequestedAt: now,
          rescheduleNote: input.note,
          updatedAt: now,
        });
        await auditAppointment(tx, actor, 'self-service.reschedule', row);
      });
    },

    /**
     * The patient cancels: the built-in "Anulat de pacient" status, the slot free at once (a public
     * request's place in its day too), the messages still waiting for it dropped. Refused after
     * SELF_SERVICE_CANCEL_HOURS before the start.
     */
    async cancelByPatient(actor: Actor, input: { appointmentId: number }) {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const row = await lockAppointment(tx, input.appointmentId);
        if (row.cancelledAt) throw conflict(SELF_SERVICE_MESSAGES.alreadyCancelled);
        const until = cancelUntil(
          { date: row.selectedDate, time: row.selectedTime },
          config.SELF_SERVICE_CANCEL_HOURS,
        );
        if (!until || now.getTime() > until.getTime())
          throw conflict(SELF_SERVICE_MESSAGES.tooLateToCancel(config.INSTITUTE_PHONE));
        await releasePublicDay(tx, row);
        await writes.updateAppointment(tx, row, {
          status: 'custom',
          customStatusId: await writes.builtinStatusId(tx, 'cancelled_by_patient'),
          holdsSlot: false,
          cancelledAt: now,
          cancelledBy: 'patient',
          updatedAt: now,
        });
        await cancelPendingForAppointment(tx, row.id);
        await freed(events, tx, row);
        await auditAppointment(tx, actor, 'self-service.cancel', row, {
          date: row.selectedDate,
          calendarId: row.calendarId,
        });
      });
    },
  };
}
