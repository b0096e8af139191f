/** The endpoints bench/api.ts loads, each as autocannon requests (paths and bodies vary per request). */
import { COUNTIES } from '../domain/counties';
import { resolveRange } from '../domain/dashboard';
import { addDays } from '../domain/dates';
import { foldText } from '../domain/text';
import { makeCnp } from '../domain/validation/cnp';
import { FEMALE_FIRST, LAST, MALE_FIRST } from '../server/demo/demo-names';
import { workingDaysBetween } from './data-gen';

export type Endpoint = {
  name: string;
  /** baseline = the bare Fastify process; app = the application. */
  target: 'baseline' | 'app';
  signedIn: boolean;
  method: 'GET' | 'POST';
  /** Called per request: the path (with query) and, for POST, the JSON body. */
  next: (i: number) => { path: string; body?: unknown };
};

const q = (filters: object) => encodeURIComponent(JSON.stringify(filters));
const pad = (n: number) => String(n).padStart(2, '0');
const SURNAMES = LAST.map(foldText);
const surname = (i: number) => SURNAMES[i % SURNAMES.length];
const FIRST = [...MALE_FIRST, ...FEMALE_FIRST];
/** A full name as a receptionist types it, with diacritics: surname first, or first name first (issue 54, item 22). */
const fullName = (i: number, firstNameFirst: boolean) => {
  const [last, first] = [LAST[i % LAST.length], FIRST[(i * 7) % FIRST.length]];
  return firstNameFirst ? `${first} ${last}` : `${last} ${first}`;
};
/** The statuses the lists' status filter is loaded with, in turn. */
const listStatus = (i: number) =>
  ['scheduled', 'request', 'appointment_request', 'scheduled_paperless'][i % 4];

/** Weekdays from tomorrow to 58 months ahead, except the fixed holidays the bench data closes. */
const futureWeekdays = (today: string) => workingDaysBetween(addDays(today, 1), addDays(today, 58 * 30 - 1));

/** A new patient per request: birth years 2010-2019 never occur in the bench data (1935-2006). */
function registration(i: number, day: string, runSalt: number) {
  const n = runSalt + i;
  const birth = `${2010 + (n % 10)}-${pad(1 + (Math.floor(n / 10) % 12))}-${pad(1 + (Math.floor(n / 120) % 28))}`;
  const county = COUNTIES[Math.floor(n / 3360) % COUNTIES.length];
  const cnp = makeCnp(
    n % 2 ? 5 : 6,
    birth,
    county.cnp_codes[0],
    (Math.floor(n / 3360 / COUNTIES.length) % 999) + 1,
  );
  return {
    appt_date: day,
    appt_time: '08:00',
    name: `${LAST[n % LAST.length]} Pacient${n}`,
    cnp,
    email: n % 2 ? `pacient${n}@exemplu.ro` : '',
    phone: `07${String(20000000 + (n % 79999999)).padStart(8, '0')}`,
    gp_name: 'Dr. Medic de familie',
    gp_email: '',
    gp_phone: '',
    state_residency: county.iso_code,
    insurance_status: 'insured-employed',
    vaccine: n % 2,
    agreement: true,
  };
}

export function endpoints(opts: {
  today: string;
  calendarId: number;
  runSalt: number;
  /** Active doctors' ids, for the doctor filters. */
  doctorIds: string[];
}): Endpoint[] {
  const days = futureWeekdays(opts.today);
  const doctor = (i: number) => opts.doctorIds[i % opts.doctorIds.length];
  /** A weekday among the next 60 and the last 60 working days: appointments exist on each. */
  const nearDay = (i: number) =>
    i % 2 ? days[i % 60] : workingDaysBetween(addDays(opts.today, -90), opts.today)[i % 60];
  /** One of the last 365 days, for the documents' upload date. */
  const pastDay = (i: number) => addDays(opts.today, -(i % 365));
  // The month grid around today as the browser asks for it: the 42 days FullCalendar shows, three
  // events a day, without the cancelled ones (web/features/calendars/query.ts).
  const grid = resolveRange({ date: opts.today });
  const get = (name: string, next: (i: number) => string, signedIn = true): Endpoint => ({
    name,
    target: 'app',
    signedIn,
    method: 'GET',
    next: (i) => ({ path: next(i) }),
  });
  /** A list's first page of 20 with `filters(i)` as its `filters` JSON. */
  const filtered = (name: string, list: string, filters: (i: number) => object) =>
    get(name, (i) => `${list}?filters=${q(filters(i))}&page=1&perPage=20`);
  return [
    {
      name: 'baseline: bare Fastify, constant JSON',
      target: 'baseline',
      signedIn: false,
      method: 'GET',
      next: () => ({ path: '/baseline' }),
    },
    // The floor of every signed-in request: the session check and nothing else.
    get('GET /api/user/user-details (session only)', () => '/api/user/user-details'),
    get('GET /api/patients (no filter, page 1)', () => `/api/patients?page=1&perPage=20`),
    filtered('GET /api/patients name filter', '/api/patients', (i) => ({ name: surname(i) })),
    filtered('GET /api/patients full name, surname first', '/api/patients', (i) => ({
      name: fullName(i, false),
    })),
    filtered('GET /api/patients full name, first name first', '/api/patients', (i) => ({
      name: fullName(i, true),
    })),
    filtered('GET /api/patients full name, first name first, no diacritics', '/api/patients', (i) => ({
      name: foldText(fullName(i, true)),
    })),
    // The last four digits the lists show: the start or the end of the CNP (issue 22).
    filtered('GET /api/patients CNP filter (4 digits, start or end)', '/api/patients', (i) => ({
      cnp: String(1000 + ((i * 7919) % 9000)),
    })),
    filtered('GET /api/patients status filter', '/api/patients', (i) => ({ status: listStatus(i) })),
    filtered('GET /api/patients doctor filter', '/api/patients', (i) => ({ doctor: doctor(i) })),
    filtered('GET /api/patients phone filter (prefix)', '/api/patients', (i) => ({
      phone: `07${20 + (i % 70)}`,
    })),
    filtered('GET /api/patients appointment date filter', '/api/patients', (i) => ({
      appointment_date: nearDay(i),
    })),
    get('GET /api/appointment hideOlder', () => `/api/appointment?hideOlder=true&page=1&perPage=20`),
    filtered('GET /api/appointment name filter', '/api/appointment', (i) => ({ name: surname(i) })),
    filtered('GET /api/appointment status filter', '/api/appointment', (i) => ({ status: listStatus(i) })),
    filtered('GET /api/appointment doctor filter', '/api/appointment', (i) => ({ doctor: doctor(i) })),
    filtered('GET /api/appointment date filter', '/api/appointment', (i) => ({ date: nearDay(i) })),
    get('GET /api/dashboard', () => '/api/dashboard'),
    {
      name: 'POST /api/calendars/:id/appointments (month)',
      target: 'app',
      signedIn: true,
      method: 'POST',
      next: () => ({
        path: `/api/calendars/${opts.calendarId}/appointments`,
        body: { ...grid, perDay: 3, includeInactive: false, calendar_id: opts.calendarId, doctorId: null },
      }),
    },
    {
      // The dashboard's calendar: every calendar's month, as the browser asks for it.
      name: 'POST /api/dashboard/calendar (month)',
      target: 'app',
      signedIn: true,
      method: 'POST',
      next: () => ({ path: '/api/dashboard/calendar', body: { ...grid, perDay: 3, includeInactive: false } }),
    },
    get('GET /api/documents (page 1)', () => `/api/documents?page=1&perPage=20`),
    filtered('GET /api/documents date filter', '/api/documents', (i) => ({ created_at: pastDay(i) })),
    filtered('GET /api/documents status filter', '/api/documents', (i) => ({
      status: ['sent', 'tosend'][i % 2],
    })),
    get('GET /api/search', (i) => `/api/search?q=${encodeURIComponent(surname(i))}`),
    get('GET /api/admin/audit (page 1)', () => `/api/admin/audit?page=1&perPage=20`),
    get(
      'GET /api/appointment/check-register-date (public)',
      (i) => `/api/appointment/check-register-date?filters=${q({ selected_date: days[i % days.length] })}`,
      false,
    ),
    {
      name: 'POST /api/appointment (public form)',
      target: 'app',
      signedIn: false,
      method: 'POST',
      // Successive requests walk the days, so no day fills up during a run.
      next: (i) => ({
        path: '/api/appointment',
        body: registration(i, days[(i * 7) % days.length], opts.runSalt),
      }),
    },
  ];
}
