import { describe, expect, it } from 'vitest';
import { consultationUpdateSchema, defaultConsultationTitle, isBlankHtml } from './consultations';
import { patientFiltersSchema } from './patients';

describe('consultation helpers', () => {
  it('builds the default title from a day', () => {
    expect(defaultConsultationTitle('2026-03-07')).toBe('Consultatie 07.03.2026');
  });

  it('treats an empty editor as blank', () => {
    for (const blank of ['', '<p></p>', '<p> </p>', '<p>&nbsp;</p><br>', undefined, null])
      expect(isBlankHtml(blank)).toBe(true);
    expect(isBlankHtml('<p>a</p>')).toBe(false);
  });

  it('needs a title', () => {
    const r = consultationUpdateSchema.safeParse({
      patientId: 1,
      consultationTitle: '  ',
      reason: '<p>x</p>',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('Vă rugăm introduceți titlul consultației.');
  });
});

describe('patient list filters', () => {
  it('accepts the spec keys and refuses anything else', () => {
    expect(
      patientFiltersSchema.parse({
        name: 'Ion',
        doctor: 'u1',
        appointment_date: '2026-11-10',
        status: 'request',
        cnp: '185',
        phone: '0722 1',
      }),
    ).toMatchObject({ name: 'Ion', status: 'request' });
    expect(patientFiltersSchema.parse({ status: 4 })).toEqual({ status: 4 });
    for (const bad of [
      { x: 1 },
      { status: 'done' },
      { cnp: '18a' },
      { appointment_date: '10.11.2026' },
      { name: 3 },
    ])
      expect(patientFiltersSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
