/** Rules of the patient area: create, update, consultations and their letters. */
import { randomUUID } from 'node:crypto';
import {
  CONSULTATION_SECTIONS,
  CONSULTATION_TEXTS,
  type ConsultationEntryType,
  type ConsultationUpdate,
  ENTRY_LABELS,
  inFormOrder,
  isBlankHtml,
} from '../../../domain/consultations';
import { countyName } from '../../../domain/counties';
import { clinicToday, formatDay } from '../../../domain/dates';
import {
  type EditPatient,
  INSURANCE_LABELS,
  type InsuranceStatus,
  type NewPatient,
  PATIENT_TEXTS,
  type PatientDetail,
} from '../../../domain/patients';
import { foldText } from '../../../domain/text';
import { ageOn, parseCnp } from '../../../domain/validation/cnp';
import { formatPhone, normalizePhone } from '../../../domain/validation/phone';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { constraintViolation } from '../../platform/db-errors';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { LetterData } from '../../platform/pdf';
import { sanitizeRichText } from '../../platform/sanitize';
import * as repo from './repository';
import * as writes from './write-repository';

const nullable = (v: string | undefined) => (v === undefined || v === '' ? null : v);
const phoneOrNull = (v: string | undefined) => (v ? (normalizePhone(v) ?? v) : null);

export async function createPatient(db: Db, actor: Actor, input: NewPatient): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      if (await repo.patientIdByCnp(tx, input.cnp)) throw conflict(PATIENT_TEXTS.duplicateCnp);
      const id = await writes.insertPatient(tx, {
        name: input.name,
        nameSearch: foldText(input.name),
        cnp: input.cnp,
        phone: normalizePhone(input.phone) ?? input.phone,
        email: nullable(input.email),
        gpName: nullable(input.gp_name),
        gpEmail: nullable(input.gp_email),
        gpPhone: phoneOrNull(input.gp_phone),
        insuranceStatus: input.insurance_status,
        stateResidency: input.state_residency,
        covidVaccine: input.vaccine,
        createdBy: actor.userId,
      });
      await audit(tx, actor, {
        action: 'patient.create',
        entityType: 'patient',
        entityId: id,
        patientId: id,
      });
      return id;
    });
  } catch (err) {
    // Two creations of the same CNP at once: the unique index decides, the loser gets the same 409.
    if (constraintViolation(err)?.kind === 'unique') throw conflict(PATIENT_TEXTS.duplicateCnp);
    throw err;
  }
}

export async function updatePatient(db: Db, actor: Actor, id: number, input: EditPatient, now: Date) {
  await db.transaction(async (tx) => {
    const current = await repo.findPatient(tx, id, true);
    if (!current) throw notFound(PATIENT_TEXTS.notFound);
    await writes.updatePatientRow(tx, id, {
      name: input.name,
      nameSearch: foldText(input.name),
      phone: normalizePhone(input.phone) ?? input.phone,
      email: nullable(input.email),
      gpName: nullable(input.gp_name),
      gpEmail: nullable(input.gp_email),
      gpPhone: phoneOrNull(input.gp_phone),
      insuranceStatus: input.insurance_status,
      stateResidency: input.state_residency,
      ...(input.vaccine === undefined ? {} : { covidVaccine: input.vaccine }),
      updatedAt: now,
    });
    await audit(tx, actor, {
      action: 'patient.update',
      entityType: 'patient',
      entityId: id,
      patientId: id,
      details: { fields: Object.keys(input) },
    });
  });
}

/** Sanitised rich text that must show something; 400 when it is blank. */
function requiredRichText(raw: string): string {
  const content = sanitizeRichText(raw);
  if (isBlankHtml(content)) throw badRequest(CONSULTATION_TEXTS.contentRequired);
  return content;
}

/**
 * Saves the non-empty sections of the consultation form. A save joins the group of the same
 * patient, title and day (Europe/Bucharest), so saving the six sections one by one builds one
 * consultation; saving a section again in that group replaces its text (one entry per section).
 * The patient row is locked so two saves at once cannot create two groups.
 */
export async function saveConsultation(db: Db, actor: Actor, input: ConsultationUpdate, now: Date) {
  const sections = CONSULTATION_SECTIONS.flatMap((type) => {
    const raw = input[type];
    if (raw === undefined) return [];
    const content = sanitizeRichText(raw);
    return isBlankHtml(content) ? [] : [{ type, content }];
  });
  if (!sections.length) throw badRequest(CONSULTATION_TEXTS.nothingToSave);
  const today = clinicToday(now);
  return db.transaction(async (tx) => {
    if (!(await repo.findPatient(tx, input.patientId, true))) throw notFound(PATIENT_TEXTS.notFound);
    const existing = await writes.consultationGroupOf(tx, input.patientId, input.consultationTitle, today);
    let guid = existing?.guid;
    if (!guid) {
      guid = randomUUID();
      await writes.insertConsultationGroup(tx, {
        guid,
        patientId: input.patientId,
        title: input.consultationTitle,
        date: today,
        createdBy: actor.userId,
      });
    }
    const locked = !!existing?.lockedAt;
    for (const s of sections)
      await upsertEntry(tx, actor, input.patientId, guid, s.type, s.content, now, locked);
    await audit(tx, actor, {
      action: 'consultation.save',
      entityType: 'consultation',
      entityId: guid,
      patientId: input.patientId,
      details: { sections: sections.map((s) => s.type), ...(locked ? { addendum: true } : {}) },
    });
    return { guid, title: input.consultationTitle, date: today, sections: sections.map((s) => s.type) };
  });
}

/**
 * Writes one section of a group. Before the consultation is locked the section has one entry,
 * replaced in place; once a signed letter locked it, a different text is an addendum: a new
 * version by this actor, the older ones kept as they were signed.
 */
async function upsertEntry(
  tx: Db,
  actor: Actor,
  patientId: number,
  guid: string,
  type: ConsultationEntryType,
  content: string,
  now: Date,
  locked: boolean,
): Promise<number> {
  const entry = await repo.latestEntry(tx, guid, type);
  if (entry && !locked) {
    await writes.updateEntryRow(tx, entry.id, { content, doctorId: actor.userId, updatedAt: now });
    return entry.id;
  }
  if (entry && entry.content === content) return entry.id; // nothing changed: no addendum
  return writes.insertEntry(tx, {
    groupGuid: guid,
    patientId,
    type,
    content,
    doctorId: actor.userId,
    version: entry ? entry.version + 1 : 1,
  });
}

export async function updateEntry(
  db: Db,
  actor: Actor,
  patientId: number,
  entryId: number,
  raw: string,
  now: Date,
) {
  const content = requiredRichText(raw);
  return db.transaction(async (tx) => {
    const entry = await writes.lockPatientEntry(tx, patientId, entryId);
    if (!entry) throw notFound(CONSULTATION_TEXTS.entryNotFound);
    let id = entryId;
    if (entry.lockedAt) {
      // Signed: the text stays as it was signed; the change is an addendum (a new version).
      id = await upsertEntry(
        tx,
        actor,
        patientId,
        entry.guid,
        entry.type as ConsultationEntryType,
        content,
        now,
        true,
      );
    } else {
      await writes.updateEntryRow(tx, entryId, { content, updatedAt: now });
    }
    await audit(tx, actor, {
      action: 'consultation.entry.update',
      entityType: 'consultation_entry',
      entityId: id,
      patientId,
      details: { guid: entry.guid, ...(id !== entryId ? { addendumOf: entryId } : {}) },
    });
    return content;
  });
}

/** Saves (or replaces) the letter text of a consultation group. */
export async function saveLetter(
  db: Db,
  actor: Actor,
  patientId: number,
  guid: string,
  raw: string,
  now: Date,
) {
  const content = requiredRichText(raw);
  return db.transaction(async (tx) => {
    const group = await repo.lockGroup(tx, patientId, guid);
    if (!group) throw notFound(CONSULTATION_TEXTS.groupNotFound);
    const id = await upsertEntry(tx, actor, patientId, guid, 'letter', content, now, !!group.lockedAt);
    await audit(tx, actor, {
      action: 'consultation.letter.save',
      entityType: 'consultation',
      entityId: guid,
      patientId,
      details: { entryId: id },
    });
    return id;
  });
}

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

export async function patientDetail(db: Db, id: number): Promise<PatientDetail | null> {
  const p = await repo.findPatient(db, id);
  if (!p) return null;
  const [docs, groups, entries, appts] = [
    await repo.patientDocuments(db, id),
    await repo.consultationGroupsOf(db, id),
    await repo.consultationEntriesOf(db, id),
    await repo.patientAppointments(db, id),
  ];
  return {
    id: p.id,
    patient_id: p.id,
    patient: p.name,
    pid: p.cnp,
    cnp: p.cnp,
    patient_phone: p.phone,
    patient_email: p.email,
    covid_vaccine: p.covidVaccine === 1 ? 1 : 0,
    gp_name: p.gpName,
    gp_email: p.gpEmail,
    gp_phone: p.gpPhone,
    insurance_status: p.insuranceStatus as InsuranceStatus,
    insurance_label: INSURANCE_LABELS[p.insuranceStatus as InsuranceStatus] ?? p.insuranceStatus,
    state_residency: p.stateResidency,
    state_name: countyName(p.stateResidency),
    documents: docs.map((d) => ({ ...d, created_at: iso(d.created_at) })),
    consultations: groups.map((g) => ({
      guid: g.guid,
      title: g.title,
      date: g.date,
      locked_at: g.lockedAt ? iso(g.lockedAt) : null,
      // The form's section order, not the order they were saved in (issue 22); every version kept.
      consultations: ((inGroup) =>
        inFormOrder(inGroup).map((e) => ({
          id: e.id,
          type: e.type,
          type_label: ENTRY_LABELS[e.type as ConsultationEntryType] ?? e.type,
          doctor: e.doctor,
          doctor_id: e.doctor_id,
          date: iso(e.created_at),
          content: e.content,
          version: e.version,
          current: repo.latestVersions(inGroup).includes(e),
        })))(entries.filter((e) => e.group_guid === g.guid)),
    })),
    appointments: appts.map((a) => ({
      id: a.id,
      patient: p.name,
      patient_phone: p.phone,
      patient_email: p.email,
      doctor: a.doctor,
      doctor_id: a.doctor_id,
      selected_date: a.selected_date,
      selected_time: a.selected_time,
      status: a.status,
      apstatus: a.custom_status_id ? { id: a.custom_status_id, title: a.custom_title ?? '' } : null,
      calendar: a.calendar_id ? { id: a.calendar_id, title: a.calendar_title ?? '' } : null,
    })),
  };
}

/** What the letter PDF shows; null when the patient or the group does not exist. */
export async function letterData(
  db: Db,
  institute: { name: string; tagline: string },
  patientId: number,
  guid: string,
  now: Date,
): Promise<LetterData | null> {
  const p = await repo.findPatient(db, patientId);
  const group = p && (await repo.findGroup(db, patientId, guid));
  if (!p || !group) return null;
  const entries = inFormOrder(repo.latestVersions(await repo.consultationEntriesOf(db, patientId, guid)));
  const cnp = parseCnp(p.cnp, now);
  const today = clinicToday(now);
  return {
    institute,
    title: group.title,
    date: formatDay(group.date),
    patient: {
      name: p.name,
      cnp: p.cnp,
      birth: cnp ? formatDay(cnp.birthDate) : '',
      sex: cnp ? (cnp.sex === 'M' ? 'Masculin' : 'Feminin') : '',
      age: cnp ? `${ageOn(cnp.birthDate, today)} ani` : '',
      county: countyName(p.stateResidency),
      phone: formatPhone(p.phone),
    },
    gp: { name: p.gpName, email: p.gpEmail, phone: p.gpPhone ? formatPhone(p.gpPhone) : null },
    sections: entries.map((e) => ({
      label: ENTRY_LABELS[e.type as ConsultationEntryType] ?? e.type,
      html: e.content,
      doctor: e.doctor,
      date: formatDay(clinicToday(new Date(e.created_at))),
    })),
    doctors: [...new Set(entries.map((e) => e.doctor).filter((d): d is string => !!d))],
    issuedOn: formatDay(today),
  };
}
