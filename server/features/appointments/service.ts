/**
 * The appointment rules (DESIGN §6): the transition table enforced on every write, slots checked
 * against the calendar and the doctor, double booking refused by the database, every write
 * audited, the patient told by e-mail when the appointment gets a date and time.
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
  refusalMessage,
  type setAppointmentSchema,
} from '../../../domain/appointments';
import { inRanges } from '../../../domain/slots';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { Journey } from '../journey';
import { doctorTimeOff, isActiveDoctor } from './reference-repository';
import { assertBookable, withSlotGuard } from './slot-rules';
import {
  type AppointmentRow,
  deleteAppointmentRow,
  insertAppointment,
  lockAppointmentRow,
  patientContact,
  releaseRegistrationDay,
  updateAppointment,
  visibleStatus,
} from './write-repository';

/** A slot an appointment stopped holding (the waitlist offers it, in the same transaction). */
export type FreedSlot = { calendarId: number; date: string; time: string; doctorId: string | null };
export type SlotFreed = (tx: Db, slot: FreedSlot) => Promise<void>;

/**
 * `journey` queues the patient's messages inside the change's transaction (features/journey);
 * `slotFreed` offers a slot the change freed to the waitlist (features/waitlist), also inside it.
 */
export type Ctx = {
  db: Db;
  actor: Actor;
  today: string;
  institute: string;
  journey: Journey;
  slotFreed?: SlotFreed;
};

/** The slot the row held before a change, if it held one. */
export function heldSlot(row: AppointmentRow): FreedSlot | null {
  if (!(row.holdsSlot && row.calendarId && row.selectedDate && row.selectedTime)) return null;
  return {
    calendarId: row.calendarId,
    date: row.selectedDate,
    time: row.selectedTime,
    doctorId: row.doctorId,
  };
}

export async function freed(ctx: Pick<Ctx, 'slotFreed'>, tx: Db, row: AppointmentRow) {
  const slot = heldSlot(row);
  if (slot && ctx.slotFreed) await ctx.slotFreed(tx, slot);
}

export async function lockAppointment(tx: Db, id: number, action?: AppointmentAction) {
  const row = await lockAppointmentRow(tx, id);
  if (!row) throw notFound(APPOINTMENT_MESSAGES.notFound);
  if (action && !canDo(row.status, action)) throw conflict(refusalMessage(action));
  return row;
}

async function customStatus(tx: Db, id: number) {
  const st = await visibleStatus(tx, id);
  if (!st)
    throw badRequest(APPOINTMENT_MESSAGES.statusNotFound, { status_id: APPOINTMENT_MESSAGES.statusNotFound });
  // Set by its own action, after the appointment's time (no-show.ts), so the figures stay true.
  if (st.builtin === 'no_show') throw conflict(APPOINTMENT_MESSAGES.noShowFromMenu);
  return st;
}

/**
 * A public request still on its requested day (no slot of its own) gives its place back to that
 * day's public capacity; true when it did. A request the patient cancelled gave it back then (it
 * keeps its day for the record), so it never gives it twice.
 */
export async function releasePublicDay(tx: Db, row: AppointmentRow): Promise<boolean> {
  if (!(row.publicRequest && !row.holdsSlot && row.calendarId && row.selectedDate) || row.cancelledAt)
    return false;
  await releaseRegistrationDay(tx, row.calendarId, row.selectedDate);
  return true;
}

export async function confirm(ctx: Ctx, appointmentId: number, target: ConfirmTarget) {
  return ctx.db.transaction(async (tx) => {
    const row = await lockAppointment(tx, appointmentId, confirmAction(target));
    await updateAppointment(tx, row.id, { status: target });
    await ctx.journey.confirmed(tx, row.id, target);
    await audit(tx, ctx.actor, {
      action: 'appointment.confirm',
      entityType: 'appointment',
      entityId: row.id,
      patientId: row.patientId,
      details: { from: row.status, to: target },
    });
  });
}

type SetInput = z.output<typeof setAppointmentSchema>;

export async function setAppointment(ctx: Ctx, input: SetInput) {
  return withSlotGuard(() =>
    ctx.db.transaction(async (tx) => {
      const row = await lockAppointment(tx, input.appointment_id);
      const st = await customStatus(tx, input.status_id!);
      // A status that needs no slot may be set from every status, one with a slot only after the
      // confirm path (issue 22, SPEC §4).
      if (!canSetStatus(row.status, { without_appointment: st.withoutAppointment }))
        throw conflict(refusalMessage('set_custom'));
      // The status decides whether a slot is needed, not the flag the browser sent.
      if (st.withoutAppointment) {
        // The slot is freed (holds_slot false); a public request still on its requested day also
        // gives that day's place back and keeps no day (what the patient asked for stays in
        // request_data), so a later delete does not give it back twice.
        const freesDay = await releasePublicDay(tx, row);
        await updateAppointment(tx, row.id, {
          status: 'custom',
          customStatusId: st.id,
          holdsSlot: false,
          ...(freesDay ? { calendarId: null, selectedDate: null, selectedTime: null } : {}),
        });
        await ctx.journey.cancelledByStaff(tx, row);
        await freed(ctx, tx, row);
      } else {
        const missing = (['calendar_id', 'date', 'time'] as const).filter((f) => input[f] === undefined);
        if (missing.length)
          throw badRequest(
            APPOINTMENT_MESSAGES.required,
            Object.fromEntries(missing.map((f) => [f, APPOINTMENT_MESSAGES.required])),
          );
        const slot = { calendarId: input.calendar_id!, date: input.date!, time: input.time! };
        await assertBookable(tx, { ...slot, doctorId: row.doctorId, today: ctx.today });
        await updateAppointment(tx, row.id, {
          status: 'custom',
          customStatusId: st.id,
          calendarId: slot.calendarId,
          selectedDate: slot.date,
          selectedTime: slot.time,
          holdsSlot: true,
        });
        const moved =
          !row.holdsSlot ||
          row.calendarId !== slot.calendarId ||
          row.selectedDate !== slot.date ||
          row.selectedTime?.slice(0, 5) !== slot.time;
        if (moved && row.holdsSlot) await freed(ctx, tx, row);
        if (moved)
          await ctx.journey.scheduled(
            tx,
            row.id,
            row.holdsSlot && row.selectedDate && row.selectedTime
              ? { date: row.selectedDate, time: row.selectedTime }
              : null,
          );
      }
      await audit(tx, ctx.actor, {
        action: 'appointment.set-status',
        entityType: 'appointment',
        entityId: row.id,
        patientId: row.patientId,
        details: {
          from: row.status,
          statusId: st.id,
          withoutAppointment: st.withoutAppointment,
          ...(st.withoutAppointment
            ? {}
            : { calendarId: input.calendar_id, date: input.date, time: input.time }),
        },
      });
    }),
  );
}

type NewInput = z.output<typeof newAppointmentSchema>;

export async function createAppointment(ctx: Ctx, input: NewInput): Promise<number> {
  return withSlotGuard(() =>
    ctx.db.transaction(async (tx) => {
      if (!(await isActiveDoctor(tx, input.doctor_id)))
        throw badRequest(APPOINTMENT_MESSAGES.doctorNotFound, {
          doctor_id: APPOINTMENT_MESSAGES.doctorNotFound,
        });
      const pt = await patientContact(tx, input.patient_id!);
      if (!pt)
        throw badRequest(APPOINTMENT_MESSAGES.patientNotFound, {
          patient_id: APPOINTMENT_MESSAGES.patientNotFound,
        });
      const st = await customStatus(tx, input.status_id!);
      let slot: { calendarId: number; date: string; time: string } | null = null;
      if (!st.withoutAppointment) {
        const missing = (['calendar_id', 'date', 'time'] as const).filter((f) => input[f] === undefined);
        if (missing.length)
          throw badRequest(
            APPOINTMENT_MESSAGES.required,
            Object.fromEntries(missing.map((f) => [f, APPOINTMENT_MESSAGES.required])),
          );
        slot = { calendarId: input.calendar_id!, date: input.date!, time: input.time! };
        await assertBookable(tx, { ...slot, doctorId: input.doctor_id, today: ctx.today });
      }
      const createdId = await insertAppointment(tx, {
        patientId: pt.id,
        doctorId: input.doctor_id,
        status: 'scheduled',
        customStatusId: st.id,
        calendarId: slot?.calendarId ?? null,
        selectedDate: slot?.date ?? null,
        selectedTime: slot?.time ?? null,
        holdsSlot: slot !== null,
      });
      if (slot) await ctx.journey.scheduled(tx, createdId);
      await audit(tx, ctx.actor, {
        action: 'appointment.create',
        entityType: 'appointment',
        entityId: createdId,
        patientId: pt.id,
        details: { doctorId: input.doctor_id, statusId: st.id, ...(slot ?? {}) },
      });
      return createdId;
    }),
  );
}

export async function assignDoctor(ctx: Ctx, input: z.output<typeof assignDoctorSchema>) {
  return withSlotGuard(() =>
    ctx.db.transaction(async (tx) => {
      const row = await lockAppointment(tx, input.appointmentId);
      if (!(await isActiveDoctor(tx, input.doctor_id)))
        throw badRequest(APPOINTMENT_MESSAGES.doctorNotFound, {
          doctor_id: APPOINTMENT_MESSAGES.doctorNotFound,
        });
      if (row.selectedDate && inRanges(row.selectedDate, await doctorTimeOff(tx, input.doctor_id)))
        throw conflict(APPOINTMENT_MESSAGES.doctorTimeOff);
      await updateAppointment(tx, row.id, { doctorId: input.doctor_id });
      await audit(tx, ctx.actor, {
        action: 'appointment.assign-doctor',
        entityType: 'appointment',
        entityId: row.id,
        patientId: row.patientId,
        details: { from: row.doctorId, to: input.doctor_id },
      });
    }),
  );
}

export async function deleteAppointment(ctx: Ctx, id: number) {
  return ctx.db.transaction(async (tx) => {
    const row = await lockAppointment(tx, id);
    await ctx.journey.cancelledByStaff(tx, row);
    await deleteAppointmentRow(tx, row.id);
    await releasePublicDay(tx, row);
    await freed(ctx, tx, row);
    await audit(tx, ctx.actor, {
      action: 'appointment.delete',
      entityType: 'appointment',
      entityId: row.id,
      patientId: row.patientId,
      details: {
        status: row.status,
        customStatusId: row.customStatusId,
        calendarId: row.calendarId,
        date: row.selectedDate,
        time: row.selectedTime,
        doctorId: row.doctorId,
      },
    });
  });
}
