/** Test data for the dashboard, calendars, my-account, search and feed API tests. */
import { foldText } from '../../domain/text';
import { makeCnp } from '../../domain/validation/cnp';
import type { Db } from '../db/client';
import {
  appointmentStatuses,
  appointments,
  auditEvents,
  calendarAvailability,
  calendars,
  calendarUnavailableDays,
  patients,
} from '../db/schema';

/** Monday 2 March 2026, 10:00 in Bucharest. In the past so real-time session expiry is unaffected. */
export const NOW = new Date('2026-03-02T08:00:00Z');
export const TODAY = '2026-03-02';
export const clock = { now: () => NOW };

let serial = 0;
export async function addPatient(
  db: Db,
  p: { name?: string; cnp?: string; phone?: string; email?: string | null } = {},
) {
  serial++;
  const name = p.name ?? `Pacient Test ${serial}`;
  const [row] = await db
    .insert(patients)
    .values({
      name,
      nameSearch: foldText(name),
      cnp:
        p.cnp ??
        makeCnp(
          serial % 2 ? 1 : 2,
          `19${60 + (serial % 30)}-0${1 + (serial % 9)}-1${serial % 9}`,
          '12',
          100 + serial,
        ),
      phone: p.phone ?? `+4072311${String(serial).padStart(4, '0')}`,
      email: p.email === undefined ? `pacient${serial}@example.ro` : p.email,
      insuranceStatus: 'insured-retired',
      stateResidency: 'RO-CJ',
    })
    .returning();
  return row;
}

/** A calendar with Monday-Friday 09:00-09:45 and 10:00-10:20 entries. */
export async function addCalendar(
  db: Db,
  title: string,
  unavailable: { from: string; to: string; reason?: string }[] = [],
) {
  const [cal] = await db.insert(calendars).values({ title }).returning();
  await db.insert(calendarAvailability).values(
    [1, 2, 3, 4, 5].flatMap((weekday) => [
      { calendarId: cal.id, weekday, fromTime: '09:00', toTime: '09:45' },
      { calendarId: cal.id, weekday, fromTime: '10:00', toTime: '10:20' },
    ]),
  );
  if (unavailable.length)
    await db.insert(calendarUnavailableDays).values(
      unavailable.map((u) => ({
        calendarId: cal.id,
        fromDate: u.from,
        toDate: u.to,
        reason: u.reason ?? null,
      })),
    );
  return cal;
}

export async function addStatus(db: Db, title: string, withoutAppointment = false) {
  const [row] = await db.insert(appointmentStatuses).values({ title, withoutAppointment }).returning();
  return row;
}

export async function addAppointment(
  db: Db,
  a: {
    patientId: number;
    status: string;
    date: string | null;
    time?: string | null;
    calendarId?: number | null;
    doctorId?: string | null;
    customStatusId?: number | null;
    holdsSlot?: boolean;
    createdAt?: Date;
  },
) {
  const [row] = await db
    .insert(appointments)
    .values({
      patientId: a.patientId,
      status: a.status,
      selectedDate: a.date,
      selectedTime: a.time ?? (a.date ? '08:00' : null),
      calendarId: a.calendarId ?? null,
      doctorId: a.doctorId ?? null,
      customStatusId: a.customStatusId ?? null,
      holdsSlot: a.holdsSlot ?? false,
      ...(a.createdAt ? { createdAt: a.createdAt } : {}),
    })
    .returning();
  return row;
}

/** An audit event as the appointments feature writes it when it gives a slot. */
export async function addSlotAudit(
  db: Db,
  action: 'appointment.create' | 'appointment.set-status',
  appointmentId: number,
  slot: { calendarId: number; date: string; time: string },
) {
  await db
    .insert(auditEvents)
    .values({ action, entityType: 'appointment', entityId: String(appointmentId), details: slot });
}
