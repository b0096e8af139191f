/**
 * The data-subject export (GDPR art. 15, 20): a ZIP streamed to the caller with
 *   documente/<id>-<name>  every stored document, byte for byte,
 *   patient.json           every row that mentions the patient (as the database holds it; a signed
 *                          letter's PDF is not repeated there: its copy is one of the documents),
 *   rezumat.pdf            the same in Romanian, for a person to read.
 * Documents are stored (not deflated: they are mostly PDFs and images, compressed already) and
 * streamed one at a time, so a large record never sits in memory whole.
 */
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { statusLabel } from '../../../domain/appointments';
import { type ConsultationEntryType, ENTRY_LABELS } from '../../../domain/consultations';
import { countyName } from '../../../domain/counties';
import { clinicTime, clinicToday, formatDay } from '../../../domain/dates';
import { TERMS } from '../../../domain/glossary';
import { INSURANCE_LABELS, type InsuranceStatus } from '../../../domain/patients';
import { formatPhone } from '../../../domain/validation/phone';
import type { Db } from '../../db/client';
import { auditRowsOfPatient } from '../../platform/audit';
import { messagesAbout } from '../../platform/outbox';
import type { Storage } from '../../platform/storage';
import { appointmentRowsOfPatient, appointmentsOfPatient } from '../appointments';
import { consultationRowsOfPatient } from '../consultations';
import { documentRowsOfPatient } from '../documents';
import type { PatientRecord } from '../patients';
import { waitlistRowsOfPatient } from '../waitlist';
import { messageSubject } from './anonymise';
import { consentsAsShown } from './repository';

type PatientRow = PatientRecord;

/** Everything held about a patient, row by row, from each owner (the export's machine-readable part). */
async function patientRecord(db: Db, p: PatientRow, institute: string) {
  const id = p.id;
  const { groups, entries, letters, remote } = await consultationRowsOfPatient(db, id);
  return {
    appts: await appointmentRowsOfPatient(db, id),
    // As the patient's page lists them: a custom status by its own title, with the doctor.
    shownAppts: await appointmentsOfPatient(db, id),
    remote,
    groups,
    entries,
    letters,
    consentRows: await consentsAsShown(db, id, institute),
    docs: await documentRowsOfPatient(db, id),
    events: await auditRowsOfPatient(db, id),
    mails: await messagesAbout(db, messageSubject(p)),
    waiting: await waitlistRowsOfPatient(db, id),
  };
}

import { renderSummary, type SummaryData } from './summary-pdf';

const stamp = (d: Date) => `${formatDay(clinicToday(d))} ${clinicTime(d)}`;

/** A file name safe inside any unzip tool: ASCII letters, digits, dot, dash, underscore. */
export function zipName(id: number, filename: string): string {
  const safe = filename
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-120);
  return `documente/${id}-${safe || 'document'}`;
}

type Record = Awaited<ReturnType<typeof patientRecord>>;

export async function buildExport(db: Db, p: PatientRow, now: Date, institute: string) {
  const rec = await patientRecord(db, p, institute);
  const json = {
    format: 'clinic-patient-export/1',
    exported_at: now.toISOString(),
    patient: p,
    appointments: rec.appts,
    consultations: rec.groups.map((g) => ({
      ...g,
      entries: rec.entries.filter((e) => e.groupGuid === g.guid),
    })),
    medical_letters: rec.letters,
    remote_consultations: rec.remote,
    consents: rec.consentRows,
    documents: rec.docs.map(({ storageKey: _key, ...d }) => ({ ...d, file: zipName(d.id, d.filename) })),
    audit_events: rec.events,
    emails: rec.mails,
    waitlist: rec.waiting,
  };
  return { json, rec };
}

function summaryData(
  institute: string,
  p: PatientRow,
  rec: Record,
  now: Date,
  missing: Set<number>,
): SummaryData {
  return {
    institute,
    generatedAt: stamp(now),
    identity: [
      ['Nume', p.name],
      ['CNP', p.cnp],
      ['Telefon', formatPhone(p.phone)],
      ['E-mail', p.email ?? ''],
      [TERMS.county, countyName(p.stateResidency)],
      ['Statut de asigurat', INSURANCE_LABELS[p.insuranceStatus as InsuranceStatus] ?? p.insuranceStatus],
      ['Vaccinat COVID', p.covidVaccine === 1 ? 'Da' : 'Nu'],
      [
        TERMS.familyDoctor,
        [p.gpName, p.gpEmail, p.gpPhone && formatPhone(p.gpPhone)].filter(Boolean).join(', '),
      ],
      ['Înregistrat la', stamp(p.createdAt)],
    ],
    // A custom status by its title, as everywhere else (issue 54, item 21: not "Status personalizat").
    appointments: rec.shownAppts.map((a) => ({
      when: a.selected_date
        ? `${formatDay(a.selected_date)}${a.selected_time ? ` ${a.selected_time}` : ''}`
        : 'fără dată',
      status: statusLabel(a.status, a.apstatus?.title),
      doctor: a.doctor ?? '',
    })),
    consultations: rec.groups.map((g) => ({
      title: g.title,
      date: formatDay(g.date),
      sections: rec.entries
        .filter((e) => e.groupGuid === g.guid)
        .map((e) => ({ label: ENTRY_LABELS[e.type as ConsultationEntryType] ?? e.type, html: e.content })),
    })),
    consents: rec.consentRows.map((c) => ({
      version: c.textVersion,
      givenAt: stamp(c.givenAt),
      withdrawnAt: c.withdrawnAt ? stamp(c.withdrawnAt) : null,
    })),
    documents: rec.docs.map((d) => ({
      title: d.title,
      filename: d.filename,
      date: stamp(d.createdAt),
      file: missing.has(d.id) ? null : zipName(d.id, d.filename),
    })),
    audit: rec.events.map((e) => ({ at: stamp(e.at), action: e.action })),
  };
}

/**
 * The ZIP as a stream. Rows are read before the first byte goes out; a document whose file is
 * gone from storage is listed with `file: null` instead of failing the whole export.
 */
export async function exportZip(
  db: Db,
  storage: Storage,
  p: PatientRow,
  opts: { institute: string; now: Date; onError: (err: unknown) => void },
): Promise<Readable> {
  const { json, rec } = await buildExport(db, p, opts.now, opts.institute);
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      out.destroy(err);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const drain = async () => {
    if (out.writableNeedDrain && !out.destroyed) await once(out, 'drain');
  };
  const addBytes = (name: string, bytes: Uint8Array, deflate: boolean) => {
    const entry = deflate ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    zip.add(entry);
    entry.push(bytes, true);
  };

  (async () => {
    const missing = new Set<number>();
    for (const d of rec.docs) {
      let source: Readable;
      try {
        source = await storage.get(d.storageKey);
      } catch (err) {
        opts.onError(err);
        missing.add(d.id);
        continue;
      }
      const entry = new ZipPassThrough(zipName(d.id, d.filename));
      zip.add(entry);
      for await (const chunk of source) {
        entry.push(new Uint8Array(chunk as Buffer));
        await drain();
      }
      entry.push(new Uint8Array(0), true);
    }
    for (const d of json.documents) if (missing.has(d.id)) (d as { file: string | null }).file = null;
    addBytes('patient.json', strToU8(JSON.stringify(json, null, 2)), true);
    await drain();
    const pdf = await renderSummary(summaryData(opts.institute, p, rec, opts.now, missing));
    addBytes('rezumat.pdf', new Uint8Array(pdf), false);
    zip.end();
  })().catch((err) => {
    opts.onError(err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}
