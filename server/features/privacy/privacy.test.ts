/**
 * Data-subject requests: the export holds every row that mentions the patient and the stored
 * files byte for byte; anonymisation leaves no trace of the identity in any text column of any
 * table or in the file store, keeps the clinical counts, and is for superadmins only.
 */

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { clinicToday } from '../../../domain/dates';
import { ANONYMISE_PHRASE, PRIVACY_MESSAGES, renderConsentText } from '../../../domain/privacy';
import { foldText } from '../../../domain/text';
import { normalizePhone } from '../../../domain/validation/phone';
import {
  appointments,
  auditEvents,
  consents,
  consentTexts,
  consultationEntries,
  consultationGroups,
  consultationLetters,
  documents,
  outbox,
  patients,
  users,
} from '../../db/schema';
import { getStorage } from '../../platform/storage';
import { listAllFiles } from '../../platform/storage/disk';
import { makePublicCalendar, makeStatus, nextRealWeekday as nextWeekday } from '../../test/factories';
import { type Staff, setupTestApp, signedInStaff } from '../../test/harness';
import { makeLetterCertificate } from '../../test/letter-certificate';
import { zipName } from './export';
import { patientWithHistory, person } from './test/data';

const ctx = await setupTestApp({ env: makeLetterCertificate() });
const db = ctx.database.db;
await makePublicCalendar(ctx.database.db);
const admin = await signedInStaff(ctx, { superadmin: true, doctor: false });
const doctor = await signedInStaff(ctx, { doctor: true });
await db.update(users).set({ specialty: 'cardiologie', parafaCode: 'C1' }).where(eq(users.id, doctor.id));
const filesDir = path.join(ctx.dataDir, 'files');
const storage = getStorage(ctx.app.deps.config);

/** What JSON makes of a row (dates become ISO strings), to compare with the export. */
const asJson = <T>(v: T) => JSON.parse(JSON.stringify(v));

async function rowsOf<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

describe('GET /api/privacy/patients/:id/export', () => {
  const who = person();
  let subject: Awaited<ReturnType<typeof patientWithHistory>>;

  it('is refused to staff who are not superadmins, and 404 for an unknown patient', async () => {
    subject = await patientWithHistory(ctx, doctor, who);
    const res = await ctx.app.inject({
      url: `/api/privacy/patients/${subject.id}/export`,
      headers: doctor.headers,
    });
    expect(res.statusCode).toBe(403);
    const missing = await ctx.app.inject({
      url: '/api/privacy/patients/999999/export',
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('is a ZIP whose patient.json matches every table that mentions the patient', async () => {
    const res = await ctx.app.inject({
      url: `/api/privacy/patients/${subject.id}/export`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="pacient-${subject.id}-date-${clinicToday(new Date())}.zip"`,
    );
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const docRows = await db
      .select()
      .from(documents)
      .where(eq(documents.patientId, subject.id))
      .orderBy(documents.id);
    const [letterDoc, docRow] = docRows; // the signed medical letter, then the scanned form
    const docName = `documente/${docRow.id}-trimitere_Stefania_Valcu-Radulescu_A.pdf`;
    const letterName = zipName(letterDoc.id, letterDoc.filename);
    expect(Object.keys(files).sort()).toEqual([letterName, docName, 'patient.json', 'rezumat.pdf'].sort());

    // The document, byte for byte as the store holds it.
    expect(Buffer.from(files[docName]).equals(subject.bytes)).toBe(true);
    const stored = await readFile(path.join(filesDir, ...subject.key.split('/')));
    expect(Buffer.from(files[docName]).equals(stored)).toBe(true);

    const json = JSON.parse(Buffer.from(files['patient.json']).toString('utf8'));
    const id = subject.id;
    const [p] = await db.select().from(patients).where(eq(patients.id, id));
    expect(json.patient).toEqual(asJson(p));
    expect(json.patient).toMatchObject({
      name: who.name,
      cnp: who.cnp,
      email: who.email,
      phone: who.phoneE164,
    });
    expect(json.appointments).toEqual(
      asJson(await db.select().from(appointments).where(eq(appointments.patientId, id))),
    );
    expect(json.appointments[0].requestData).toMatchObject({ name: who.name, cnp: who.cnp });
    const groups = await db.select().from(consultationGroups).where(eq(consultationGroups.patientId, id));
    const entries = await db.select().from(consultationEntries).where(eq(consultationEntries.patientId, id));
    expect(json.consultations).toEqual(
      asJson(groups.map((g) => ({ ...g, entries: entries.filter((e) => e.groupGuid === g.guid) }))),
    );
    expect(entries.length).toBe(2);
    const consentRows = await db.select().from(consents).where(eq(consents.patientId, id));
    const [text] = await db.select().from(consentTexts).where(eq(consentTexts.version, 'gdpr-2026-11'));
    // The form kept the text as the patient read it, the institute named, never the template's
    // placeholder (issue 54, item 15); the export gives that text.
    const institute = ctx.app.deps.config.INSTITUTE_NAME;
    expect(consentRows[0].shownText).toBe(renderConsentText(text.text, institute));
    expect(json.consents).toEqual(
      asJson(
        consentRows.map(({ patientId: _p, shownText, ...c }) => ({
          ...c,
          text: shownText,
          textStored: true,
        })),
      ),
    );
    expect(json.consents[0].text).not.toContain('{institut}');
    expect(json.consents[0]).toMatchObject({ textVersion: 'gdpr-2026-11', ip: '198.51.100.23' });
    expect(json.documents).toEqual(
      asJson([
        { ...letterDoc, storageKey: undefined, file: letterName },
        { ...docRow, storageKey: undefined, file: docName },
      ]),
    );
    const letters = await db.select().from(consultationLetters).where(eq(consultationLetters.patientId, id));
    expect(json.medical_letters).toEqual(asJson(letters.map(({ signedPdf: _pdf, ...l }) => l)));
    expect(json.medical_letters).toHaveLength(1);
    // The signed copy in the ZIP is the letter as signed.
    expect(Buffer.from(files[letterName]).equals(letters[0].signedPdf!)).toBe(true);
    const events = await db.select().from(auditEvents).where(eq(auditEvents.patientId, id));
    expect(json.audit_events).toEqual(asJson(events));
    expect(events.map((e) => e.action)).toEqual(
      expect.arrayContaining([
        'registration.create',
        'patient.read',
        'consultation.letter.send',
        'privacy.export',
      ]),
    );
    // The confirmation sent to the patient (e-mail and SMS) and the letter sent to the family doctor.
    const mails = await db.select().from(outbox);
    expect(json.emails.map((m: { id: number }) => m.id).sort()).toEqual(mails.map((m) => m.id).sort());
    expect(json.emails.map((m: { to: string }) => m.to).sort()).toEqual(
      [who.email, who.gpEmail, normalizePhone(who.phone)].sort(),
    );

    // Every table with a patient_id column is in the export (a new one must be added there too),
    // except patient_name_words: the words of the name the export holds, an index the database
    // keeps from patients.name_search (and replaces when the name is anonymised).
    const withPatientId = await rowsOf<{ table_name: string }>(
      sql`select c.table_name from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
          where c.table_schema = 'public' and c.column_name = 'patient_id' and t.table_type = 'BASE TABLE'
          order by c.table_name`,
    );
    expect(withPatientId.map((r) => r.table_name)).toEqual([
      'appointments',
      'audit_events',
      'consents',
      'consultation_entries',
      'consultation_groups',
      'consultation_letters',
      'documents',
      'patient_name_words',
      'remote_consultations',
      'waitlist_entries',
    ]);
  });

  it('holds a Romanian summary PDF with diacritics, and the export itself is audited', async () => {
    const before = await db.select().from(auditEvents).where(eq(auditEvents.action, 'privacy.export'));
    const res = await ctx.app.inject({
      url: `/api/privacy/patients/${subject.id}/export`,
      headers: admin.headers,
    });
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const { text } = await extractText(new Uint8Array(files['rezumat.pdf']), { mergePages: true });
    expect(text).toContain('Rezumatul datelor personale');
    expect(text).toContain(who.name);
    expect(text).toContain(who.cnp);
    expect(text).toContain('Județ de reședință');
    expect(text).toContain('Cluj');
    expect(text).toContain('Versiunea gdpr-2026-11');
    const after = await db.select().from(auditEvents).where(eq(auditEvents.action, 'privacy.export'));
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)).toMatchObject({ actorId: admin.id, patientId: subject.id, entityType: 'patient' });
  });

  it("prints a custom status's own title in the summary, not 'Status personalizat' (issue 54)", async () => {
    const status = await makeStatus(db, { title: 'Anulat telefonic de pacient', withoutAppointment: true });
    const [appt] = await db.select().from(appointments).where(eq(appointments.patientId, subject.id));
    const set = await ctx.app.inject({
      method: 'POST',
      url: '/api/appointment/set-appointment',
      headers: doctor.headers,
      payload: { appointment_id: appt.id, status_id: status.id, without_appointment: true },
    });
    expect(set.statusCode, set.body).toBe(200);
    const res = await ctx.app.inject({
      url: `/api/privacy/patients/${subject.id}/export`,
      headers: admin.headers,
    });
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const { text } = await extractText(new Uint8Array(files['rezumat.pdf']), { mergePages: true });
    expect(text).toContain('Anulat telefonic de pacient');
    expect(text).not.toContain('Status personalizat');
  });
});

/** Every text, varchar and jsonb column of every table of the schema, and the rows that hold `needle`. */
async function tracesOf(needle: string): Promise<string[]> {
  const cols = await rowsOf<{ table_name: string; column_name: string }>(
    sql`select c.table_name, c.column_name from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
          and c.data_type in ('text', 'character varying', 'jsonb', 'json', 'character')`,
  );
  expect(cols.length).toBeGreaterThan(40);
  const found: string[] = [];
  for (const c of cols) {
    const [{ n }] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(c.table_name)}
          where strpos(${sql.identifier(c.column_name)}::text, ${needle}) > 0`,
    );
    if (n > 0) found.push(`${c.table_name}.${c.column_name}`);
  }
  return found;
}

async function filesContaining(needle: string): Promise<string[]> {
  const hits: string[] = [];
  for (const f of await listAllFiles(filesDir)) {
    const body = await readFile(path.join(filesDir, ...f.split('/')));
    if (body.includes(Buffer.from(needle, 'utf8'))) hits.push(f);
  }
  return hits;
}

describe('POST /api/privacy/patients/:id/anonymise', () => {
  const who = person();
  const bystander = person();
  let subject: Awaited<ReturnType<typeof patientWithHistory>>;
  let other: Awaited<ReturnType<typeof patientWithHistory>>;
  /** The anonymise button, pressed as `who` with the typed `confirmation` (the subject's unless told). */
  const anonymise = (who: Staff, confirmation: string, id = subject.id) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/privacy/patients/${id}/anonymise`,
      headers: who.headers,
      payload: { confirmation },
    });
  const counts = async (id: number) => ({
    appointments: (await db.select().from(appointments).where(eq(appointments.patientId, id))).length,
    entries: (await db.select().from(consultationEntries).where(eq(consultationEntries.patientId, id)))
      .length,
    groups: (await db.select().from(consultationGroups).where(eq(consultationGroups.patientId, id))).length,
  });

  it('is refused to non-superadmins and without the typed confirmation', async () => {
    subject = await patientWithHistory(ctx, doctor, who);
    other = await patientWithHistory(ctx, doctor, bystander);
    for (const needle of [who.cnp, who.name, who.email, who.phoneE164])
      expect((await tracesOf(needle)).length, needle).toBeGreaterThan(0);
    expect(await filesContaining(who.cnp)).toEqual([subject.key]);

    const asDoctor = await anonymise(doctor, ANONYMISE_PHRASE);
    expect(asDoctor.statusCode).toBe(403);
    const wrong = await anonymise(admin, 'anonimizeaza?');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      status: 0,
      message: PRIVACY_MESSAGES.confirmation,
      errors: { confirmation: PRIVACY_MESSAGES.confirmation },
    });
    const [p] = await db.select().from(patients).where(eq(patients.id, subject.id));
    expect(p).toMatchObject({ name: who.name, cnp: who.cnp, anonymisedAt: null });
  });

  it('leaves no trace of the identity in the database or the file store, and keeps the clinical record', async () => {
    const before = await counts(subject.id);
    expect(before).toEqual({ appointments: 1, entries: 2, groups: 1 });
    const res = await anonymise(admin, ANONYMISE_PHRASE);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 1, message: PRIVACY_MESSAGES.anonymised });

    for (const needle of [
      who.cnp,
      who.name,
      who.email,
      who.phoneE164,
      who.phone.replace(/ /g, ''),
      who.gpEmail,
    ])
      expect(await tracesOf(needle), needle).toEqual([]);
    for (const needle of [who.cnp, who.name, who.email])
      expect(await filesContaining(needle), needle).toEqual([]);
    expect(await storage.exists(subject.key)).toBe(false);

    expect(await counts(subject.id)).toEqual(before);
    const [p] = await db.select().from(patients).where(eq(patients.id, subject.id));
    expect(p).toMatchObject({
      name: `Pacient anonimizat #${subject.id}`,
      cnp: `ANON-${subject.id}`,
      phone: '',
      email: null,
      gpName: null,
      gpEmail: null,
      gpPhone: null,
    });
    expect(Date.now() - (p.anonymisedAt?.getTime() ?? 0)).toBeLessThan(60_000);
    const [e] = await db.select().from(consultationEntries).where(eq(consultationEntries.type, 'diagnosis'));
    expect(e.content).toBe('<p>Tahicardie sinusală</p>');
    const [a] = await db.select().from(appointments).where(eq(appointments.patientId, subject.id));
    expect(a).toMatchObject({ requestData: null, selectedDate: nextWeekday(), status: 'request' });
    // The appointment's copy of the name (0089) follows the pseudonym.
    expect(a.patientNameSearch).toBe(foldText(p.name));
    expect(await tracesOf(foldText(who.name)), 'the folded name').toEqual([]);
    expect(await db.select().from(documents).where(eq(documents.patientId, subject.id))).toEqual([]);
    // The letter stays in the register without the signed PDF that named the patient (bytea is not
    // among the text columns searched above).
    const [letter] = await db
      .select()
      .from(consultationLetters)
      .where(eq(consultationLetters.patientId, subject.id));
    expect(letter).toMatchObject({ signedPdf: null, registerYear: expect.any(Number) });
    expect(JSON.stringify(letter.content)).not.toContain(who.name);

    // The other patient is untouched: their traces and their file are all still there.
    expect(await tracesOf(bystander.cnp)).toEqual(expect.arrayContaining(['patients.cnp']));
    expect(await filesContaining(bystander.cnp)).toEqual([other.key]);
    const [op] = await db.select().from(patients).where(eq(patients.id, other.id));
    expect(op).toMatchObject({ name: bystander.name, email: bystander.email, anonymisedAt: null });

    const [event] = await db.select().from(auditEvents).where(eq(auditEvents.action, 'privacy.anonymise'));
    expect(event).toMatchObject({ actorId: admin.id, patientId: subject.id, entityId: String(subject.id) });
    expect(event.details).toMatchObject({ documents: 2, appointments: 1, consultations: 2, emails: 3 });
  });

  it('answers 409 the second time', async () => {
    const res = await anonymise(admin, ANONYMISE_PHRASE);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 0, message: PRIVACY_MESSAGES.alreadyAnonymised });
  });

  it('keeps the unique CNP index: two anonymised patients never collide', async () => {
    const res = await anonymise(admin, ` ${ANONYMISE_PHRASE} `, other.id);
    expect(res.statusCode).toBe(200);
    const rows = await db
      .select({ cnp: patients.cnp })
      .from(patients)
      .where(sql`${patients.cnp} like 'ANON-%'`);
    expect(rows.map((r) => r.cnp).sort()).toEqual([`ANON-${other.id}`, `ANON-${subject.id}`].sort());
  });
});
