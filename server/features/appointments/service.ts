/**
 * The appointment rules (DESIGN §6): the transition table enforced on every write, slots checked
 * against the calendar and the doctor, double booking refused by the database, every write
 * audited. What follows a change elsewhere (the patient's messages, a freed slot offered to the
 * waitlist) is an event the other features handle in the same transaction (platform/events.ts).
 */
import type { z } from 'zod';
import {
  APPOINTMENT_MESSAGES,
  type AppointmentAction,
  type assignDoctorSchema,
  type ConfirmTarget,
  canDo,
  canSetStatus,
  confirmAction,
  type newAppointmentSchema,
  noShowDue,
  refusalMessage,
  type setAppointmentSchema,
} from '../../../domain/appointments';
import { clinicInstant, clinicToday } from '../../../domain/dates';
import { SELF_SERVICE_MESSAGES } from '../../../domain/self-service';
import { inRanges } from '../../../domain/slots';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { audit, auditOf } from '../../platform/audit';
import { isActiveDoctor } from '../../platform/auth';
import { constraintViolation } from '../../platform/db-errors';
import type { Deps } from '../../platform/deps';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { FreedSlot } from '../../platform/events';
import { cancelPendingForAppointment } from '../../platform/outbox';
import { patientContact, removePatientIfOnlyThisRequest } from '../patients';
import { doctorTimeOff } from './repository/reads';
import type { AppointmentRow } from './repository/writes';
import * as writes from './repository/writes';
import { releaseRegistrationDay } from './repository/writes';
import { assertBookable, withSlotGuard } from './slot-rules';

const auditAppointment = auditOf('appointment');

/** The slot the row held before a change, if it held one. */
function heldSlot(row: AppointmentRow): FreedSlot | null {
  if (!(row.holdsSlot && row.calendarId && row.selectedDate && row.selectedTime)) return null;
  return {
    calendarId: row.calendarId,
    date: row.selectedDate,
    time: row.selectedTime,
    doctorId: row.doctorId,
  };
}

/** When the appointment starts; a request without a time starts at the start of its day. */
export function startsAt(a: { date: string | null; time: string | null }): Date | null {
  return a.date ? clinicInstant(a.date, a.time ?? '00:00') : null;
}

/** Until when the patient's page cancels: `noticeHours` before the start; null without a date. */
export function cancelUntil(a: { date: string | null; time: string | null }, noticeHours: number) {
  const start = startsAt(a);
  return start ? new Date(start.getTime() - noticeHours * 3_600_000) : null;
}

async function lockAppointment(tx: Db, id: number, action?: AppointmentAction) {
  const row = await writes.lockAppointmentRow(tx, id);
  if (!row) throw notFound(APPOINTMENT_MESSAGES.notFound);
  if (action && !canDo(row.status, action)) throw conflict(refusalMessage(action));
  return row;
}

async function customStatus(tx: Db, id: number) {
  const st = await writes.visibleStatus(tx, id);
  if (!st)
    throw badRequest(APPOINTMENT_MESSAGES.statusNotFound, { status_id: APPOINTMENT_MESSAGES.statusNotFound });
  // Set by its own action, after the appointment's time (markNoShow), so the figures stay true.
  if (st.builtin === 'no_show') throw conflict(APPOINTMENT_MESSAGES.noShowFromMenu);
  return st;
}

async function activeDoctor(tx: Db, id: string) {
  if (!(await isActiveDoctor(tx, id)))
    throw badRequest(APPOINTMENT_MESSAGES.doctorNotFound, { doctor_id: APPOINTMENT_MESSAGES.doctorNotFound });
}

/** The calendar, date and time a status that needs a slot must be given; 400 naming what is missing. */
function requiredSlot(input: { calendar_id?: number; date?: string; time?: string }) {
  const missing = (['calendar_id', 'date', 'time'] as const).filter((f) => input[f] === undefined);
  if (missing.length)
    throw badRequest(
      APPOINTMENT_MESSAGES.required,
      Object.fromEntries(missing.map((f) => [f, APPOINTMENT_MESSAGES.required])),
    );
  return { calendarId: input.calendar_id!, date: input.date!, time: input.time! };
}

/**
 * A public request still on its requested day (no slot of its own) gives its place back to that
 * day's public capacity; true when it did. A request the patient cancelled gave it back then (it
 * keeps its day for the record), so it never gives it twice.
 */
async function releasePublicDay(tx: Db, row: AppointmentRow): Promise<boolean> {
  if (!(row.publicRequest && !row.holdsSlot && row.calendarId && row.selectedDate) || row.cancelledAt)
    return false;
  await releaseRegistrationDay(tx, row.calendarId, row.selectedDate);
  return true;
}

type SetInput = z.output<typeof setAppointmentSchema>;
type NewInput = z.output<typeof newAppointmentSchema>;

export function createAppointmentsService({ db, clock, events, config }: Deps) {
  const today = () => clinicToday(clock.now());

  /** Tells the others that the row's slot is free now (the waitlist offers it). */
  async function freed(tx: Db, row: AppointmentRow) {
    const slot = heldSlot(row);
    if (slot) await events.emit(tx, 'slot.freed', slot);
  }

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
            await freed(tx, row);
          } else {
            const slot = requiredSlot(input);
            await assertBookable(tx, { ...slot, doctorId: row.doctorId, today: today() });
            ({ answersEnded } = await writes.updateAppointment(tx, row, {
              status: 'custom',
              customStatusId: st.id,
              calendarId: slot.calendarId,
              selectedDate: slot.date,
              selectedTime: slot.time,
              holdsSlot: true,
            }));
            const moved =
              !row.holdsSlot ||
              row.calendarId !== slot.calendarId ||
              row.selectedDate !== slot.date ||
              row.selectedTime?.slice(0, 5) !== slot.time;
            if (moved && row.holdsSlot) await freed(tx, row);
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
          if (slot) await assertBookable(tx, { ...slot, doctorId: input.doctor_id, today: today() });
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
            details: { doctorId: input.doctor_id, statusId: st.id, ...(slot ?? {}) },
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
        await freed(tx, row);
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
        await freed(tx, row);
        await auditAppointment(tx, actor, 'self-service.cancel', row, {
          date: row.selectedDate,
          calendarId: row.calendarId,
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

export type AppointmentsService = ReturnType<typeof createAppointmentsService>;
