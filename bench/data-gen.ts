/**
 * Row generators of the bench institute (bench/data.ts writes them). Pure functions of a seeded
 * random generator, so a size always gives the same data.
 *
 * Appointments that hold a slot are laid on a grid of (day, calendar, time) positions visited
 * with a stride coprime to the grid size: every position at most once, so the partial unique
 * indexes on (calendar, date, time) and (doctor, date, time) can never collide, and the
 * appointments still spread evenly over the five years instead of filling the first days.
 */
import { addDays, isWeekend } from '../domain/dates';
import type { Random } from '../server/demo/random';

export const CUSTOM_STATUSES = [
  { title: 'Consult cardiologic', withoutAppointment: false },
  { title: 'Ecografie cardiacă', withoutAppointment: false },
  { title: 'Holter EKG', withoutAppointment: false },
  { title: 'Test de efort', withoutAppointment: false },
  { title: 'Control postoperator', withoutAppointment: false },
  { title: 'Trimis la medicul de familie', withoutAppointment: true },
  { title: 'Anulat de pacient', withoutAppointment: true },
];

export const CALENDAR_TITLES = [
  'Consultații la distanță',
  'Ambulatoriu Cardiologie',
  'Explorări funcționale',
  'Cardiologie intervențională',
  'Chirurgie cardiovasculară',
  'Aritmologie',
];

/** Calendars after the first (public) one; six doctors each, disjoint, so doctors never clash. */
export const SLOT_CALENDARS = CALENDAR_TITLES.length - 1;
export const DOCTORS = 30;
const DOCTORS_PER_CALENDAR = DOCTORS / SLOT_CALENDARS;

/** Fixed-date Romanian public holidays (month-day): closed days of every calendar. */
const HOLIDAYS = [
  '01-01',
  '01-02',
  '01-06',
  '01-07',
  '01-24',
  '05-01',
  '06-01',
  '08-15',
  '11-30',
  '12-01',
  '12-25',
  '12-26',
];

const pad = (n: number) => String(n).padStart(2, '0');

/** Working days from four years back to one year ahead (five years), without holidays. */
export function workingDays(today: string): string[] {
  return workingDaysBetween(addDays(today, -4 * 365), addDays(today, 365));
}

/** Weekdays from `from` to `to` (both included) that are not fixed holidays. */
export function workingDaysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1))
    if (!isWeekend(d) && !HOLIDAYS.includes(d.slice(5))) out.push(d);
  return out;
}

export function holidayRows(today: string, calendarIds: number[]) {
  const rows: { calendarId: number; fromDate: string; toDate: string; reason: string }[] = [];
  const first = Number(today.slice(0, 4)) - 4;
  for (let y = first; y <= first + 6; y++)
    for (const md of HOLIDAYS)
      for (const calendarId of calendarIds)
        rows.push({ calendarId, fromDate: `${y}-${md}`, toDate: `${y}-${md}`, reason: 'Sărbătoare legală' });
  return rows;
}

/** Time off: two weeks a year per doctor, at a random week. */
export function timeOffRows(rng: Random, today: string, doctorIds: string[]) {
  const rows: { userId: string; fromDate: string; toDate: string }[] = [];
  for (const userId of doctorIds)
    for (let y = -4; y <= 1; y++) {
      const from = addDays(today, y * 365 + rng.int(-170, 170));
      rows.push({ userId, fromDate: from, toDate: addDays(from, 6) });
    }
  return rows;
}

/** The grid's step: the roundest number of minutes that fits `perDay` slots into 08:00-18:00. */
export function slotStep(perDay: number): number {
  for (const step of [30, 20, 15, 10, 5, 2, 1]) if (600 / step >= perDay) return step;
  throw new Error(`${perDay} slot-holding appointments per calendar and day do not fit a minute grid`);
}

const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);

export type AppointmentRow = [
  patientId: number,
  doctorId: string | null,
  calendarId: number | null,
  status: string,
  customStatusId: number | null,
  selectedDate: string | null,
  selectedTime: string | null,
  holdsSlot: boolean,
  publicRequest: boolean,
  requestData: string | null,
  createdAt: string,
];

export type AppointmentPlan = {
  total: number;
  patients: { first: number; count: number };
  days: string[];
  publicCalendar: number;
  slotCalendars: number[];
  doctors: string[];
  statuses: { id: number; withoutAppointment: boolean }[];
  onLeave: (doctorId: string, day: string) => boolean;
};

/**
 * Appointments in every status: 15 % public requests and their confirmations (08:00 on the
 * public calendar, no slot), 10 % custom statuses without an appointment (a day, no slot),
 * 75 % holding a slot on the grid (one in ten plain `scheduled`, the rest custom statuses).
 */
export function* appointmentRows(rng: Random, plan: AppointmentPlan): Generator<AppointmentRow> {
  const { days, doctors, statuses } = plan;
  const holders = Math.ceil(plan.total * 0.75) + 100;
  const perDay = Math.ceil(holders / (days.length * SLOT_CALENDARS));
  const step = slotStep(perDay);
  const slots = Math.floor(600 / step);
  const positions = days.length * SLOT_CALENDARS * slots;
  let stride = Math.floor(positions * 0.618) | 1;
  while (gcd(stride, positions) !== 1) stride += 2;
  const slotStatuses = statuses.filter((s) => !s.withoutAppointment);
  const noSlotStatuses = statuses.filter((s) => s.withoutAppointment);
  const publicKeys = new Set<number>();
  let k = 0;
  for (let i = 0; i < plan.total; i++) {
    const patientId = plan.patients.first + rng.int(0, plan.patients.count - 1);
    const roll = rng.next();
    const dayIdx = rng.int(0, days.length - 1);
    const created = `${addDays(days[dayIdx], -rng.int(1, 60))}T${pad(rng.int(6, 17))}:${pad(rng.int(0, 59))}:00Z`;
    if (roll < 0.15) {
      const key = patientId * 4096 + dayIdx; // one public request per patient and day
      if (publicKeys.has(key)) {
        i--;
        continue;
      }
      publicKeys.add(key);
      const status = rng.pick([
        'request',
        'request',
        'appointment_request',
        'scheduled_paperless',
        'scheduled_with_papers',
      ]);
      const doctor = status === 'request' ? null : rng.pick(doctors);
      yield [
        patientId,
        doctor,
        plan.publicCalendar,
        status,
        null,
        days[dayIdx],
        '08:00',
        false,
        true,
        '{"source":"bench"}',
        created,
      ];
    } else if (roll < 0.25) {
      const st = rng.pick(noSlotStatuses);
      // Given on the new-appointment form, a status without appointment has no day; set later, it keeps one.
      yield [
        patientId,
        rng.pick(doctors),
        null,
        'custom',
        st.id,
        rng.chance(0.5) ? days[dayIdx] : null,
        null,
        false,
        false,
        null,
        created,
      ];
    } else {
      const pos = (k++ * stride) % positions;
      const day = Math.floor(pos / (SLOT_CALENDARS * slots));
      const cal = Math.floor(pos / slots) % SLOT_CALENDARS;
      const slot = pos % slots;
      const minutes = 8 * 60 + slot * step;
      const date = days[day];
      // The calendar's own six doctors: the first one not on leave (the rotation spreads them).
      let doctor = doctors[cal * DOCTORS_PER_CALENDAR + ((day + slot) % DOCTORS_PER_CALENDAR)];
      for (let t = 1; t < DOCTORS_PER_CALENDAR && plan.onLeave(doctor, date); t++)
        doctor = doctors[cal * DOCTORS_PER_CALENDAR + ((day + slot + t) % DOCTORS_PER_CALENDAR)];
      const plain = rng.chance(0.1);
      const st = rng.pick(slotStatuses);
      const time = `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
      const createdAt = `${addDays(date, -rng.int(1, 60))}T10:00:00Z`;
      yield [
        patientId,
        doctor,
        plan.slotCalendars[cal],
        plain ? 'scheduled' : 'custom',
        plain ? null : st.id,
        date,
        time,
        true,
        false,
        null,
        createdAt,
      ];
    }
  }
  if (k > positions) throw new Error('grid overflow'); // cannot happen: holders <= positions
}

export { CONSULT_SECTIONS } from '../server/demo/demo-names';

export const DOCUMENT_KINDS = [
  { ext: 'pdf', mime: 'application/pdf', title: 'Bilet de trimitere' },
  { ext: 'pdf', mime: 'application/pdf', title: 'Scrisoare medicală' },
  { ext: 'jpg', mime: 'image/jpeg', title: 'EKG' },
  { ext: 'png', mime: 'image/png', title: 'Ecografie' },
  { ext: 'pdf', mime: 'application/pdf', title: 'Analize de laborator' },
];

/** Reads and writes besides the appointments' own events (bench/data.ts writes those from the rows). */
export const AUDIT_ACTIONS = [
  'patient.read',
  'patient.read',
  'patient.read',
  'patient.update',
  'document.open',
  'document.list',
];

/** A timestamp between `first` and `last` (YYYY-MM-DD), as ISO text. */
export function instantBetween(rng: Random, days: string[]): string {
  return `${days[rng.int(0, days.length - 1)]}T${pad(rng.int(6, 17))}:${pad(rng.int(0, 59))}:${pad(rng.int(0, 59))}Z`;
}
