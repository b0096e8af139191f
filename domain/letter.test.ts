import { describe, expect, it } from 'vitest';
import { ICD10_TEXTS } from './icd10';
import {
  CHOICE_KINDS,
  choiceSentence,
  LETTER_TEXTS,
  type LetterInput,
  letterSchema,
  remoteConsultationDefaults,
} from './letter';

const valid = (over: Partial<LetterInput> = {}): LetterInput => ({
  reason: '<p>Palpitații de 2 săptămâni</p>',
  diagnoses: [{ code: 'I48' }, { code: 'I10', title: 'HTA grad II' }],
  followUp: { returns: 'yes', when: 'peste 3 luni' },
  ...remoteConsultationDefaults(),
  ...over,
});

/** The field messages a 400 would carry: path joined with dots → message. */
function errors(input: unknown): Record<string, string> {
  const r = letterSchema.safeParse(input);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('letterSchema', () => {
  it('accepts a complete letter and fills the diagnosis titles from the ICD-10 list', () => {
    const letter = letterSchema.parse(valid({ ekg: '<p>RS 72/min</p>' }));
    expect(letter.diagnoses).toEqual([
      { code: 'I48', title: 'Fibrilația atrială și flutter' },
      { code: 'I10', title: 'HTA grad II' },
    ]);
    expect(letter.ekg).toBe('<p>RS 72/min</p>');
    expect(letter.clinicalExam).toBe('');
    expect(letter.followUp).toEqual({ returns: 'yes', when: 'peste 3 luni' });
    expect(letter.transmission).toBe('email');
  });

  it('refuses a letter without a coded diagnosis, or with an unknown or repeated code', () => {
    expect(errors(valid({ diagnoses: [] }))).toEqual({ diagnoses: LETTER_TEXTS.diagnosesRequired });
    expect(errors(valid({ diagnoses: [{ code: 'I10.5' }] }))).toEqual({
      'diagnoses.0.code': ICD10_TEXTS.unknownCode,
    });
    expect(errors(valid({ diagnoses: [{ code: 'I10' }, { code: 'i10' }] }))).toEqual({
      'diagnoses.1.code': LETTER_TEXTS.diagnosisRepeated,
    });
  });

  it('refuses a missing mandatory choice with a message naming it', () => {
    for (const kind of CHOICE_KINDS) {
      const input: Record<string, unknown> = { ...valid() };
      delete input[kind];
      expect(errors(input)).toEqual({ [kind]: LETTER_TEXTS.choiceRequired[kind] });
      expect(errors({ ...valid(), [kind]: { status: 'maybe' } })).toEqual({
        [`${kind}.status`]: LETTER_TEXTS.choiceRequired[kind],
      });
    }
  });

  it('requires the series and number of an issued document, and keeps them', () => {
    expect(errors(valid({ sickLeave: { status: 'issued' } }))).toEqual({
      'sickLeave.series': LETTER_TEXTS.seriesRequired,
      'sickLeave.number': LETTER_TEXTS.numberRequired,
    });
    expect(errors(valid({ prescription: { status: 'issued', series: 'CJ;DROP', number: '1' } }))).toEqual({
      'prescription.series': LETTER_TEXTS.seriesInvalid,
    });
    const letter = letterSchema.parse(
      valid({ prescription: { status: 'issued', series: 'CJ-B', number: '0123' } }),
    );
    expect(letter.prescription).toEqual({ status: 'issued', series: 'CJ-B', number: '0123' });
  });

  it('keeps exactly one variant: a series left over from "issued" is dropped', () => {
    const letter = letterSchema.parse(valid({ devices: { status: 'not_needed', series: 'X', number: '9' } }));
    expect(letter.devices).toEqual({ status: 'not_needed' });
  });

  it('requires the reason, the duration of a recommended treatment and when the patient returns', () => {
    expect(errors(valid({ reason: '<p></p>' }))).toEqual({ reason: LETTER_TEXTS.reasonRequired });
    expect(errors(valid({ recommendedTreatment: '<p>Bisoprolol 5 mg/zi</p>' }))).toEqual({
      treatmentDuration: LETTER_TEXTS.durationRequired,
    });
    expect(errors(valid({ followUp: { returns: 'yes' } }))).toEqual({
      'followUp.when': LETTER_TEXTS.followUpWhenRequired,
    });
    expect(errors(valid({ followUp: undefined }))).toEqual({ followUp: LETTER_TEXTS.followUpRequired });
    expect(letterSchema.parse(valid({ followUp: { returns: 'no', when: 'ignored' } })).followUp).toEqual({
      returns: 'no',
    });
  });

  it('refuses an unknown transmission in Romanian', () => {
    expect(errors(valid({ transmission: 'fax' as 'email' }))).toEqual({
      transmission: LETTER_TEXTS.transmissionRequired,
    });
  });
});

describe('remote consultation defaults', () => {
  it('start with no prescription and no sick leave ("nu s-a eliberat"), sent by e-mail', () => {
    const d = remoteConsultationDefaults();
    expect(d.prescription).toEqual({ status: 'not_issued' });
    expect(d.sickLeave).toEqual({ status: 'not_issued' });
    expect(d.transmission).toBe('email');
    expect(letterSchema.safeParse(valid()).success).toBe(true);
  });
});

describe('choiceSentence', () => {
  it('prints the model sentence for each variant', () => {
    expect(choiceSentence('prescription', { status: 'issued', series: 'AB', number: '123' })).toBe(
      'S-a eliberat prescripție medicală, seria AB nr. 123',
    );
    expect(choiceSentence('sickLeave', { status: 'not_needed' })).toBe(
      'Nu s-a eliberat concediu medical deoarece nu a fost necesar',
    );
    expect(choiceSentence('devices', { status: 'not_issued' })).toBe(
      'Nu s-a eliberat prescripție medicală pentru dispozitive medicale în ambulatoriu',
    );
  });
});
