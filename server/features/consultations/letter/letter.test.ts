/**
 * The medical letter in the national model through the API: generated from the consultation and
 * the form (400 with Romanian field messages for bad input, nothing written), numbered in the
 * year's register (no gaps or duplicates under 50 concurrent letters), signed by a doctor (pdfsig
 * verifies the served PDF; one changed byte breaks it), locked (later changes are addenda the
 * next letter shows), filed as a patient document and e-mailed to the family doctor.
 */
import { and, eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { ICD10_TEXTS } from '../../../../domain/icd10';
import { LETTER_ACTION_TEXTS, LETTER_TEXTS, remoteConsultationDefaults } from '../../../../domain/letter';
import {
  consultationEntries,
  consultationGroups,
  consultationLetters,
  documents,
  letterRegister,
  outbox,
  users,
} from '../../../db/schema';
import { emailSender } from '../../../platform/mail';
import { createOutboxWorker } from '../../../platform/outbox';
import { makePatient } from '../../../test/factories';
import { setupTestApp, signedInStaff } from '../../../test/harness';
import { makeLetterCertificate, pdfsig, TEST_CERT_HOLDER } from '../../../test/letter-certificate';
import { TestRelay } from '../../../test/smtp';
import { consultationsContext } from '../test/fixture';
import { letterDeliverySettled } from './service';

const { ctx, db, doctor, patientId, save, audited } = await consultationsContext(makeLetterCertificate());

const form = (over: Record<string, unknown> = {}) => ({
  clinicalExam: '<p>TA 150/90 mmHg, AV 112/min neregulată.</p>',
  ekg: '<p>Fibrilație atrială cu AV medie 110/min.</p>',
  recommendedTreatment: '<p>Bisoprolol 5 mg/zi</p>',
  treatmentDuration: '30 de zile',
  diagnoses: [{ code: 'I48' }, { code: 'I10' }],
  followUp: { returns: 'yes', when: 'peste 4 săptămâni' },
  ...remoteConsultationDefaults(),
  ...over,
});

const as = (headers: Record<string, string>) => ({
  post: (url: string, payload?: object) => ctx.app.inject({ method: 'POST', url, payload, headers }),
  get: (url: string) => ctx.app.inject({ method: 'GET', url, headers }),
  put: (url: string, payload: object) => ctx.app.inject({ method: 'PUT', url, payload, headers }),
});
/** The outbox worker as main.ts runs it: the letter's document follows the delivery's outcome. */
const deliveryWorker = (smtpUrl: string) =>
  createOutboxWorker(db, {
    senders: [emailSender({ smtpUrl, mailDir: ctx.dataDir, from: 'no-reply@test.example' })],
    maxInFlight: 2,
    sendTimeoutMs: 10_000,
    onSettled: (id, outcome) => letterDeliverySettled(db, id, outcome),
  });
const letterUrl = (guid: string, pid = patientId) => `/api/patients/${pid}/consultation-letter/${guid}`;

async function newConsultation(title: string, reason = '<p>Palpitații și dispnee de efort</p>') {
  const res = await save({ consultationTitle: title, reason, diagnosis: '<p>Fibrilație atrială</p>' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().consultation.guid as string;
}

async function servedPdf(guid: string): Promise<Buffer> {
  const link = await as(doctor.headers).get(letterUrl(guid));
  expect(link.statusCode).toBe(200);
  const res = await ctx.app.inject({ method: 'GET', url: link.json().url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.rawPayload;
}

async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const countLetters = async () => (await db.select().from(consultationLetters)).length;

beforeAll(async () => {
  await db
    .update(users)
    .set({ specialty: 'cardiologie', parafaCode: 'C12345' })
    .where(eq(users.id, doctor.id));
});

describe('the register', () => {
  it('gives the first 50 letters of the year, made at once, the numbers 1..50, without gaps or duplicates', async () => {
    {
      const next = doctor;
      const guids: string[] = [];
      for (let i = 0; i < 50; i++) {
        const res = await as(next.headers).put('/api/patients', {
          patientId,
          consultationTitle: `Consultatie paralela ${i}`,
          reason: '<p>Control</p>',
        });
        expect(res.statusCode, res.body).toBe(200);
        guids.push(res.json().consultation.guid);
      }
      const answers = await Promise.all(guids.map((g) => as(next.headers).post(letterUrl(g), form())));
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
      const numbers = answers.map((a) => a.json().letter.number as number).sort((x, y) => x - y);
      expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      const [counter] = await db.select().from(letterRegister).where(eq(letterRegister.year, 2026));
      expect(counter.last).toBe(50);
      const [{ n }] = await db
        .select({ n: sql<number>`count(distinct ${consultationLetters.registerNumber})::int` })
        .from(consultationLetters)
        .where(eq(consultationLetters.registerYear, 2026));
      expect(n).toBe(50);
    }
  });
});

describe('generating the letter', () => {
  it('refuses bad input with Romanian field messages and writes nothing', async () => {
    const guid = await newConsultation('Consultatie refuzuri');
    const before = await countLetters();
    const register = await db.select().from(letterRegister);
    const generated = (await audited('consultation.letter.generate', patientId)).length;
    const cases: [object, Record<string, string>][] = [
      [form({ diagnoses: [{ code: 'I99.99' }] }), { 'diagnoses.0.code': ICD10_TEXTS.unknownCode }],
      [form({ prescription: undefined }), { prescription: LETTER_TEXTS.choiceRequired.prescription }],
      [form({ diagnoses: [] }), { diagnoses: LETTER_TEXTS.diagnosesRequired }],
      [
        form({ sickLeave: { status: 'issued', series: 'CCMAM' } }),
        { 'sickLeave.number': LETTER_TEXTS.numberRequired },
      ],
      // An unknown key anywhere is refused, nested objects included (issue 54, item 9): it was
      // dropped, so a misspelt series printed "issued" without one.
      [
        form({ sickLeave: { status: 'issued', series: 'CCMAM', number: '12', seria: 'X' } }),
        { 'sickLeave.seria': 'Câmp necunoscut: seria.' },
      ],
      [
        form({ followUp: { returns: 'yes', when: 'peste o lună', cand: 'mâine' } }),
        { 'followUp.cand': 'Câmp necunoscut: cand.' },
      ],
      [form({ diagnoses: [{ code: 'I48', cod: 'I10' }] }), { 'diagnoses.0.cod': 'Câmp necunoscut: cod.' }],
    ];
    for (const [payload, errors] of cases) {
      const res = await as(doctor.headers).post(letterUrl(guid), payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toMatchObject(errors);
    }
    // A consultation without a reason cannot make a letter either.
    const noReason = await save({ consultationTitle: 'Fara motiv', recs: '<p>Control</p>' });
    const res = await as(doctor.headers).post(letterUrl(noReason.json().consultation.guid), form());
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ reason: LETTER_TEXTS.reasonRequired });
    expect(await countLetters()).toBe(before);
    expect(await db.select().from(letterRegister)).toEqual(register);
    expect(await audited('consultation.letter.generate', patientId)).toHaveLength(generated);
  });

  it('numbers the letter, keeps the number when an unsigned letter is generated again, prints it unsigned', async () => {
    const guid = await newConsultation('Consultatie numar');
    const first = await as(doctor.headers).post(letterUrl(guid), form());
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().letter).toMatchObject({ number: 51, year: 2026, signedAt: null });
    const again = await as(doctor.headers).post(letterUrl(guid), form({ treatmentDuration: '60 de zile' }));
    expect(again.json().letter).toMatchObject({ id: first.json().letter.id, number: 51 });
    const state = (await as(doctor.headers).get(`${letterUrl(guid)}/state`)).json();
    expect(state.signingAvailable).toBe(true);
    expect(state.letter.content.treatmentDuration).toBe('60 de zile');
    expect(state.letter.content.diagnoses[1]).toEqual({
      code: 'I10',
      title: 'Hipertensiunea esențială (primară)',
    });
    const text = await pdfText(await servedPdf(guid));
    for (const s of [
      'SCRISOARE MEDICALĂ',
      'Nr. registru consultații',
      '51/2026',
      'Palpitații și dispnee de efort',
      'I48',
      'Examen clinic',
      '60 de zile',
      'cod parafă C12345',
      LETTER_TEXTS.unsigned,
    ])
      expect(text).toContain(s);
    const events = await audited('consultation.letter.generate', patientId);
    expect(events.filter((e) => e.entityId === guid)).toHaveLength(2);
  });
});

describe('signing, lock, delivery', () => {
  let guid: string;
  let signed: Buffer;
  beforeAll(async () => {
    guid = await newConsultation('Consultatie semnata');
    expect((await as(doctor.headers).post(letterUrl(guid), form())).statusCode).toBe(200);
  });

  it('refuses to e-mail the letter before it is signed', async () => {
    const res = await as(doctor.headers).post(`${letterUrl(guid)}/send`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(LETTER_ACTION_TEXTS.unsignedSend);
    expect(await db.select().from(outbox)).toHaveLength(0);
  });

  it('is signed by a doctor with specialty and parafă only', async () => {
    const admin = await signedInStaff(ctx, { doctor: false, role: 'admin' });
    const notDoctor = await as(admin.headers).post(`${letterUrl(guid)}/sign`);
    expect(notDoctor.statusCode).toBe(403);
    expect(notDoctor.json().message).toBe(LETTER_ACTION_TEXTS.doctorOnly);
    const bare = await signedInStaff(ctx, { doctor: true });
    const noParafa = await as(bare.headers).post(`${letterUrl(guid)}/sign`);
    expect(noParafa.statusCode).toBe(409);
    expect(noParafa.json().message).toBe(LETTER_ACTION_TEXTS.doctorDetailsMissing);
    expect(await audited('consultation.letter.sign', patientId)).toHaveLength(0);
  });

  it('signs: the served PDF verifies with pdfsig, one changed byte does not', async () => {
    const res = await as(doctor.headers).post(`${letterUrl(guid)}/sign`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().letter).toMatchObject({ signedBy: 'Ioana Popescu' });
    signed = await servedPdf(guid);
    const report = pdfsig(signed);
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Total document signed');
    expect(report).toContain(TEST_CERT_HOLDER);
    const text = await pdfText(signed);
    expect(text).toContain(`Semnat electronic de ${TEST_CERT_HOLDER}`);
    expect(text).not.toContain(LETTER_TEXTS.unsigned);
    // Served again: the same bytes, never regenerated.
    expect((await servedPdf(guid)).equals(signed)).toBe(true);
    const tampered = Buffer.from(signed);
    // The producer string "(PDFKit)", inside the signed range: "PDFKix", the file still parses.
    const at = signed.indexOf('(PDFKit)') + '(PDFKit'.length - 1;
    expect(at).toBeGreaterThan(0);
    tampered[at] = 'x'.charCodeAt(0);
    expect(pdfsig(tampered)).toContain('Signature Validation: Digest Mismatch.');
    expect(await audited('consultation.letter.sign', patientId)).toHaveLength(1);
    expect(await audited('consultation.letter.read', patientId)).not.toHaveLength(0);
  });

  it('files the signed letter as a patient document to send, and refuses to sign twice', async () => {
    const [letter] = await db
      .select()
      .from(consultationLetters)
      .where(eq(consultationLetters.groupGuid, guid));
    const [doc] = await db.select().from(documents).where(eq(documents.id, letter.documentId!));
    expect(doc).toMatchObject({
      title: `Scrisoare medicală nr. ${letter.registerNumber}/2026`,
      status: 'tosend',
      ext: 'pdf',
      size: signed.length,
    });
    const again = await as(doctor.headers).post(`${letterUrl(guid)}/sign`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(LETTER_ACTION_TEXTS.alreadySigned);
  });

  it('e-mails the signed PDF to the family doctor: no health data in subject or body; the document is sent', async () => {
    const res = await as(doctor.headers).post(`${letterUrl(guid)}/send`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().letter.delivery).toEqual({ state: 'pending', error: null });
    const [mail] = await db.select().from(outbox).where(eq(outbox.to, 'dr.muresan@example.com'));
    const [letter] = await db
      .select()
      .from(consultationLetters)
      .where(eq(consultationLetters.groupGuid, guid));
    const no = `${letter.registerNumber}/2026`;
    const institute = ctx.app.deps.config.INSTITUTE_NAME;
    expect(mail.subject).toBe(`Scrisoare medicală nr. ${no} - ${institute}`);
    expect(mail.subject).not.toContain('Țăranu');
    expect(mail.text).toContain('Ștefan Țăranu');
    expect(mail.text).toContain(institute);
    for (const health of ['Palpitații', 'Fibrilație', 'I48', 'Bisoprolol'])
      expect(mail.text).not.toContain(health);
    const [att] = mail.attachments as { filename: string; contentBase64: string }[];
    expect(att.filename).toBe(`scrisoare-medicala-${letter.registerNumber}-2026.pdf`);
    expect(Buffer.from(att.contentBase64, 'base64').equals(signed)).toBe(true);
    expect(letter.sentAt).not.toBeNull();
    expect(await audited('consultation.letter.send', patientId)).toHaveLength(1);
    // Queued is not sent: the document stays "de trimis" until the outbox delivers the e-mail.
    const docStatus = async () =>
      (await db.select().from(documents).where(eq(documents.id, letter.documentId!)))[0].status;
    expect(await docStatus()).toBe('tosend');

    // A relay that refuses the family doctor's address for good: given up, still "de trimis",
    // and the letter's state says why.
    const relay = await new TestRelay().listen();
    relay.mode = 'reject';
    try {
      expect(await deliveryWorker(relay.url).runUntilIdle()).toBe(0);
      expect(await docStatus()).toBe('tosend');
      const state = await as(doctor.headers).get(`${letterUrl(guid)}/state`);
      expect(state.json().letter.delivery).toMatchObject({
        state: 'failed',
        error: expect.stringMatching(/550/),
      });

      // Sent again from the outbox page, to a relay that takes it: now the document is sent.
      relay.mode = 'accept';
      await db
        .update(outbox)
        .set({ state: 'pending', nextAttemptAt: new Date() })
        .where(eq(outbox.id, mail.id));
      expect(await deliveryWorker(relay.url).runUntilIdle()).toBe(1);
      expect(relay.stored.map((m) => m.to)).toEqual(['dr.muresan@example.com']);
      expect(await docStatus()).toBe('sent');
    } finally {
      await relay.close();
    }
  });

  it('sends a letter already sent only when asked to send it again, and audits the resend (issue 54)', async () => {
    const mails = async () =>
      (await db.select().from(outbox).where(eq(outbox.to, 'dr.muresan@example.com'))).length;
    const before = await mails();
    const twice = await as(doctor.headers).post(`${letterUrl(guid)}/send`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(LETTER_ACTION_TEXTS.alreadySent);
    expect(await mails()).toBe(before);
    const again = await as(doctor.headers).post(`${letterUrl(guid)}/send`, { again: true });
    expect(again.statusCode, again.body).toBe(200);
    expect(await mails()).toBe(before + 1);
    const [resend] = await audited('consultation.letter.resend', patientId);
    expect(resend.details).toMatchObject({ previouslySentAt: expect.any(String) });
    expect((await as(doctor.headers).post(`${letterUrl(guid)}/send`, { again: 'da' })).statusCode).toBe(400);
  });

  it('refuses to send when the family doctor has no e-mail', async () => {
    const pid = (await makePatient(db, { name: 'Fără Medic', gpEmail: null })).id;
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/patients',
      payload: { patientId: pid, consultationTitle: 'C', reason: '<p>r</p>' },
      headers: doctor.headers,
    });
    const g = saved.json().consultation.guid;
    expect((await as(doctor.headers).post(letterUrl(g, pid), form())).statusCode).toBe(200);
    expect((await as(doctor.headers).post(`${letterUrl(g, pid)}/sign`)).statusCode).toBe(200);
    const res = await as(doctor.headers).post(`${letterUrl(g, pid)}/send`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Medicul de familie nu are o adresă de e-mail.');
  });

  it('locks the consultation: a later change is an addendum, and the next letter prints it', async () => {
    const [group] = await db.select().from(consultationGroups).where(eq(consultationGroups.guid, guid));
    expect(group.lockedAt).not.toBeNull();
    const changed = await save({
      consultationTitle: 'Consultatie semnata',
      reason: '<p>Motiv completat ulterior</p>',
    });
    expect(changed.statusCode).toBe(200);
    const reasons = await db
      .select()
      .from(consultationEntries)
      .where(and(eq(consultationEntries.groupGuid, guid), eq(consultationEntries.type, 'reason')))
      .orderBy(consultationEntries.version);
    expect(reasons.map((r) => [r.version, r.content])).toEqual([
      [1, '<p>Palpitații și dispnee de efort</p>'],
      [2, '<p>Motiv completat ulterior</p>'],
    ]);
    // Editing an entry of the locked consultation also adds a version instead of rewriting it.
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/patients/${patientId}/consultations/${reasons[0].id}`,
      payload: { content: '<p>A treia versiune</p>' },
      headers: doctor.headers,
    });
    expect(edit.statusCode).toBe(200);
    const [v1] = await db.select().from(consultationEntries).where(eq(consultationEntries.id, reasons[0].id));
    expect(v1.content).toBe('<p>Palpitații și dispnee de efort</p>');
    const detail = (await as(doctor.headers).get(`/api/patients/${patientId}`)).json().patient;
    const view = detail.consultations.find((g: { guid: string }) => g.guid === guid);
    expect(view.locked_at).not.toBeNull();
    expect(
      view.consultations
        .filter((e: { type: string }) => e.type === 'reason')
        .map((e: { version: number; current: boolean }) => [e.version, e.current]),
    ).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    const [counter] = await db.select().from(letterRegister).where(eq(letterRegister.year, 2026));
    const next = await as(doctor.headers).post(letterUrl(guid), form());
    expect(next.statusCode).toBe(200);
    // The signed letter stays as it is; the new one takes the register's next number.
    expect(next.json().letter.number).toBe(counter.last + 1);
    const ofGroup = await db
      .select()
      .from(consultationLetters)
      .where(eq(consultationLetters.groupGuid, guid));
    expect(ofGroup).toHaveLength(2);
    expect(next.json().letter.content.reason).toBe('<p>A treia versiune</p>');
    expect(await pdfText(await servedPdf(guid))).toContain('A treia versiune');
  });
});

const plain = await setupTestApp();

describe('without a signing certificate', () => {
  it('refuses to sign with a Romanian message; the letter prints unsigned', async () => {
    const doc = await signedInStaff(plain, { doctor: true });
    await plain.database.db
      .update(users)
      .set({ specialty: 'cardiologie', parafaCode: 'C1' })
      .where(eq(users.id, doc.id));
    const pid = (await makePatient(plain.database.db, { name: 'Ana Nesemnat' })).id;
    const saved = await plain.app.inject({
      method: 'PUT',
      url: '/api/patients',
      payload: { patientId: pid, consultationTitle: 'C', reason: '<p>r</p>' },
      headers: doc.headers,
    });
    const url = `/api/patients/${pid}/consultation-letter/${saved.json().consultation.guid}`;
    const inject = (method: 'GET' | 'POST', u: string, payload?: object) =>
      plain.app.inject({ method, url: u, payload, headers: doc.headers });
    expect((await inject('POST', url, form())).statusCode).toBe(200);
    expect((await inject('GET', `${url}/state`)).json().signingAvailable).toBe(false);
    const res = await inject('POST', `${url}/sign`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(LETTER_ACTION_TEXTS.signingUnavailable);
    const link = (await inject('GET', url)).json().url;
    const pdf = await plain.app.inject({ method: 'GET', url: link });
    expect(await pdfText(pdf.rawPayload)).toContain(LETTER_TEXTS.unsigned);
  });
});
