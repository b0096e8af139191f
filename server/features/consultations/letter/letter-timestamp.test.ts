/**
 * Signing with LETTER_TSA_URL through the API (PAdES B-T), against the local RFC 3161 service of
 * server/test/timestamp-server.ts: when the service fails the doctor gets a Romanian 409 and
 * nothing is written (the letter stays unsigned, the consultation open, no document, no audit);
 * when it answers, the served letter carries the time-stamp.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { LETTER_ACTION_TEXTS, LETTER_TEXTS } from '../../../../domain/letter';
import { consultationGroups, consultationLetters, documents } from '../../../db/schema';
import { pdfsig, signatureCms } from '../../../test/letter-certificate';
import { TestTimestampServer } from '../../../test/timestamp-server';
import { letterContext, pdfText } from '../test/letter-fixture';
import { OIDS } from './sign';

const tsa = await new TestTimestampServer().listen();
afterAll(() => tsa.close());
const { db, doctor, patientId, audited, as, letterUrl, newConsultation, servedPdf, form } =
  await letterContext({
    LETTER_TSA_URL: tsa.url,
  });

describe('signing with a time-stamping service', () => {
  it.each(['down', 'reject'] as const)(
    'answers 409 in Romanian and writes nothing when the service is %s',
    async (mode) => {
      const guid = await newConsultation(`Consultatie marca ${mode}`);
      expect((await as(doctor.headers).post(letterUrl(guid), form())).statusCode).toBe(200);
      const asked = tsa.requests.length;
      tsa.mode = mode;
      try {
        const res = await as(doctor.headers).post(`${letterUrl(guid)}/sign`);
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(LETTER_ACTION_TEXTS.timestampFailed);
      } finally {
        tsa.mode = 'grant';
      }
      if (mode === 'reject') expect(tsa.requests.length).toBe(asked + 1);
      const [letter] = await db
        .select()
        .from(consultationLetters)
        .where(eq(consultationLetters.groupGuid, guid));
      expect(letter).toMatchObject({ signedAt: null, signedPdf: null, documentId: null });
      const [group] = await db.select().from(consultationGroups).where(eq(consultationGroups.guid, guid));
      expect(group.lockedAt).toBeNull();
      expect(await db.select().from(documents).where(eq(documents.patientId, patientId))).toHaveLength(0);
      expect(await audited('consultation.letter.sign', patientId)).toHaveLength(0);
      expect(await pdfText(await servedPdf(guid))).toContain(LETTER_TEXTS.unsigned);
    },
  );

  it('signs with the time-stamp once the service answers (the same letter, signed again)', async () => {
    const guid = await newConsultation('Consultatie marca reluata');
    expect((await as(doctor.headers).post(letterUrl(guid), form())).statusCode).toBe(200);
    tsa.mode = 'down';
    expect((await as(doctor.headers).post(`${letterUrl(guid)}/sign`)).statusCode).toBe(409);
    tsa.mode = 'grant';
    const res = await as(doctor.headers).post(`${letterUrl(guid)}/sign`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(LETTER_ACTION_TEXTS.signed);
    const pdf = await servedPdf(guid);
    expect(pdfsig(pdf)).toContain('Signature Validation: Signature is Valid.');
    const [signer] = signatureCms(pdf).signed.signerInfos;
    expect(signer.unsignedAttrs?.attributes.map((a) => a.type)).toEqual([OIDS.timeStampToken]);
    expect(await pdfText(pdf)).toContain('aplicat la semnare, cu marcă temporală');
    const [event] = await audited('consultation.letter.sign', patientId);
    expect(event.details).toMatchObject({ timestamped: true });
  });
});
