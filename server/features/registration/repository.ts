/**
 * The public form's statements (the registration feature owns no table): its read of a day over
 * the owners' published views (server/db/views.ts), and the request's own read and write below.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { calendarClosedDays, calendarTitles, consentVersions, publicDayRequests } from '../../db/views';
import type { auditRow } from '../../platform/audit';
import { messagesJson, type NewOutboxRow } from '../../platform/outbox';

export type PublicDayRow = {
  id: number;
  title: string;
  daily_capacity: number | null;
  closed: boolean;
  taken: number;
  current_consent_version: string | null;
  consent_version_known: boolean;
};

/** Everything the public form asks of the database about a day. No row: no public calendar. */
export async function publicDayRow(
  db: Db,
  day: string,
  consentVersion: string | null,
): Promise<PublicDayRow | null> {
  const res = (await db.execute(sql`
    select c.id, c.title, c.daily_capacity,
      exists (select 1 from ${calendarClosedDays} u
              where u.calendar_id = c.id and u.from_date <= ${day}::date and u.to_date >= ${day}::date) as closed,
      coalesce((select r.count from ${publicDayRequests} r where r.calendar_id = c.id and r.day = ${day}::date), 0)::int as taken,
      (select t.version from ${consentVersions} t order by t.created_at desc, t.version desc limit 1) as current_consent_version,
      exists (select 1 from ${consentVersions} t where t.version = ${consentVersion}::text) as consent_version_known
    from ${calendarTitles} c
    where c.public_requests
    order by c.id
    limit 1`)) as unknown as { rows: PublicDayRow[] };
  return res.rows[0] ?? null;
}

// The public request in two statements (docs/decisions/0091-public-request-one-statement.md).
// A request written as calls of its owners inside a transaction (about fifteen statements)
// answered 0.40 of `ed81db0`'s requests per second: each statement is a round trip and a wake-up
// of both processes, and on two cores those, not the work, were the cost. So the registration
// feature reads what it needs in one statement and writes the request in one, naming the owners'
// tables itself: the one exemption from "SQL only in the owner", which
// scripts/check-architecture.mjs allows for the tables listed below and no other. Every value written comes from
// its owner as data (the patient's record, the link's hash, the messages, the audit row); no SQL
// crosses a feature boundary.

// The tables the two statements below name besides the views above (the checker reads this line):
// one-statement-tables: patients appointments registration_days consents self_service_links outbox audit_events

export type RequestContextRow = PublicDayRow & {
  /** The stored text of the version the patient agreed to (null: the built-in text's version). */
  agreed_text: string | null;
  patient_id: number | null;
  patient_name: string | null;
  patient_email: string | null;
  patient_phone: string | null;
  request_id: number | null;
  request_time: string | null;
  /** Staff or the patient vouched for the patient's number (an appointment beyond a bare request). */
  vouched: boolean;
  /** SMS queued (not cancelled) in the last 24 hours to the patient's stored number and to the form's. */
  sms_to_patient: number;
  sms_to_form: number;
  new_appointment_id: number;
  new_consent_id: number;
  new_patient_id: number | null;
};

/**
 * What a submitted form needs before it writes, in one statement: the day (as `publicDayRow`),
 * the text of the consent version agreed to, the patient with this CNP and their public request on the day, whether their number may get an
 * SMS, and the ids the request would be stored under (the appointment, the consent, a new
 * patient), so its link, messages and audit event can be made before the statement that stores
 * them all. Ids taken and not used are gaps in the sequences, nothing more.
 */
export async function requestContextRow(
  db: Db,
  r: {
    day: string;
    consentVersion: string | null;
    agreedVersion: string | null;
    cnp: string;
    formPhone: string;
  },
): Promise<RequestContextRow | null> {
  const smsSince = (to: SQL) => sql`(select count(*)::int from outbox o
      where o.channel = 'sms' and o."to" = ${to} and o.state <> 'cancelled'
        and o.created_at >= now() - interval '24 hours')`;
  const res = (await db.execute(sql`
    select c.id, c.title, c.daily_capacity,
      exists (select 1 from ${calendarClosedDays} u
              where u.calendar_id = c.id and u.from_date <= ${r.day}::date and u.to_date >= ${r.day}::date) as closed,
      coalesce((select d.count from ${publicDayRequests} d where d.calendar_id = c.id and d.day = ${r.day}::date), 0)::int as taken,
      (select t.version from ${consentVersions} t order by t.created_at desc, t.version desc limit 1) as current_consent_version,
      exists (select 1 from ${consentVersions} t where t.version = ${r.consentVersion}::text) as consent_version_known,
      (select t.text from ${consentVersions} t where t.version = coalesce(${r.agreedVersion}::text,
        (select n.version from ${consentVersions} n order by n.created_at desc, n.version desc limit 1))) as agreed_text,
      p.id as patient_id, p.name as patient_name, p.email as patient_email, p.phone as patient_phone,
      a.id as request_id, to_char(a.selected_time, 'HH24:MI') as request_time,
      coalesce(exists (select 1 from appointments v where v.patient_id = p.id
        and (not v.public_request or v.status <> 'request' or v.attendance_confirmed_at is not null)), false) as vouched,
      case when p.id is null then 0 else ${smsSince(sql`p.phone`)} end as sms_to_patient,
      ${smsSince(sql`${r.formPhone}::text`)} as sms_to_form,
      nextval('appointments_id_seq')::int as new_appointment_id,
      nextval('consents_id_seq')::int as new_consent_id,
      case when p.id is null then nextval('patients_id_seq')::int end as new_patient_id
    from ${calendarTitles} c
    left join patients p on p.cnp = ${r.cnp}
    left join lateral (
      select x.id, x.selected_time from appointments x
      where x.patient_id = p.id and x.selected_date = ${r.day}::date and x.public_request
      limit 1
    ) a on true
    where c.public_requests
    order by c.id
    limit 1`)) as unknown as { rows: RequestContextRow[] };
  return res.rows[0] ?? null;
}

/** A new patient's record as the public form makes it, under the id `requestContextRow` took. */
export type NewPatientRecord = {
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
  time: string;
  capacity: number;
  appointmentId: number;
  consentId: number;
  /** The patient of the request: an existing one's id, or the new record to make. */
  patient: { id: number; create: NewPatientRecord | null };
  requestData: unknown;
  /** The version agreed to and its text as the form showed it (placeholders filled). */
  consent: { textVersion: string; shownText: string; ip: string | null };
  link: { nonce: string; tokenHash: string };
  /** The outbox rows (journey) and the audit row (platform/audit), written with the request. */
  messages: NewOutboxRow[];
  audit: ReturnType<typeof auditRow>;
};

/**
 * Stores a public request in one statement: a place on the day under the row lock of
 * (calendar, day), the patient when new, the request, the consent, its link, its messages and
 * its audit event. False when the day already had `capacity` requests: nothing is written then.
 * Fails, writing nothing, when the same patient's request for the day was stored meanwhile
 * (appointments_public_request_uq) and when a concurrent request made the new patient's CNP first
 * (the appointment's foreign key to the id taken for it).
 */
export async function storeRequest(db: Db, r: RequestToStore): Promise<boolean> {
  const p = r.patient.create;
  const messages = messagesJson(r.messages);
  const a = r.audit;
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
             ${r.time}::time, false, true, ${JSON.stringify(r.requestData)}::jsonb
      from patient
      returning id, patient_id
    ), consent as (
      insert into consents (id, patient_id, appointment_id, text_version, shown_text, ip)
      select ${r.consentId}::integer, request.patient_id, request.id, ${r.consent.textVersion}::text,
             ${r.consent.shownText}::text, ${r.consent.ip}::text
      from request
    ), link as (
      insert into self_service_links (appointment_id, nonce, token_hash)
      select request.id, ${r.link.nonce}::text, ${r.link.tokenHash}::text from request
    ), messages as (
      insert into outbox (channel, "to", subject, text, html, appointment_id, purpose, next_attempt_at)
      select m.channel, m."to", m.subject, m.text, m.html, request.id, m.purpose, coalesce(m.not_before, now())
      from request, jsonb_to_recordset(${messages}::jsonb) as m(channel text, "to" text, subject text,
           text text, html text, purpose text, not_before timestamptz)
    ), audit as (
      insert into audit_events (actor_id, action, entity_type, entity_id, patient_id, ip, details)
      select ${a.actorId ?? null}::text, ${a.action}::text, ${a.entityType ?? null}::text, ${a.entityId ?? null}::text,
             request.patient_id, ${a.ip ?? null}::text, ${JSON.stringify(a.details ?? null)}::jsonb
      from request
    )
    select exists (select 1 from request) as placed`)) as unknown as { rows: { placed: boolean }[] };
  return res.rows[0]?.placed === true;
}

/**
 * The public calendar's days the form cannot take between `from` and `to`: its unavailable days
 * (clipped to the window) and the days full at its capacity (else `defaultCapacity`), in order.
 * A few rows: the calendar's closures and the days with requests, each read by its calendar.
 */
export async function publicClosedRanges(
  db: Db,
  from: string,
  to: string,
  defaultCapacity: number,
): Promise<{ from: string; to: string }[]> {
  const res = (await db.execute(sql`
    with c as (select id, daily_capacity from ${calendarTitles} where public_requests order by id limit 1)
    select to_char(greatest(u.from_date, ${from}::date), 'YYYY-MM-DD') as "from",
           to_char(least(u.to_date, ${to}::date), 'YYYY-MM-DD') as "to"
      from ${calendarClosedDays} u join c on u.calendar_id = c.id
      where u.to_date >= ${from}::date and u.from_date <= ${to}::date
    union all
    select to_char(r.day, 'YYYY-MM-DD'), to_char(r.day, 'YYYY-MM-DD')
      from ${publicDayRequests} r join c on r.calendar_id = c.id
      where r.day between ${from}::date and ${to}::date
        and r.count >= coalesce(c.daily_capacity, ${defaultCapacity})
    order by 1, 2`)) as unknown as { rows: { from: string; to: string }[] };
  return res.rows;
}
