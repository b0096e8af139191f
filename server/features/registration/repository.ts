/**
 * The public request's queries (SQL only in repositories, docs/ARCHITECTURE.md); the rules that
 * use them are in service.ts.
 */
import { desc, type SQL, sql } from 'drizzle-orm';
import { REGISTRATION_SLOT } from '../../../domain/registration';
import type { Db } from '../../db/client';
import { consentTexts } from '../../db/schema';

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
 * The public form's questions about a day, as columns of the first calendar taking public
 * requests (`c`): its title and own daily capacity (null: the default), whether the day is one of
 * its unavailable days, how many requests the day has, the current consent version and whether
 * `consentVersion` (when given) is a stored one.
 */
function dayColumns(day: string, consentVersion: string | null) {
  return sql`c.id, c.title, c.daily_capacity,
           exists (select 1 from calendar_unavailable_days u
                   where u.calendar_id = c.id and u.from_date <= ${day}::date and u.to_date >= ${day}::date) as closed,
           coalesce((select r.count from registration_days r
                     where r.calendar_id = c.id and r.day = ${day}::date), 0)::int as taken,
           (select t.version from consent_texts t order by t.created_at desc, t.version desc limit 1)
             as current_consent_version,
           exists (select 1 from consent_texts t where t.version = ${consentVersion}::text) as consent_version_known`;
}

/** Everything the public form asks of the database about a day, in one statement. No row: no public calendar. */
export async function publicDayRow(
  db: Db,
  day: string,
  consentVersion: string | null,
): Promise<PublicDayRow | null> {
  const res = (await db.execute(sql`
    select ${dayColumns(day, consentVersion)}
    from calendars c
    where c.public_requests
    order by c.id
    limit 1`)) as unknown as { rows: PublicDayRow[] };
  return res.rows[0] ?? null;
}

export type RequestContextRow = PublicDayRow & {
  patient_id: number | null;
  patient_name: string | null;
  patient_email: string | null;
  patient_phone: string | null;
  request_id: number | null;
  request_time: string | null;
  new_appointment_id: number;
  new_consent_id: number;
  new_patient_id: number | null;
};

/**
 * What a submitted form needs before it writes, in one statement: the day (`publicDayRow`), the
 * patient with this CNP and their public request on the day, and the ids the request would be
 * stored under (the appointment, the consent, a new patient), so its self-service link and
 * messages can be made before the one statement that stores them all. Ids taken and not used
 * (a closed day, a repeated request) are gaps in the sequences, nothing more.
 */
export async function requestContextRow(
  db: Db,
  day: string,
  consentVersion: string | null,
  cnp: string,
): Promise<RequestContextRow | null> {
  const res = (await db.execute(sql`
    select ${dayColumns(day, consentVersion)},
           p.id as patient_id, p.name as patient_name, p.email as patient_email, p.phone as patient_phone,
           a.id as request_id, to_char(a.selected_time, 'HH24:MI') as request_time,
           nextval('appointments_id_seq')::int as new_appointment_id,
           nextval('consents_id_seq')::int as new_consent_id,
           case when p.id is null then nextval('patients_id_seq')::int end as new_patient_id
    from calendars c
    left join patients p on p.cnp = ${cnp}
    left join lateral (
      select x.id, x.selected_time from appointments x
      where x.patient_id = p.id and x.selected_date = ${day}::date and x.public_request
      limit 1
    ) a on true
    where c.public_requests
    order by c.id
    limit 1`)) as unknown as { rows: RequestContextRow[] };
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

/** A new patient's record as the public form makes it (`id` taken by `requestContextRow`). */
export type NewPatient = {
  id: number;
  name: string;
  nameSearch: string;
  cnp: string;
  phone: string;
  email: string | null;
  gpName: string | null;
  gpEmail: string | null;
  gpPhone: string | null;
  insuranceStatus: string;
  stateResidency: string;
  covidVaccine: number;
};

export type RequestToStore = {
  calendarId: number;
  day: string;
  capacity: number;
  appointmentId: number;
  consentId: number;
  /** The patient of the request: an existing one's id, or the new record to make. */
  patient: { id: number; create: NewPatient | null };
  requestData: unknown;
  consentVersion: string;
  ip: string;
  /** Written with the request, only when it is made: its link, messages and audit event. */
  alongside: (made: SQL) => SQL[];
};

/**
 * Stores a public request in one statement, so it needs no transaction: it takes a place on the
 * day under the row lock of (calendar, day), makes the patient when new, stores the request and
 * the consent, and what `alongside` writes with them. False when the day already had `capacity`
 * requests: then nothing is written. Fails, writing nothing, when the same patient's request for
 * the day was stored meanwhile (appointments_public_request_uq) and when a concurrent request made
 * the new patient's CNP first (the appointment's foreign key to the patient taken for it).
 */
export async function storeRequest(db: Db, r: RequestToStore): Promise<boolean> {
  const p = r.patient.create;
  const made = sql`exists (select 1 from request)`;
  const written = r
    .alongside(made)
    .map((statement, i) => sql`, alongside_${sql.raw(String(i))} as (${statement})`);
  const res = (await db.execute(sql`
    with place as (
      insert into registration_days (calendar_id, day, count)
      select ${r.calendarId}::integer, ${r.day}::date, 1 where ${r.capacity}::integer > 0
      on conflict (calendar_id, day) do update set count = registration_days.count + 1
        where registration_days.count < ${r.capacity}::integer
      returning count
    ), new_patient as (
      insert into patients (id, name, name_search, cnp, phone, email, gp_name, gp_email, gp_phone,
                            insurance_status, state_residency, covid_vaccine)
      select ${r.patient.id}::integer, ${p?.name ?? null}::text, ${p?.nameSearch ?? null}::text, ${p?.cnp ?? null}::text,
             ${p?.phone ?? null}::text, ${p?.email ?? null}::text, ${p?.gpName ?? null}::text,
             ${p?.gpEmail ?? null}::text, ${p?.gpPhone ?? null}::text, ${p?.insuranceStatus ?? null}::text,
             ${p?.stateResidency ?? null}::text, ${p?.covidVaccine ?? null}::smallint
      from place where ${p !== null}::boolean
      on conflict (cnp) do nothing
      returning id
    ), patient as (
      -- Read through new_patient, so the patient exists before the appointment's trigger copies
      -- its name. When a concurrent request made this CNP's patient first, nothing was made and
      -- the id taken names no patient: the appointment's foreign key fails the whole statement.
      select coalesce((select id from new_patient), ${r.patient.id}::integer) as id from place
    ), request as (
      insert into appointments (id, patient_id, calendar_id, status, selected_date, selected_time, holds_slot,
                                public_request, request_data)
      select ${r.appointmentId}::integer, patient.id, ${r.calendarId}::integer, 'request', ${r.day}::date,
             ${REGISTRATION_SLOT}::time, false, true, ${JSON.stringify(r.requestData)}::jsonb
      from patient
      returning id, patient_id
    ), consent as (
      insert into consents (id, patient_id, appointment_id, text_version, ip)
      select ${r.consentId}::integer, request.patient_id, request.id, ${r.consentVersion}::text, ${r.ip}::text
      from request
    )${sql.join(written, sql``)}
    select ${made} as placed`)) as unknown as { rows: { placed: boolean }[] };
  return res.rows[0]?.placed === true;
}
