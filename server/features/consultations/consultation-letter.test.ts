/**
 * The consultation letter: its entry, the signed link serving the PDF (patient, sections,
 * diacritics), altered or expired links refused, and no e-mail of an unsigned letter (the signed
 * letter of the national model and its e-mail: letter.test.ts).
 */
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONSULTATION_TEXTS } from '../../../domain/consultations';
import { LETTER_ACTION_TEXTS } from '../../../domain/letter';
import { outbox } from '../../db/schema';
import { makePatient, MONDAY_AFTER_MIDNIGHT as NOW } from '../../test/factories';
import { consultationsContext } from './test/fixture';

const { clock, ctx, db, doctor, patientId, save, entriesOf, audited } = await consultationsContext();

async function letterLink(pid: number, guid: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/patients/${pid}/consultation-letter/${guid}`,
    headers: doctor.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json().url as string;
}

describe('consultation letter', () => {
  let guid: string;
  beforeAll(async () => {
    const res = await save({
      consultationTitle: 'Consultatie cardiologie',
      reason: '<p>Palpitații și dispnee</p>',
      personalPriors: '<p>Hipertensiune arterială</p>',
      familyPriors: '<p>Tatăl: infarct miocardic</p>',
      treatment: '<ul><li>Bisoprolol 5 mg</li><li>Atorvastatină 20 mg</li></ul>',
      diagnosis: '<p>Fibrilație atrială paroxistică</p>',
      recs: '<p>Control peste 3 luni; ECG Holter.</p>',
    });
    guid = res.json().consultation.guid;
  });

  it('saves a letter entry, replacing it on the next save', async () => {
    const url = `/api/patients/${patientId}/consultation-letter`;
    const first = await ctx.app.inject({
      method: 'POST',
      url,
      payload: { guid, content: '<p>Stimate coleg, ...</p>' },
      headers: doctor.headers,
    });
    expect(first.statusCode).toBe(200);
    const second = await ctx.app.inject({
      method: 'POST',
      url,
      payload: { guid, content: '<p>Vă rugăm să urmăriți tensiunea.</p><img src=x onerror=alert(1)>' },
      headers: doctor.headers,
    });
    expect(second.json().id).toBe(first.json().id);
    const letters = (await entriesOf(guid)).filter((e) => e.type === 'letter');
    expect(letters.map((e) => e.content)).toEqual(['<p>Vă rugăm să urmăriți tensiunea.</p>']);
    expect(await audited('consultation.letter.save', patientId)).toHaveLength(2);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url,
      payload: { guid: '00000000-0000-4000-8000-000000000000', content: '<p>x</p>' },
      headers: doctor.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers a signed URL that serves the PDF with the patient, sections and diacritics', async () => {
    const url = await letterLink(patientId, guid);
    expect(url).toMatch(
      new RegExp(
        `^/api/patients/${patientId}/consultation-letter/${guid}/pdf\\?exp=\\d+&sid=[\\w-]+&sig=[\\w-]+$`,
      ),
    );
    const res = await ctx.app.inject({ method: 'GET', url }); // no session: the signature is enough
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="scrisoare-medicala-2026-11-23.pdf"',
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [
      'Scrisoare medicală',
      'Ștefan Țăranu',
      'Consultatie cardiologie',
      '23.11.2026',
      'Motivul consultației',
      'Palpitații și dispnee',
      'Antecedente personale',
      'Antecedente heredo-colaterale semnificative',
      'Tatăl: infarct miocardic',
      'Tratament curent',
      'Atorvastatină 20 mg',
      'Diagnostic prezumtiv',
      'Fibrilație atrială paroxistică',
      'Recomandări',
      'Vă rugăm să urmăriți tensiunea.',
      'Ioana Popescu',
      'Cluj',
    ])
      expect(flat).toContain(expected);
    expect(await audited('consultation.letter.link', patientId)).not.toHaveLength(0);
    expect(await audited('consultation.letter.read', patientId)).toHaveLength(1);
  });

  it('refuses an altered or expired URL', async () => {
    const url = await letterLink(patientId, guid);
    const u = new URL(url, 'http://x');
    const sig = u.searchParams.get('sig')!;
    const exp = u.searchParams.get('exp')!;
    const sid = u.searchParams.get('sid')!;
    const other = (await makePatient(db, { name: 'Altcineva' })).id;
    const variants = [
      `${u.pathname}?exp=${exp}&sid=${sid}&sig=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
      `${u.pathname}?exp=${Number(exp) + 3600}&sid=${sid}&sig=${sig}`,
      `${u.pathname}?exp=${exp}&sid=x${sid}&sig=${sig}`,
      `${u.pathname}?exp=${exp}&sig=${sig}`,
      `${u.pathname}?exp=${exp}`,
      u.pathname,
      `${u.pathname.replace(`/patients/${patientId}/`, `/patients/${other}/`)}?exp=${exp}&sid=${sid}&sig=${sig}`,
      `${u.pathname.replace(guid, '00000000-0000-4000-8000-000000000000')}?exp=${exp}&sid=${sid}&sig=${sig}`,
    ];
    for (const v of variants) {
      const res = await ctx.app.inject({ method: 'GET', url: v });
      expect(res.statusCode, v).toBe(403);
      expect(res.json()).toEqual({ status: 0, message: CONSULTATION_TEXTS.linkInvalid });
    }
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    clock.at = new Date(NOW.getTime() + 301_000);
    try {
      const expired = await ctx.app.inject({ method: 'GET', url });
      expect(expired.statusCode).toBe(403);
    } finally {
      clock.at = NOW;
    }
  });

  it('answers 404 for a group of another patient', async () => {
    const other = (
      await makePatient(db, {
        name: 'Fără Consultații',
        gpName: 'Dr. Elena Mureșan',
        gpEmail: 'dr.muresan@example.com',
      })
    ).id;
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/patients/${other}/consultation-letter/${guid}`,
      headers: doctor.headers,
    });
    expect(res.statusCode).toBe(404);
  });

  it('refuses to e-mail a letter that is not signed (letter.test.ts sends a signed one)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/patients/${patientId}/consultation-letter/${guid}/send`,
      headers: doctor.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 0, message: LETTER_ACTION_TEXTS.unsignedSend });
    expect(await db.select().from(outbox).where(eq(outbox.to, 'dr.muresan@example.com'))).toHaveLength(0);
    expect(await audited('consultation.letter.send', patientId)).toHaveLength(0);
  });
});
