/** Test data for the appointment API tests: patients, calendars, statuses, appointments. */
import { foldText } from '../../../domain/text';
import { makeCnp } from '../../../domain/validation/cnp';
import type { Db } from '../../db/client';
import {
  appointmentStatuses,
  appointments,
  calendarAvailability,
  calendars,
  calendarUnavailableDays,
  patients,
  timeOff,
} from '../../db/schema';

/**
 * Monday 2 March 2026, 10:00 in Bucharest (08:00 UTC). In the past on purpose: session lifetimes
 * are checked against this clock, and a clock ahead of the real time would expire them.
 */
export const NOW = new Date('2026-03-02T08:00:00Z');
export const TODAY = '2026-03-02';
export const clock = {
  at: NOW,
  now() {
    return this.at;
  },
};

let serial = 0;
export async function makePatient(
  db: Db,
  p: { name?: string; email?: string | null; phone?: string; gpName?: string } = {},
) {
  serial++;
  const name = p.name ?? `Pacient Test ${serial}`;
  const [row] = await db
    .insert(patients)
    .values({
      name,
      nameSearch: foldText(name),
      cnp: makeCnp(
        serial % 2 ? 1 : 2,
        `19${50 + (serial % 40)}-0${1 + (serial % 9)}-1${serial % 9}`,
        '12',
        serial,
      ),
      phone: p.phone ?? `+4072200${String(serial).padStart(4, '0')}`,
      email: p.email === undefined ? `pacient${serial}@example.ro` : p.email,
      gpName: p.gpName ?? null,
      insuranceStatus: 'insured-retired',
      stateResidency: 'RO-CJ',
      covidVaccine: 1,
    })
    .returning();
  return row;
}

const plus30 = (t: string) => {
  const m = Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5)) + 30;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** A calendar open Monday to Friday 09:00-12:00 in 30-minute entries unless told otherwise. */
export async function makeCalendar(
  db: Db,
  c: {
    title?: string;
    entries?: { weekday: number; from: string; to: string }[];
    unavailable?: { from: string; to: string }[];
  } = {},
) {
  const [cal] = await db
    .insert(calendars)
    .values({ title: c.title ?? 'Cabinet cardiologie' })
    .returning();
  const entries =
    c.entries ??
    [1, 2, 3, 4, 5].flatMap((weekday) =>
      ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'].map((from) => ({
        weekday,
        from,
        to: plus30(from),
      })),
    );
  if (entries.length)
    await db
      .insert(calendarAvailability)
      .values(
        entries.map((e) => ({ calendarId: cal.id, weekday: e.weekday, fromTime: e.from, toTime: e.to })),
      );
  if (c.unavailable?.length)
    await db
      .insert(calendarUnavailableDays)
      .values(c.unavailable.map((u) => ({ calendarId: cal.id, fromDate: u.from, toDate: u.to })));
  return cal;
}

export async function makeStatus(
  db: Db,
  s: { title: string; withoutAppointment?: boolean; hidden?: boolean },
) {
  const [row] = await db
    .insert(appointmentStatuses)
    .values({ title: s.title, withoutAppointment: s.withoutAppointment ?? false, hidden: s.hidden ?? false })
    .returning();
  return row;
}

export async function makeAppointment(
  db: Db,
  a: {
    patientId: number;
    status: string;
    doctorId?: string | null;
    calendarId?: number | null;
    date?: string | null;
    time?: string | null;
    customStatusId?: number | null;
    holdsSlot?: boolean;
    publicRequest?: boolean;
  },
) {
  const [row] = await db
    .insert(appointments)
    .values({
      patientId: a.patientId,
      status: a.status,
      doctorId: a.doctorId ?? null,
      calendarId: a.calendarId ?? null,
      selectedDate: a.date ?? null,
      selectedTime: a.time ?? null,
      customStatusId: a.customStatusId ?? null,
      holdsSlot: a.holdsSlot ?? false,
      publicRequest: a.publicRequest ?? false,
    })
    .returning();
  return row;
}

export async function makeTimeOff(db: Db, userId: string, from: string, to: string) {
  await db.insert(timeOff).values({ userId, fromDate: from, toDate: to });
}
