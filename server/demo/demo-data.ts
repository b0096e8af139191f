/**
 * The demo institute (DESIGN §6 "Demo data"): filled into a new, empty embedded database by
 * `npm start`, never into PostgreSQL and never in tests unless asked. Reproducible (seeded).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import { count } from 'drizzle-orm';
import { addDays, clinicToday, minutesOfDay, timeOfMinutes, weekdayOf } from '../../domain/dates';
import type { Config } from '../config';
import type { Db } from '../db/client';
import * as s from '../db/schema';
import { CONSULT_SECTIONS } from './demo-names';
import { generatePatient } from './demo-patients';
import { seededRandom } from './random';

export const DEMO_ACCOUNTS = [
  {
    email: 'superadmin@institut.example',
    firstName: 'Elena',
    lastName: 'Vasilescu',
    role: 'superadmin',
    superadmin: true,
    doctor: true,
  },
  { email: 'admin@institut.example', firstName: 'Mihai', lastName: 'Constantinescu', role: 'admin' },
  {
    email: 'dr.ionescu@institut.example',
    firstName: 'Andrei',
    lastName: 'Ionescu',
    role: 'doctor',
    doctor: true,
  },
  { email: 'dr.popa@institut.example', firstName: 'Ioana', lastName: 'Popa', role: 'doctor', doctor: true },
  {
    email: 'dr.stanciu@institut.example',
    firstName: 'Radu',
    lastName: 'Stanciu',
    role: 'doctor',
    doctor: true,
  },
  {
    email: 'dr.marinescu@institut.example',
    firstName: 'Cristina',
    lastName: 'Marinescu',
    role: 'doctor',
    doctor: true,
  },
  {
    email: 'dr.georgescu@institut.example',
    firstName: 'Ștefan',
    lastName: 'Georgescu',
    role: 'doctor',
    doctor: true,
  },
  {
    email: 'asteptare@institut.example',
    firstName: 'Dan',
    lastName: 'Nou',
    role: 'doctor',
    doctor: true,
    authorized: false,
  },
] as const;

const CUSTOM_STATUSES = [
  { title: 'Consult cardiologic', withoutAppointment: false },
  { title: 'Ecografie cardiacă', withoutAppointment: false },
  { title: 'Holter EKG', withoutAppointment: false },
  { title: 'Test de efort', withoutAppointment: false },
  { title: 'Control postoperator', withoutAppointment: false },
  { title: 'Trimis la medicul de familie', withoutAppointment: true },
];

/** Romanian public holidays in the demo window (closed days of every calendar). */
const HOLIDAYS = [
  '2026-11-30',
  '2026-12-01',
  '2026-12-25',
  '2026-12-26',
  '2027-01-01',
  '2027-01-02',
  '2027-01-06',
  '2027-01-07',
  '2027-01-24',
];

const SLOT_TIMES = Array.from({ length: 12 }, (_, i) => timeOfMinutes(8 * 60 + i * 30));

export type DemoResult = { banner: string; password: string };

export async function seedDemoDataIfEmpty(
  db: Db,
  config: Config,
  now = new Date(),
): Promise<DemoResult | null> {
  const [{ n }] = await db.select({ n: count() }).from(s.users);
  if (n > 0) return null;
  return seedDemoData(db, config, now);
}

export async function seedDemoData(db: Db, config: Config, now = new Date()): Promise<DemoResult> {
  const rng = seededRandom(20261122);
  const password =
    process.env.DEMO_PASSWORD || `Demo-${randomBytes(6).toString('base64url')}-${rng.int(10, 99)}`;

  const ids: Record<string, string> = {};
  for (const [i, a] of DEMO_ACCOUNTS.entries()) {
    const doctor = 'doctor' in a && a.doctor;
    const id = randomUUID();
    await db.insert(s.users).values({
      id,
      name: `${a.firstName} ${a.lastName}`,
      email: a.email,
      emailVerified: true,
      firstName: a.firstName,
      lastName: a.lastName,
      role: a.role,
      doctor: 'doctor' in a ? a.doctor : false,
      superadmin: 'superadmin' in a ? a.superadmin : false,
      authorized: 'authorized' in a ? a.authorized : true,
      // What a medical letter prints of its doctor (issue 16); invented parafă codes.
      ...(doctor ? { specialty: 'cardiologie', parafaCode: `C${String(10001 + i * 37)}` } : {}),
    });
    // A password account, as better-auth's email sign-in reads it.
    await db.insert(s.accounts).values({
      id: randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: await hashPassword(password),
    });
    ids[a.email] = id;
  }
  const doctorIds = DEMO_ACCOUNTS.filter((a) => 'doctor' in a && a.doctor && !('authorized' in a)).map(
    (a) => ids[a.email],
  );
  const today = clinicToday(now);

  await db.transaction(async (tx) => {
    // Plus the built-in ones the migrations made ("Anulat de pacient", "Neprezentat").
    await tx.insert(s.appointmentStatuses).values(CUSTOM_STATUSES);
    // "Neprezentat" is set by staff after the fact, never drawn at random for any day.
    const statuses = (await tx.select().from(s.appointmentStatuses)).filter((st) => st.builtin !== 'no_show');
    const cals = await tx
      .insert(s.calendars)
      .values([
        {
          title: 'Consultații la distanță',
          publicRequests: true,
          remote: true,
          dailyCapacity: config.REGISTRATION_DAILY_CAPACITY,
        },
        { title: 'Ambulatoriu Cardiologie' },
        { title: 'Explorări funcționale' },
      ])
      .returning();
    const [remote, clinic, lab] = cals;
    const avail: (typeof s.calendarAvailability.$inferInsert)[] = [];
    for (let wd = 1; wd <= 5; wd++) {
      avail.push({ calendarId: remote.id, weekday: wd, fromTime: '08:00', toTime: '08:30' });
      for (const t of SLOT_TIMES) {
        const end = timeOfMinutes(minutesOfDay(t) + 30);
        avail.push({ calendarId: clinic.id, weekday: wd, fromTime: t, toTime: end });
        if (wd !== 5) avail.push({ calendarId: lab.id, weekday: wd, fromTime: t, toTime: end });
      }
    }
    await tx.insert(s.calendarAvailability).values(avail);
    await tx
      .insert(s.calendarUnavailableDays)
      .values(
        cals.flatMap((c) =>
          HOLIDAYS.map((d) => ({ calendarId: c.id, fromDate: d, toDate: d, reason: 'Sărbătoare legală' })),
        ),
      );

    const popa = ids['dr.popa@institut.example'];
    const ionescu = ids['dr.ionescu@institut.example'];
    const offPeriods = [
      { userId: popa, fromDate: addDays(today, 14), toDate: addDays(today, 20) },
      { userId: ionescu, fromDate: addDays(today, -30), toDate: addDays(today, -26) },
    ];
    await tx.insert(s.timeOff).values(offPeriods);
    const onLeave = (doctor: string, day: string) =>
      offPeriods.some((p) => p.userId === doctor && day >= p.fromDate && day <= p.toDate);

    const used = new Set<string>();
    const patientRows = Array.from({ length: 240 }, () => generatePatient(rng, used));
    const pats = await tx
      .insert(s.patients)
      .values(patientRows)
      .returning({ id: s.patients.id, name: s.patients.name, email: s.patients.email });

    const taken = new Set<string>();
    const appts: (typeof s.appointments.$inferInsert)[] = [];
    const publicKeys = new Set<string>();
    for (const p of pats) {
      const count = rng.int(1, 3);
      for (let k = 0; k < count; k++) {
        let day = addDays(today, rng.int(-56, 56));
        while (weekdayOf(day) === 0 || weekdayOf(day) === 6 || HOLIDAYS.includes(day)) day = addDays(day, 1);
        const future = day >= today;
        const roll = rng.next();
        const doctorId = rng.pick(doctorIds);
        if (future && roll < 0.35) {
          // A public request or one of its confirmations: the requested day at 08:00, no slot held.
          if (publicKeys.has(`${p.id}|${day}`)) continue;
          publicKeys.add(`${p.id}|${day}`);
          const status = rng.pick([
            'request',
            'request',
            'appointment_request',
            'scheduled_paperless',
            'scheduled_with_papers',
          ] as const);
          appts.push({
            patientId: p.id,
            calendarId: remote.id,
            status,
            selectedDate: day,
            selectedTime: '08:00',
            publicRequest: true,
            doctorId: status === 'request' ? null : doctorId,
            requestData: { source: 'demo' },
          });
          continue;
        }
        const st = rng.pick(statuses);
        if (st.withoutAppointment) {
          appts.push({
            patientId: p.id,
            doctorId,
            status: 'custom',
            customStatusId: st.id,
            selectedDate: day,
          });
          continue;
        }
        const cal = rng.chance(0.6) ? clinic : lab;
        if (cal === lab && weekdayOf(day) === 5) continue;
        if (onLeave(doctorId, day)) continue;
        const time = rng.pick(SLOT_TIMES);
        const slotKey = `${cal.id}|${day}|${time}`;
        const docKey = `${doctorId}|${day}|${time}`;
        if (taken.has(slotKey) || taken.has(docKey)) continue;
        taken.add(slotKey);
        taken.add(docKey);
        const plain = rng.chance(0.1);
        appts.push({
          patientId: p.id,
          doctorId,
          calendarId: cal.id,
          status: plain ? 'scheduled' : 'custom',
          customStatusId: plain ? null : st.id,
          selectedDate: day,
          selectedTime: time,
          holdsSlot: true,
        });
      }
    }
    // The patient journey (issue 15), from a random source of its own so the rest of the demo data
    // stays as it was: about half the patients with a slot confirmed on their page; of the past
    // appointments some did not come, fewer among those who confirmed (the dashboard's rates); a
    // few public requests waiting for an answer since the day before yesterday.
    const noShow = (await tx.select().from(s.appointmentStatuses)).find((st) => st.builtin === 'no_show');
    const journeyRng = seededRandom(20261125);
    const confirmedAt = new Date(now.getTime() - 3 * 86_400_000);
    const twoDaysAgo = new Date(now.getTime() - 40 * 3_600_000);
    for (const a of appts) {
      // A few requests nobody has answered for 40 hours: the dashboard's 48-hour warning.
      if (a.status === 'request' && a.publicRequest && journeyRng.chance(0.15)) a.createdAt = twoDaysAgo;
      if (!a.holdsSlot || !a.selectedDate) continue;
      const confirmed = journeyRng.chance(0.45);
      if (confirmed) a.attendanceConfirmedAt = confirmedAt;
      if (noShow && a.selectedDate < today && journeyRng.chance(confirmed ? 0.03 : 0.14)) {
        a.status = 'custom';
        a.customStatusId = noShow.id;
      }
    }
    await tx.insert(s.appointments).values(appts);

    // Consultations for a quarter of the patients.
    for (const p of pats.filter((_, i) => i % 4 === 0)) {
      const guid = randomUUID();
      const date = addDays(today, -rng.int(1, 50));
      const doctorId = rng.pick(doctorIds);
      const [y, m, d] = date.split('-');
      await tx
        .insert(s.consultationGroups)
        .values({ guid, patientId: p.id, title: `Consultatie ${d}.${m}.${y}`, date, createdBy: doctorId });
      await tx.insert(s.consultationEntries).values(
        Object.entries(CONSULT_SECTIONS).map(([type, options]) => ({
          groupGuid: guid,
          patientId: p.id,
          type,
          doctorId,
          content: rng.pick(options),
        })),
      );
    }
  });

  const file = path.join(config.dataDir, 'demo-sign-in.txt');
  const lines = [
    'Demo sign-in (demo data on the embedded database):',
    ...DEMO_ACCOUNTS.filter((a) => !('authorized' in a)).map((a) => `  ${a.email.padEnd(32)} ${a.role}`),
    `  password for every demo account: ${password}`,
  ];
  writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  const banner = `\n${lines.join('\n')}\n  (also written to ${file})\n`;
  return { banner, password };
}
