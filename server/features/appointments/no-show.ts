/**
 * "Neprezentat" (issue 15): staff record that the patient did not come, only once the
 * appointment's time has passed and only for an appointment that holds a slot. The built-in
 * status is set here and nowhere else, so the no-show figures count only real no-shows.
 */

import { APPOINTMENT_MESSAGES, noShowDue } from '../../../domain/appointments';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { conflict } from '../../platform/errors';
import { cancelPendingForAppointment } from '../../platform/outbox';
import { builtinStatusId, markNoShow } from './patient-actions-repository';
import { lockAppointment } from './service';

export async function markAppointmentNoShow(ctx: { db: Db; actor: Actor; now: Date }, id: number) {
  await ctx.db.transaction(async (tx) => {
    const row = await lockAppointment(tx, id);
    if (!row.holdsSlot || !row.calendarId) throw conflict(APPOINTMENT_MESSAGES.noShowNoSlot);
    const slot = { holdsSlot: row.holdsSlot, date: row.selectedDate, time: row.selectedTime };
    if (!noShowDue(slot, ctx.now)) throw conflict(APPOINTMENT_MESSAGES.noShowTooEarly);
    const statusId = await builtinStatusId(tx, 'no_show');
    await markNoShow(tx, id, statusId, ctx.now);
    await cancelPendingForAppointment(tx, id, 'reminder');
    await audit(tx, ctx.actor, {
      action: 'appointment.no-show',
      entityType: 'appointment',
      entityId: id,
      patientId: row.patientId,
      details: { date: row.selectedDate, calendarId: row.calendarId, doctorId: row.doctorId },
    });
  });
}
