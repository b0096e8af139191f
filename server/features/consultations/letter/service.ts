/**
 * The medical letter in the national model: generated from the consultation (its newest
 * versions) and the letter form, numbered in the consultation register, signed by a doctor with
 * the institute's certificate, the institute's electronic seal (which locks the consultation and
 * files the signed PDF as a patient document), and e-mailed to the family doctor through the outbox.
 */
import { randomUUID } from 'node:crypto';
import { CONSULTATION_TEXTS } from '../../../../domain/consultations';
import { countyName } from '../../../../domain/counties';
import { clinicTime, clinicToday, formatDay } from '../../../../domain/dates';
import {
  LETTER_ACTION_TEXTS,
  LETTER_SECTION_KEYS,
  type Letter,
  type LetterRequest,
  type LetterState,
  letterSchema,
} from '../../../../domain/letter';
import { PATIENT_TEXTS } from '../../../../domain/patients';
import {
  CHANNEL_LABELS,
  type RemoteChannel,
  remoteConsultationLine,
} from '../../../../domain/remote-consultation';
import { parseCnp } from '../../../../domain/validation/cnp';
import type { Config, LetterSigning } from '../../../config';
import type { Db } from '../../../db/client';
import type { Actor } from '../../../platform/actor';
import { audit } from '../../../platform/audit';
import { staffMember } from '../../../platform/auth';
import type { Deps } from '../../../platform/deps';
import { badRequest, conflict, forbidden, notFound, parseOr400 } from '../../../platform/errors';
import { enqueueMail } from '../../../platform/mail';
import { deliveryOf } from '../../../platform/outbox';
import { sanitizeRichText } from '../../../platform/sanitize';
import type { Storage } from '../../../platform/storage';
import { insertGeneratedDocument, setDocumentStatus } from '../../documents';
import { patientRecord } from '../../patients';
import { remoteNumberOfGroup, remoteTimesOfGroup } from '../remote/repository';
import * as repo from '../repository';
import { type LetterPdfData, renderLetterPdf } from './render';
import * as letters from './repository';
import { signLetterPdf } from './sign';

/** The rich-text fields of the letter form, sanitised like the consultation's sections. */
const RICH_EXTRAS = [
  'clinicalExam',
  'labResults',
  'ekg',
  'echo',
  'otherInvestigations',
  'treatmentDone',
  'recommendedTreatment',
] as const;

const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

async function view(db: Db, row: letters.LetterRow): Promise<LetterState> {
  const signer = row.signedBy ? await staffMember(db, row.signedBy) : null;
  const mail = await deliveryOf(db, row.outboxId);
  return {
    id: row.id,
    number: row.registerNumber,
    year: row.registerYear,
    content: row.content as unknown as Record<string, unknown>,
    createdAt: row.createdAt.toISOString(),
    signedAt: isoOrNull(row.signedAt),
    signedBy: row.signedAt ? (signer?.name ?? '') : null,
    documentId: row.documentId,
    sentAt: isoOrNull(row.sentAt),
    delivery: mail ? { state: mail.state, error: mail.state === 'sent' ? null : mail.lastError } : null,
  };
}

export async function letterState(db: Db, patientId: number, guid: string): Promise<LetterState | null> {
  if (!(await repo.findGroup(db, patientId, guid))) throw notFound(CONSULTATION_TEXTS.groupNotFound);
  const row = await letters.latestLetter(db, patientId, guid);
  return row ? view(db, row) : null;
}

export function createLettersService({
  db,
  clock,
  config,
  storage,
}: Pick<Deps, 'db' | 'clock' | 'config'> & { storage: Storage }) {
  return {
    /**
     * Generates the letter of a consultation: the form's fields plus the consultation's sections as
     * they are now. An unsigned letter is generated again under its number; after signing, a new
     * letter takes the next number of the year's register (the counter row, same transaction).
     * Bad input (no reason in the consultation, an unknown code) is a 400 and writes nothing.
     */
    async generateLetter(
      actor: Actor,
      { patientId, guid, input }: { patientId: number; guid: string; input: LetterRequest },
    ): Promise<LetterState> {
      const now = clock.now();
      const extras = { ...input };
      for (const k of RICH_EXTRAS) extras[k] = sanitizeRichText(extras[k]);
      const row = await db.transaction(async (tx) => {
        const group = await repo.lockGroup(tx, patientId, guid);
        if (!group) throw notFound(CONSULTATION_TEXTS.groupNotFound);
        const entries = repo.latestVersions(await repo.consultationEntriesOf(tx, patientId, guid));
        const sections = Object.fromEntries(
          LETTER_SECTION_KEYS.map((k) => [k, entries.find((e) => e.type === k)?.content ?? '']),
        );
        const content: Letter = parseOr400(letterSchema, { ...extras, ...sections });
        const current = await letters.latestLetter(tx, patientId, guid, true);
        let saved: letters.LetterRow;
        if (current && !current.signedAt) {
          saved = await letters.updateLetter(tx, current.id, {
            content,
            createdBy: actor.userId,
            updatedAt: now,
          });
        } else {
          // The first letter of a remote consultation numbered when it ended carries its number
          // (one consultation, one number in the register: docs/decisions/0097).
          const remote = current ? null : await remoteNumberOfGroup(tx, guid);
          const year = remote?.year ?? Number(clinicToday(now).slice(0, 4));
          const number = remote?.number ?? (await letters.nextRegisterNumber(tx, year));
          saved = await letters.insertLetter(tx, {
            groupGuid: guid,
            patientId,
            registerYear: year,
            registerNumber: number,
            content,
            createdBy: actor.userId,
          });
        }
        await audit(tx, actor, {
          action: 'consultation.letter.generate',
          entityType: 'consultation',
          entityId: guid,
          patientId,
          details: { letterId: saved.id, number: `${saved.registerNumber}/${saved.registerYear}` },
        });
        return saved;
      });
      return view(db, row);
    },
    /**
     * Signs the newest letter of a consultation (a doctor's action): the PDF is rendered with the
     * doctor's name, specialty and parafă and sealed with the institute's certificate (PAdES; B-T
     * with a time-stamp when LETTER_TSA_URL is set); the consultation is locked (later changes are
     * addenda); the signed PDF becomes the patient document "Scrisoare medicală nr. N/YYYY", to send.
     *
     * The signature, and the time-stamping service it may call, is made outside the transaction
     * (which would hold the embedded database for as long as the service takes); the transaction
     * then checks that the letter is still the one signed, unchanged and unsigned. A failing
     * time-stamping service throws `TimestampError` and nothing is written.
     */
    async signLetter(
      actor: Actor,
      { patientId, guid }: { patientId: number; guid: string },
    ): Promise<LetterState> {
      const now = clock.now();
      const signing: LetterSigning | null = config.letterSigning;
      if (!signing) throw conflict(LETTER_ACTION_TEXTS.signingUnavailable);
      const me = await staffMember(db, actor.userId);
      if (!me?.doctor) throw forbidden(LETTER_ACTION_TEXTS.doctorOnly);
      if (!me.specialty || !me.parafaCode) throw conflict(LETTER_ACTION_TEXTS.doctorDetailsMissing);
      if (!(await repo.findGroup(db, patientId, guid))) throw notFound(CONSULTATION_TEXTS.groupNotFound);
      const read = await letters.latestLetter(db, patientId, guid);
      if (!read) throw conflict(LETTER_ACTION_TEXTS.notGenerated);
      if (read.signedAt) throw conflict(LETTER_ACTION_TEXTS.alreadySigned);
      const data = await pdfData(db, config, read, actor.userId, clinicToday(now));
      const pdf = await signLetterPdf(data, signing, { signingTime: now });

      const storageKey = `documents/${randomUUID()}`;
      let stored = false;
      try {
        const row = await db.transaction(async (tx) => {
          const group = await repo.lockGroup(tx, patientId, guid);
          if (!group) throw notFound(CONSULTATION_TEXTS.groupNotFound);
          const current = await letters.latestLetter(tx, patientId, guid, true);
          if (!current) throw conflict(LETTER_ACTION_TEXTS.notGenerated);
          if (current.signedAt) throw conflict(LETTER_ACTION_TEXTS.alreadySigned);
          // Generated again while it was being signed: the signed PDF is not this letter any more.
          if (current.id !== read.id || current.updatedAt.getTime() !== read.updatedAt.getTime())
            throw conflict(LETTER_ACTION_TEXTS.changedWhileSigning);
          const title = LETTER_ACTION_TEXTS.documentTitle(current.registerNumber, current.registerYear);
          await storage.put(storageKey, pdf, { contentType: 'application/pdf' });
          stored = true;
          const documentId = await insertGeneratedDocument(tx, {
            patientId,
            title,
            filename: `scrisoare-medicala-${current.registerNumber}-${current.registerYear}.pdf`,
            storageKey,
            size: pdf.length,
            uploadedBy: actor.userId,
          });
          if (!group.lockedAt) await repo.lockConsultation(tx, guid, now, actor.userId);
          const signed = await letters.updateLetter(tx, current.id, {
            signedAt: now,
            signedBy: actor.userId,
            signedPdf: pdf,
            documentId,
            updatedAt: now,
          });
          await audit(tx, actor, {
            action: 'consultation.letter.sign',
            entityType: 'consultation',
            entityId: guid,
            patientId,
            details: { letterId: current.id, documentId, timestamped: !!signing.tsaUrl },
          });
          return signed;
        });
        return view(db, row);
      } catch (err) {
        if (stored) await storage.delete(storageKey).catch(() => {});
        throw err;
      }
    },
    /**
     * E-mails the signed letter to the family doctor through the outbox, and marks its document
     * sent. An unsigned letter is refused: the model wants a signed letter by e-mail.
     */
    async sendLetter(
      actor: Actor,
      { patientId, guid, again = false }: { patientId: number; guid: string; again?: boolean },
    ): Promise<LetterState> {
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const p = await patientRecord(tx, patientId);
        if (!p) throw notFound(PATIENT_TEXTS.notFound);
        if (!(await repo.findGroup(tx, patientId, guid))) throw notFound(CONSULTATION_TEXTS.groupNotFound);
        const current = await letters.latestLetter(tx, patientId, guid, true);
        if (!current?.signedPdf) throw badRequest(LETTER_ACTION_TEXTS.unsignedSend);
        if (!p.gpEmail) throw badRequest(CONSULTATION_TEXTS.noGpEmail);
        // Sent once already: again only when asked (the page confirms first), and audited as such.
        if (current.sentAt && !again) throw conflict(LETTER_ACTION_TEXTS.alreadySent);
        const no = `${current.registerNumber}/${current.registerYear}`;
        const institute = config.INSTITUTE_NAME;
        const outboxId = await enqueueMail(tx, {
          to: p.gpEmail,
          subject: `Scrisoare medicală nr. ${no} - ${institute}`,
          text: [
            'Stimate(ă) coleg(ă),',
            '',
            `Vă transmitem atașat scrisoarea medicală nr. ${no} a pacientului(ei) ${p.name}, cu sigiliul electronic al ${institute}.`,
            '',
            'Cu stimă,',
            institute,
          ].join('\n'),
          attachments: [
            {
              filename: `scrisoare-medicala-${current.registerNumber}-${current.registerYear}.pdf`,
              contentType: 'application/pdf',
              contentBase64: current.signedPdf.toString('base64'),
            },
          ],
        });
        // The document stays "de trimis" until the outbox delivers the e-mail (letterDeliverySettled).
        if (current.documentId) await setDocumentStatus(tx, current.documentId, 'tosend');
        const sent = await letters.updateLetter(tx, current.id, { sentAt: now, outboxId, updatedAt: now });
        await audit(tx, actor, {
          action: current.sentAt ? 'consultation.letter.resend' : 'consultation.letter.send',
          entityType: 'consultation',
          entityId: guid,
          patientId,
          details: {
            letterId: current.id,
            outboxId,
            ...(current.sentAt ? { previouslySentAt: current.sentAt.toISOString() } : {}),
          },
        });
        return sent;
      });
      return view(db, row);
    },
  };
}

function provider(config: Config): LetterPdfData['provider'] {
  return {
    name: config.INSTITUTE_NAME,
    address: config.INSTITUTE_ADDRESS,
    cui: config.INSTITUTE_CUI,
    casContract: config.INSTITUTE_CAS_CONTRACT,
    casName: config.INSTITUTE_CAS_NAME,
    email: config.CONTACT_EMAIL,
  };
}

async function pdfData(
  db: Db,
  config: Config,
  row: letters.LetterRow,
  doctorId: string | null,
  issuedOn: string,
): Promise<LetterPdfData> {
  const p = await patientRecord(db, row.patientId);
  const group = await repo.findGroup(db, row.patientId, row.groupGuid);
  if (!p || !group) throw notFound(CONSULTATION_TEXTS.groupNotFound);
  const doctor = await staffMember(db, doctorId);
  const cnp = parseCnp(p.cnp);
  const remote = await remoteTimesOfGroup(db, row.groupGuid);
  return {
    provider: provider(config),
    doctor: {
      name: doctor?.name ?? '',
      specialty: doctor?.specialty ?? '',
      code: doctor?.parafaCode ?? '',
    },
    patient: {
      name: p.name,
      birthDate: cnp?.birthDate ?? '',
      cnp: p.cnp,
      county: countyName(p.stateResidency) ?? '',
    },
    consultationDate: group.date,
    remote: remote
      ? remoteConsultationLine({
          channel:
            remote.channel === 'other' && remote.channelOther
              ? remote.channelOther
              : (CHANNEL_LABELS[remote.channel as RemoteChannel] ?? remote.channel),
          day: formatDay(clinicToday(remote.start)),
          start: clinicTime(remote.start),
          end: clinicTime(remote.end),
        })
      : null,
    register: { number: row.registerNumber, year: row.registerYear },
    letter: row.content,
    issuedOn,
    signature: null,
  };
}

/**
 * The PDF the letter link serves: the signed bytes once signed (never regenerated), otherwise
 * the letter rendered now, unsigned ("Document nesemnat electronic"). Null when the consultation
 * has no letter in the national model yet.
 */
export async function letterPdf(db: Db, config: Config, patientId: number, guid: string, now: Date) {
  const row = await letters.latestLetter(db, patientId, guid);
  if (!row) return null;
  const filename = `scrisoare-medicala-${row.registerNumber}-${row.registerYear}.pdf`;
  if (row.signedPdf) return { pdf: row.signedPdf, filename, signed: true, letterId: row.id };
  const data = await pdfData(db, config, row, row.createdBy, clinicToday(now));
  return { pdf: await renderLetterPdf(data), filename, signed: false, letterId: row.id };
}

/**
 * The outbox delivered (or gave up on) a message: when it carried a letter, its patient document
 * becomes "sent", or stays "de trimis" (the letter's state shows the outbox's reason).
 */
export async function letterDeliverySettled(db: Db, outboxId: number, outcome: 'sent' | 'failed') {
  const letter = await letters.letterByOutboxId(db, outboxId);
  if (letter?.documentId)
    await setDocumentStatus(db, letter.documentId, outcome === 'sent' ? 'sent' : 'tosend');
}
