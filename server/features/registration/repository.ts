/**
 * The public request's queries (SQL only in repositories, docs/ARCHITECTURE.md); the rules that
 * use them are in service.ts.
 */
import { desc, sql } from 'drizzle-orm';
import { REGISTRATION_SLOT } from '../../../domain/registration';
import type { Db } from '../../db/client';
import { consentTexts, patients } from '../../db/schema';

/** The consent text the form shows now: the newest version (a changed text is a new version). */
export async function currentConsentText(db: Db): Promise<{ version: string; text: string } | null> {
  const [row] = await db
    .select({ version: consentTexts.version, text: consentTexts.text })
    .from(consentTexts)
    .orderBy(desc(consentTexts.createdAt), desc(consentTexts.version))
    .limit(1);
  return row ?? null;
}

export type PublicDayRow = {
  id: number;
  title: string;
  daily_capacity: number | null;
  closed: boolean;
  taken: number;
  current_consent_version: string | null;
  consent_version_known: boolean;
};

/**
 * Everything the public form asks of the database about a day, in one statement: the first
 * calendar taking public requests (its title and own daily capacity, null: the default), whether
 * the day is one of its unavailable days, how many requests the day has, the current consent
 * version and whether `consentVersion` (when given) is a stored one. No row: no public calendar.
 */
export async function publicDayRow(
  db: Db,
  day: string,
  consentVersion: string | null,
): Promise<PublicDayRow | null> {
  const res = (await db.execute(sql`
    select c.id, c.title, c.daily_capacity,
           exists (select 1 from calendar_unavailable_days u
                   where u.calendar_id = c.id and u.from_date <= ${day}::date and u.to_date >= ${day}::date) as closed,
           coalesce((select r.count from registration_days r
                     where r.calendar_id = c.id and r.day = ${day}::date), 0)::int as taken,
           (select t.version from consent_texts t order by t.created_at desc, t.version desc limit 1)
             as current_consent_version,
           exists (select 1 from consent_texts t where t.version = ${consentVersion}::text) as consent_version_known
    from calendars c
    where c.public_requests
    order by c.id
    limit 1`)) as unknown as { rows: PublicDayRow[] };
  return res.rows[0] ?? null;
}

function hhmm(t: string | null): string {
  return (t ?? REGISTRATION_SLOT).slice(0, 5);
}

export type ExistingRequest = { id: number; selectedDate: string; selectedTime: string; patientId: number };

export type PatientOfCnp = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  /** The public request this patient already has on the day, if any. */
  request: ExistingRequest | null;
};

/** The patient with this CNP (what the messages need) and their public request on `day`, in one read. */
export async function patientAndRequest(db: Db, cnp: string, day: string): Promise<PatientOfCnp | null> {
  const res = (await db.execute(sql`
    select p.id, p.name, p.email, p.phone, a.id as appointment_id, to_char(a.selected_time, 'HH24:MI') as selected_time
    from patients p
    left join lateral (
      select x.id, x.selected_time from appointments x
      where x.patient_id = p.id and x.selected_date = ${day}::date and x.public_request
      limit 1
    ) a on true
    where p.cnp = ${cnp}`)) as unknown as {
    rows: {
      id: number;
      name: string;
      email: string | null;
      phone: string | null;
      appointment_id: number | null;
      selected_time: string | null;
    }[];
  };
  const row = res.rows[0];
  if (!row) return null;
  const request =
    row.appointment_id === null
      ? null
      : {
          id: row.appointment_id,
          selectedDate: day,
          selectedTime: hhmm(row.selected_time),
          patientId: row.id,
        };
  return { id: row.id, name: row.name, email: row.email, phone: row.phone, request };
}

/** The public request this CNP's patient has on `day`, if any. */
export async function existingRequest(db: Db, cnp: string, day: string): Promise<ExistingRequest | null> {
  return (await patientAndRequest(db, cnp, day))?.request ?? null;
}

/**
 * Inserts the patient; null when a patient with this CNP exists (a concurrent request's insert is
 * waited for, then this one does nothing).
 */
export async function insertPatientUnlessCnpTaken(
  db: Db,
  values: typeof patients.$inferInsert,
): Promise<number | null> {
  const [inserted] = await db
    .insert(patients)
    .values(values)
    .onConflictDoNothing({ target: patients.cnp })
    .returning({ id: patients.id });
  return inserted?.id ?? null;
}

/**
 * Takes a place on the day under the row lock of (calendar, day), stores the request and the
 * patient's consent, in one statement. Null when the day already had `capacity` requests (then
 * nothing is written). A second request of the same patient for the day fails on
 * appointments_public_request_uq, as the insert alone would.
 */
export async function placeRequest(
  db: Db,
  r: {
    calendarId: number;
    day: string;
    capacity: number;
    patientId: number;
    requestData: unknown;
    consentVersion: string;
    ip: string;
  },
): Promise<{ appointmentId: number; consentId: number } | null> {
  const res = (await db.execute(sql`
    with place as (
      insert into registration_days (calendar_id, day, count) values (${r.calendarId}, ${r.day}::date, 1)
      on conflict (calendar_id, day) do update set count = registration_days.count + 1
        where registration_days.count < ${r.capacity}
      returning count
    ), request as (
      insert into appointments (patient_id, calendar_id, status, selected_date, selected_time, holds_slot,
                                public_request, request_data)
      select ${r.patientId}, ${r.calendarId}, 'request', ${r.day}::date, ${REGISTRATION_SLOT}::time, false, true,
             ${JSON.stringify(r.requestData)}::jsonb
      from place where place.count <= ${r.capacity}
      returning id
    ), consent as (
      insert into consents (patient_id, appointment_id, text_version, ip)
      select ${r.patientId}, request.id, ${r.consentVersion}, ${r.ip} from request
      returning id
    )
    select request.id as appointment_id, consent.id as consent_id from request, consent`)) as unknown as {
    rows: { appointment_id: number; consent_id: number }[];
  };
  const row = res.rows[0];
  return row ? { appointmentId: row.appointment_id, consentId: row.consent_id } : null;
}
