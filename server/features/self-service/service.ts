/**
 * The self-service page's rules (issue 15): a token opens its appointment until the end of the
 * appointment's day (Europe/Bucharest); what the page shows; every use audited.
 */

import { statusLabel } from '../../../domain/appointments';
import { clinicToday } from '../../../domain/dates';
import { SELF_SERVICE_MESSAGES, type SelfServiceAppointment } from '../../../domain/self-service';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { auditOncePerDay } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import { cancelUntil, type PatientFacingAppointment, patientFacingAppointment } from '../appointments';
import { appointmentOfToken } from './links';

/** The 404's message: the link opens nothing, and the number to call instead. */
export const linkNotFound = (phone: string) =>
  `${SELF_SERVICE_MESSAGES.notFound} ${SELF_SERVICE_MESSAGES.callUs(phone)}`;

/** The appointment the token opens now, or 404 (unknown, malformed, revoked, or its day is over). */
export async function openToken(
  db: Db,
  token: string,
  now: Date,
  phone: string,
): Promise<PatientFacingAppointment> {
  const id = await appointmentOfToken(db, token);
  const a = id === null ? null : await patientFacingAppointment(db, id);
  if (!a || (a.date && a.date < clinicToday(now))) throw notFound(linkNotFound(phone));
  return a;
}

export function patientView(
  a: PatientFacingAppointment,
  now: Date,
  noticeHours: number,
): SelfServiceAppointment {
  const cancelled = a.cancelledAt !== null;
  const until = cancelled || a.statusBuiltin === 'no_show' ? null : cancelUntil(a, noticeHours);
  const canCancel = until !== null && now.getTime() <= until.getTime();
  return {
    date: a.date,
    time: a.time,
    calendar: a.calendar,
    doctor: a.doctor,
    status: statusLabel(a.status, a.statusTitle),
    cancelled,
    can_cancel: canCancel,
    cancel_until: canCancel && until ? until.toISOString() : null,
    attendance_confirmed: a.attendanceConfirmedAt !== null,
    reschedule_requested: a.rescheduleRequestedAt !== null,
    remote: a.remote,
  };
}

/** The patient's page was opened: one audit row per appointment and clinic day (auditOncePerDay). */
export async function auditView(db: Db, actor: Actor, a: PatientFacingAppointment) {
  await auditOncePerDay(db, actor, {
    action: 'self-service.view',
    entityType: 'appointment',
    entityId: a.id,
    patientId: a.patientId,
  });
}
