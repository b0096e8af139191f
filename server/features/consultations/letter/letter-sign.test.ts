/**
 * Signing the medical letter through the API: by a doctor with specialty and parafă only, sealed
 * with the institute's certificate (pdfsig verifies the served PDF, PAdES B-B; one changed byte
 * breaks it), filed as a patient document, signed once; the consultation is locked (later changes
 * are addenda the next letter shows). B-T and a failing time-stamp: letter-timestamp.test.ts.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LETTER_ACTION_TEXTS, LETTER_TEXTS } from '../../../../domain/letter';
import {
  consultationEntries,
  consultationGroups,
  consultationLetters,
  documents,
  letterRegister,
} from '../../../db/schema';
import { signedInStaff } from '../../../test/harness';
import { pdfsig, TEST_CERT_HOLDER } from '../../../test/letter-certificate';
import { letterContext, pdfText } from '../test/letter-fixture';

const { ctx, db, doctor, patientId, save, audited, as, letterUrl, newConsultation, servedPdf, form } =
  await letterContext();

describe('signing and lock', () => {
  let guid: string;
  let signed: Buffer;
  beforeAll(async () => {
    guid = await newConsultation('Consultatie semnata');
    expect((await as(doctor.headers).post(letterUrl(guid), form())).statusCode).toBe(200);
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
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Total document signed');
    expect(report).toContain(TEST_CERT_HOLDER);
    const text = await pdfText(signed);
    expect(text).toContain(`${LETTER_TEXTS.seal} ${TEST_CERT_HOLDER} aplicat la semnare`);
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
