/**
 * The consultations' rules (SPEC §2 Details and Consults tabs): the form's sections saved into
 * one consultation per patient, title and day; entries edited until a signed letter locks them,
 * then changed only by addenda; the free-form letter's data.
 */
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
import { PATIENT_TEXTS, type PatientDetail } from '../../../domain/patients';
import { ageOn, parseCnp } from '../../../domain/validation/cnp';
import { formatPhone } from '../../../domain/validation/phone';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { audit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import type { LetterData } from '../../platform/pdf';
import { sanitizeRichText } from '../../platform/sanitize';
import { lockPatient, patientRecord } from '../patients';
import * as repo from './repository';

/** Sanitised rich text that must show something; 400 when it is blank. */
function requiredRichText(raw: string): string {
  const content = sanitizeRichText(raw);
  if (isBlankHtml(content)) throw badRequest(CONSULTATION_TEXTS.contentRequired);
  return content;
}

export function createConsultationsService({ db, clock }: Pick<Deps, 'db' | 'clock'>) {
  return {
    /**
     * Saves the non-empty sections of the consultation form. A save joins the group of the same
     * patient, title and day (Europe/Bucharest), so saving the six sections one by one builds one
     * consultation; saving a section again in that group replaces its text (one entry per section).
     * The patient row is locked so two saves at once cannot create two groups.
     */
    async saveConsultation(actor: Actor, { input }: { input: ConsultationUpdate }) {
      const now = clock.now();
      const sections = CONSULTATION_SECTIONS.flatMap((type) => {
        const raw = input[type];
        if (raw === undefined) return [];
        const content = sanitizeRichText(raw);
        return isBlankHtml(content) ? [] : [{ type, content }];
      });
      if (!sections.length) throw badRequest(CONSULTATION_TEXTS.nothingToSave);
      const today = clinicToday(now);
      return db.transaction(async (tx) => {
        if (!(await lockPatient(tx, input.patientId))) throw notFound(PATIENT_TEXTS.notFound);
        const existing = await repo.consultationGroupOf(tx, input.patientId, input.consultationTitle, today);
        let guid = existing?.guid;
        if (!guid) {
          guid = randomUUID();
          await repo.insertConsultationGroup(tx, {
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
    },
    async updateEntry(
      actor: Actor,
      { patientId, entryId, raw }: { patientId: number; entryId: number; raw: string },
    ) {
      const now = clock.now();
      const content = requiredRichText(raw);
      return db.transaction(async (tx) => {
        const entry = await repo.lockPatientEntry(tx, patientId, entryId);
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
          await repo.updateEntryRow(tx, entryId, { content, updatedAt: now });
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
    },
    /** Saves (or replaces) the letter text of a consultation group. */
    async saveLetter(
      actor: Actor,
      { patientId, guid, raw }: { patientId: number; guid: string; raw: string },
    ) {
      const now = clock.now();
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
    },
  };
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
    await repo.updateEntryRow(tx, entry.id, { content, doctorId: actor.userId, updatedAt: now });
    return entry.id;
  }
  if (entry && entry.content === content) return entry.id; // nothing changed: no addendum
  return repo.insertEntry(tx, {
    groupGuid: guid,
    patientId,
    type,
    content,
    doctorId: actor.userId,
    version: entry ? entry.version + 1 : 1,
  });
}

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** A patient's consultations as the record shows them (SPEC §2 Consults tab), newest first. */
export async function consultationsOfPatient(
  db: Db,
  patientId: number,
): Promise<PatientDetail['consultations']> {
  const [groups, entries] = [
    await repo.consultationGroupsOf(db, patientId),
    await repo.consultationEntriesOf(db, patientId),
  ];
  return groups.map((g) => ({
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
  }));
}

/** What the letter PDF shows; null when the patient or the group does not exist. */
export async function letterData(
  db: Db,
  institute: { name: string; tagline: string },
  patientId: number,
  guid: string,
  now: Date,
): Promise<LetterData | null> {
  const p = await patientRecord(db, patientId);
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
