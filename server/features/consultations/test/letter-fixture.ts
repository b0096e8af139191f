/**
 * The medical letter's API tests' shared setting (on top of fixture.ts): an app whose letters are
 * signed with a throw-away certificate (extra `env` for e.g. LETTER_TSA_URL), the doctor with a
 * specialty and parafă, the letter form, and helpers to generate, fetch and read letters.
 */
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect } from 'vitest';
import { remoteConsultationDefaults } from '../../../../domain/letter';
import { consultationLetters, users } from '../../../db/schema';
import { makeLetterCertificate } from '../../../test/letter-certificate';
import { consultationsContext } from './fixture';

/** The letter form as the page sends it, with `over` changed. */
export const letterForm = (over: Record<string, unknown> = {}) => ({
  clinicalExam: '<p>TA 150/90 mmHg, AV 112/min neregulată.</p>',
  ekg: '<p>Fibrilație atrială cu AV medie 110/min.</p>',
  recommendedTreatment: '<p>Bisoprolol 5 mg/zi</p>',
  treatmentDuration: '30 de zile',
  diagnoses: [{ code: 'I48' }, { code: 'I10' }],
  followUp: { returns: 'yes', when: 'peste 4 săptămâni' },
  ...remoteConsultationDefaults(),
  ...over,
});

export async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

export async function letterContext(env: Record<string, string> = {}) {
  const context = await consultationsContext({ ...makeLetterCertificate(), ...env });
  const { ctx, db, doctor, patientId, save } = context;
  await db
    .update(users)
    .set({ specialty: 'cardiologie', parafaCode: 'C12345' })
    .where(eq(users.id, doctor.id));

  const as = (headers: Record<string, string>) => ({
    post: (url: string, payload?: object) => ctx.app.inject({ method: 'POST', url, payload, headers }),
    get: (url: string) => ctx.app.inject({ method: 'GET', url, headers }),
    put: (url: string, payload: object) => ctx.app.inject({ method: 'PUT', url, payload, headers }),
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

  const countLetters = async () => (await db.select().from(consultationLetters)).length;

  return { ...context, as, letterUrl, newConsultation, servedPdf, countLetters, form: letterForm };
}
