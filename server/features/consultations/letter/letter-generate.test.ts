/**
 * The medical letter in the national model through the API, generated: from the consultation and
 * the form (400 with Romanian field messages for bad input, nothing written), numbered in the
 * year's register (no gaps or duplicates under 50 concurrent letters; an unsigned letter keeps its
 * number when generated again). Signing: letter-sign.test.ts; e-mail: letter-delivery.test.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ICD10_TEXTS } from '../../../../domain/icd10';
import { LETTER_TEXTS } from '../../../../domain/letter';
import { consultationLetters, letterRegister } from '../../../db/schema';
import { letterContext, pdfText } from '../test/letter-fixture';

const {
  db,
  doctor,
  patientId,
  save,
  audited,
  as,
  letterUrl,
  newConsultation,
  servedPdf,
  countLetters,
  form,
} = await letterContext();

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
