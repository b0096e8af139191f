/**
 * Booking: staff confirm, book, move, re-assign and delete appointments; a waitlist offer the
 * patient accepts becomes one. Every slot is checked against the calendar and the doctor, and the
 * database refuses a double booking (slot-rules.ts).
 */
import type { z } from 'zod';
import {
  APPOINTMENT_MESSAGES,
  type assignDoctorSchema,
  type ConfirmTarget,
  canSetStatus,
  confirmAction,
  type newAppointmentSchema,
  refusalMessage,
  type setAppointmentSchema,
} from '../../../../domain/appointments';
import { clinicToday } from '../../../../domain/dates';
import { inRanges } from '../../../../domain/slots';
import type { Db } from '../../../db/client';
import type { Actor } from '../../../platform/actor';
import { audit } from '../../../platform/audit';
import { constraintViolation } from '../../../platform/db-errors';
import type { Deps } from '../../../platform/deps';
import { badRequest, conflict } from '../../../platform/errors';
import type { FreedSlot } from '../../../platform/events';
import { patientContact } from '../../patients';
import { doctorTimeOff } from '../repository/reads';
import * as writes from '../repository/writes';
import { assertBookable, withSlotGuard } from '../slot-rules';
import {
  activeDoctor,
  auditAppointment,
  customStatus,
  freed,
  lockAppointment,
  releasePublicDay,
  requiredSlot,
} from './rules';

type SetInput = z.output<typeof setAppointmentSchema>;
type NewInput = z.output<typeof newAppointmentSchema>;

export function bookingActions({ db, clock, events }: Deps) {
  const today = () => clinicToday(clock.now());
  /**
   * Says a slot is about to be booked, before the write: the waitlist refuses a slot its open
   * offer holds unless staff confirmed taking it (`take_held`), and ends that offer when they did.
   */
  const booking = (tx: Db, actor: Actor, slot: FreedSlot, takeHeld: boolean | undefined) =>
    events.emit(tx, 'slot.booking', { ...slot, takeHeld: takeHeld === true, actor });

  return {
    async confirm(actor: Actor, input: { appointmentId: number; status: ConfirmTarget }) {
      await db.transaction(async (tx) => {
        const row = await lockAppointment(tx, input.appointmentId, confirmAction(input.status));
        await writes.updateAppointment(tx, row, { status: input.status });
        await events.emit(tx, 'appointment.confirmed', { appointmentId: row.id, status: input.status });
        await auditAppointment(tx, actor, 'appointment.confirm', row, { from: row.status, to: input.status });
      });
    },

    async setAppointment(actor: Actor, input: SetInput) {
      await withSlotGuard(() =>
        db.transaction(async (tx) => {
          const row = await lockAppointment(tx, input.appointment_id);
          const st = await customStatus(tx, input.status_id!);
          // A status that needs no slot may be set from every status, one with a slot only after
          // the confirm path (issue 22, SPEC §4).
          if (!canSetStatus(row.status, { without_appointment: st.withoutAppointment }))
            throw conflict(refusalMessage('set_custom'));
          // The status decides whether a slot is needed, not the flag the browser sent.
          let answersEnded: writes.PatientAnswers | null = null;
          if (st.withoutAppointment) {
            // The slot is freed; a public request still on its requested day also gives that
            // day's place back and keeps no day (what the patient asked for stays in
            // request_data), so a later delete does not give it back twice.
            const freesDay = await releasePublicDay(tx, row);
            ({ answersEnded } = await writes.updateAppointment(tx, row, {
              status: 'custom',
              customStatusId: st.id,
              holdsSlot: false,
              ...(freesDay ? { calendarId: null, selectedDate: null, selectedTime: null } : {}),
            }));
            await events.emit(tx, 'appointment.cancelled', { appointment: row });
            await freed(events, tx, row);
          } else {
            const slot = requiredSlot(input);
            await assertBookable(tx, { ...slot, doctorId: row.doctorId, today: today() });
            const moved =
              !row.holdsSlot ||
              row.calendarId !== slot.calendarId ||
              row.selectedDate !== slot.date ||
              row.selectedTime?.slice(0, 5) !== slot.time;
            if (moved) await booking(tx, actor, { ...slot, doctorId: row.doctorId }, input.take_held);
            ({ answersEnded } = await writes.updateAppointment(tx, row, {
              status: 'custom',
              customStatusId: st.id,
              calendarId: slot.calendarId,
              selectedDate: slot.date,
              selectedTime: slot.time,
              holdsSlot: true,
            }));
            if (moved && row.holdsSlot) await freed(events, tx, row);
            if (moved)
              await events.emit(tx, 'appointment.scheduled', {
                appointmentId: row.id,
                previous:
                  row.holdsSlot && row.selectedDate && row.selectedTime
                    ? { date: row.selectedDate, time: row.selectedTime }
                    : null,
              });
          }
          await auditAppointment(tx, actor, 'appointment.set-status', row, {
            from: row.status,
            statusId: st.id,
            withoutAppointment: st.withoutAppointment,
            ...(st.withoutAppointment
              ? {}
              : { calendarId: input.calendar_id, date: input.date, time: input.time }),
            // The patient's answers about the old day, ended by the move (the patient confirms the new one).
            ...(answersEnded ? { answersEnded } : {}),
            // Staff confirmed taking a slot a waitlist offer held (the offer's end is audited by the waitlist).
            ...(input.take_held ? { takeHeld: true } : {}),
          });
        }),
      );
    },

    async create(actor: Actor, input: NewInput): Promise<number> {
      return withSlotGuard(() =>
        db.transaction(async (tx) => {
          await activeDoctor(tx, input.doctor_id);
          const pt = await patientContact(tx, input.patient_id!);
          if (!pt)
            throw badRequest(APPOINTMENT_MESSAGES.patientNotFound, {
              patient_id: APPOINTMENT_MESSAGES.patientNotFound,
            });
          const st = await customStatus(tx, input.status_id!);
          const slot = st.withoutAppointment ? null : requiredSlot(input);
          if (slot) {
            await assertBookable(tx, { ...slot, doctorId: input.doctor_id, today: today() });
            await booking(tx, actor, { ...slot, doctorId: input.doctor_id }, input.take_held);
          }
          const id = await writes.insertAppointment(tx, {
            patientId: input.patient_id!,
            doctorId: input.doctor_id,
            status: 'scheduled',
            customStatusId: st.id,
            calendarId: slot?.calendarId ?? null,
            selectedDate: slot?.date ?? null,
            selectedTime: slot?.time ?? null,
            holdsSlot: slot !== null,
          });
          if (slot) await events.emit(tx, 'appointment.scheduled', { appointmentId: id, previous: null });
          await audit(tx, actor, {
            action: 'appointment.create',
            entityType: 'appointment',
            entityId: id,
            patientId: input.patient_id,
            details: {
              doctorId: input.doctor_id,
              statusId: st.id,
              ...(slot ?? {}),
              ...(slot && input.take_held ? { takeHeld: true } : {}),
            },
          });
          return id;
        }),
      );
    },

    async assignDoctor(actor: Actor, input: z.output<typeof assignDoctorSchema>) {
      await withSlotGuard(() =>
        db.transaction(async (tx) => {
          const row = await lockAppointment(tx, input.appointmentId);
          await activeDoctor(tx, input.doctor_id);
          if (row.selectedDate && inRanges(row.selectedDate, await doctorTimeOff(tx, input.doctor_id)))
            throw conflict(APPOINTMENT_MESSAGES.doctorTimeOff);
          await writes.updateAppointment(tx, row, { doctorId: input.doctor_id });
          await auditAppointment(tx, actor, 'appointment.assign-doctor', row, {
            from: row.doctorId,
            to: input.doctor_id,
          });
        }),
      );
    },

    async remove(actor: Actor, input: { appointmentId: number }) {
      await db.transaction(async (tx) => {
        const row = await lockAppointment(tx, input.appointmentId);
        await events.emit(tx, 'appointment.cancelled', { appointment: row });
        await writes.deleteAppointmentRow(tx, row.id);
        await releasePublicDay(tx, row);
        await freed(events, tx, row);
        await auditAppointment(tx, actor, 'appointment.delete', row, {
          status: row.status,
          customStatusId: row.customStatusId,
          calendarId: row.calendarId,
          date: row.selectedDate,
          time: row.selectedTime,
          doctorId: row.doctorId,
        });
      });
    },

    /**
     * The appointment a waitlist offer becomes when the patient accepts it (issue 15), in the
     * caller's transaction: inserted holding the slot, inside a savepoint, so the database's slot
     * indexes decide a race with another booking and the caller can record a lost one. The new
     * appointment's id, or null when the slot (or the doctor at that time) was taken meanwhile.
     */
    async bookFromWaitlist(tx: Db, booking: FreedSlot & { patientId: number }): Promise<number | null> {
      let id: number;
      try {
        id = await tx.transaction((sp) =>
          writes.insertAppointment(sp as unknown as Db, {
            patientId: booking.patientId,
            doctorId: booking.doctorId,
            status: 'scheduled',
            calendarId: booking.calendarId,
            selectedDate: booking.date,
            selectedTime: booking.time,
            holdsSlot: true,
          }),
        );
      } catch (err) {
        if (constraintViolation(err)?.kind === 'unique') return null;
        throw err;
      }
      await events.emit(tx, 'appointment.scheduled', { appointmentId: id, previous: null });
      return id;
    },
  };
}
