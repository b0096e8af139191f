/**
 * The reference data of the bench institute (bench/data.ts): the bench superadmin, 30 doctors,
 * the custom statuses, six calendars (the first takes public requests) with their weekly hours,
 * the closed days and the doctors' time off.
 */
import type { Db } from '../server/db/client';
import type { seededRandom } from '../server/demo/random';
import { createStaffUser } from '../server/platform/auth/staff';
import type { batchWriter } from './bulk-load';
import * as g from './data-gen';

type Query = (text: string, params?: unknown[][]) => Promise<unknown[]>;

export async function loadReferenceData(o: {
  db: Db;
  query: Query;
  insertColumns: ReturnType<typeof batchWriter>['insertColumns'];
  rng: ReturnType<typeof seededRandom>;
  today: string;
  days: string[];
  patients: number;
  email: string;
  password: string;
}) {
  const { db, query, insertColumns, rng, today, days } = o;
  await createStaffUser(db, {
    email: o.email,
    password: o.password,
    firstName: 'Bench',
    lastName: 'Superadmin',
    superadmin: true,
    doctor: false,
    role: 'superadmin',
  });
  const doctors: string[] = [];
  for (let i = 0; i < g.DOCTORS; i++) {
    // Without a password: nobody signs in as them, and hashing 30 passwords would only cost time.
    doctors.push(
      await createStaffUser(db, {
        email: `dr.bench${i + 1}@institut.example`,
        firstName: rng.pick(['Andrei', 'Ioana', 'Radu', 'Cristina', 'Ștefan', 'Elena', 'Mihai', 'Ana']),
        lastName: `Medic${i + 1}`,
        doctor: true,
        role: 'doctor',
      }),
    );
  }
  const statuses = (await query(
    `insert into appointment_statuses (title, without_appointment) select * from unnest($1::text[], $2::bool[]) returning id, without_appointment as "withoutAppointment"`,
    [g.CUSTOM_STATUSES.map((s) => s.title), g.CUSTOM_STATUSES.map((s) => s.withoutAppointment)],
  )) as { id: number; withoutAppointment: boolean }[];
  // Public requests per day average 0.45N / working days; capacity at twice that leaves room.
  const capacity = Math.max(20, Math.ceil(((0.45 * o.patients) / days.length) * 2));
  const cals = (await query(
    `insert into calendars (title, public_requests, daily_capacity) select * from unnest($1::text[], $2::bool[], $3::int[]) returning id`,
    [
      g.CALENDAR_TITLES,
      g.CALENDAR_TITLES.map((_, i) => i === 0),
      g.CALENDAR_TITLES.map((_, i) => (i === 0 ? capacity : null)),
    ],
  )) as { id: number }[];
  const calIds = cals.map((c) => c.id);
  const avail: unknown[][] = [];
  for (let wd = 1; wd <= 5; wd++) {
    avail.push([calIds[0], wd, '08:00', '08:30']);
    for (const cal of calIds.slice(1))
      for (let h = 8; h < 18; h++)
        for (const m of [0, 30]) avail.push([cal, wd, `${h}:${m || '00'}`, m ? `${h + 1}:00` : `${h}:30`]);
  }
  await insertColumns(
    'calendar_availability',
    [
      ['calendar_id', 'int'],
      ['weekday', 'smallint'],
      ['from_time', 'time'],
      ['to_time', 'time'],
    ],
    avail,
  );
  const holidays = g.holidayRows(today, calIds);
  await insertColumns(
    'calendar_unavailable_days',
    [
      ['calendar_id', 'int'],
      ['from_date', 'date'],
      ['to_date', 'date'],
      ['reason', 'text'],
    ],
    holidays.map((h) => [h.calendarId, h.fromDate, h.toDate, h.reason]),
  );
  const leaves = g.timeOffRows(rng, today, doctors);
  await insertColumns(
    'time_off',
    [
      ['user_id', 'text'],
      ['from_date', 'date'],
      ['to_date', 'date'],
    ],
    leaves.map((l) => [l.userId, l.fromDate, l.toDate]),
  );
  const leaveByDoctor = new Map<string, { fromDate: string; toDate: string }[]>();
  for (const l of leaves) leaveByDoctor.set(l.userId, [...(leaveByDoctor.get(l.userId) ?? []), l]);
  const onLeave = (d: string, day: string) =>
    (leaveByDoctor.get(d) ?? []).some((l) => day >= l.fromDate && day <= l.toDate);
  return {
    doctors,
    statuses,
    calIds,
    onLeave,
    summary: `staff (${g.DOCTORS} doctors), ${calIds.length} calendars, ${holidays.length} closed days, ${leaves.length} time-off periods`,
  };
}
