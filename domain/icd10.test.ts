import { describe, expect, it } from 'vitest';
import { diagnosisSchema, findIcd10, ICD10_CODES, ICD10_TEXTS, icd10QuerySchema, searchIcd10 } from './icd10';

const codes = (q: string, limit?: number) => searchIcd10(q, limit).map((c) => c.code);

describe('the ICD-10 list', () => {
  it('covers chapter IX with every 3-character category and the R/Z codes a cardiologist uses', () => {
    const three = ICD10_CODES.filter((c) => /^I\d\d$/.test(c.code)).map((c) => c.code);
    expect(three).toHaveLength(77);
    for (const c of ['I00', 'I10', 'I20', 'I21', 'I25', 'I48', 'I50', 'I63', 'I99'])
      expect(three).toContain(c);
    for (const c of [
      'R00.2',
      'R07.4',
      'R55',
      'R60.0',
      'Z03.5',
      'Z13.6',
      'Z82.4',
      'Z86.7',
      'Z94.1',
      'Z95.0',
    ]) {
      expect(findIcd10(c), c).toBeDefined();
    }
  });

  it('has unique codes, Romanian titles with comma-below diacritics and no cedilla forms', () => {
    const all = ICD10_CODES.map((c) => c.code);
    expect(new Set(all).size).toBe(all.length);
    const text = ICD10_CODES.map((c) => c.title).join('\n');
    expect(text).not.toMatch(/[şţŞŢ]/);
    expect(findIcd10('I10')?.title).toBe('Hipertensiunea esențială (primară)');
    expect(findIcd10('I48')?.title).toBe('Fibrilația atrială și flutter');
  });

  it('marks the chapter IX codes as sourced and the R/Z codes as provisional', () => {
    expect(findIcd10('I25.1')?.provisional).toBe(false);
    expect(findIcd10('R07.4')?.provisional).toBe(true);
  });
});

describe('findIcd10', () => {
  it('finds a code however it is typed', () => {
    expect(findIcd10('i10')?.code).toBe('I10');
    expect(findIcd10(' I25.1 ')?.code).toBe('I25.1');
    expect(findIcd10('I251')?.code).toBe('I25.1');
    expect(findIcd10('I25.11')?.code).toBe('I25.11');
  });

  it('answers undefined for a code that is not in the list', () => {
    expect(findIcd10('I10.9')).toBeUndefined();
    expect(findIcd10('X99')).toBeUndefined();
    expect(findIcd10('')).toBeUndefined();
  });
});

describe('searchIcd10', () => {
  it('finds I10 first for "hipertensiune" and for "hipertensiune esentiala"', () => {
    expect(codes('hipertensiune')[0]).toBe('I10');
    expect(codes('hipertensiune esentiala')[0]).toBe('I10');
  });

  it('finds the exact code first, then the codes it is a prefix of', () => {
    expect(codes('I10')[0]).toBe('I10');
    expect(codes('I25.1')).toEqual(['I25.1', 'I25.10', 'I25.11', 'I25.12', 'I25.13']);
    const i1 = codes('i1', 50);
    expect(i1[0]).toBe('I10');
    expect(i1.every((c) => c.startsWith('I1'))).toBe(true);
    expect(i1).toContain('I15.9');
  });

  it('ignores diacritics, case and word order', () => {
    const expected = codes('fibrilatia atriala');
    expect(expected[0]).toBe('I48');
    expect(codes('FIBRILAȚIA ATRIALĂ')).toEqual(expected);
    expect(codes('atriala fibrilatia')).toEqual(expected);
    expect(codes('fibrilaţia atrială')).toEqual(expected); // cedilla as typed on older keyboards
  });

  it('ranks words at word starts before words found inside other words', () => {
    // "tensiune" starts a word in I10's keywords and R03.0; inside "hipertensiune" elsewhere.
    const found = codes('tensiune', 50);
    expect(found.indexOf('I10')).toBeLessThan(found.indexOf('I15'));
    expect(found).toContain('I15');
  });

  it('finds common abbreviations a cardiologist types', () => {
    expect(codes('HTA')[0]).toBe('I10');
    expect(codes('FiA')).toContain('I48');
    expect(codes('stent')).toContain('Z95.5');
  });

  it('respects the limit and answers nothing for an empty query or no match', () => {
    expect(codes('infarct', 3)).toHaveLength(3);
    expect(codes('   ')).toEqual([]);
    expect(codes('xyzzy')).toEqual([]);
  });
});

describe('diagnosisSchema', () => {
  it('accepts a listed code and fills in the list title', () => {
    expect(diagnosisSchema.parse({ code: 'i10' })).toEqual({
      code: 'I10',
      title: 'Hipertensiunea esențială (primară)',
    });
    expect(diagnosisSchema.parse({ code: 'I10', title: 'HTA grad II' }).title).toBe('HTA grad II');
  });

  it('refuses an unknown or missing code with a Romanian message', () => {
    const bad = diagnosisSchema.safeParse({ code: 'I10.7' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['code'], message: ICD10_TEXTS.unknownCode });
    const missing = diagnosisSchema.safeParse({});
    expect(missing.error?.issues[0].message).toBe(ICD10_TEXTS.codeRequired);
  });
});

describe('icd10QuerySchema', () => {
  it('defaults the limit and refuses an empty query or a wrong limit in Romanian', () => {
    expect(icd10QuerySchema.parse({ q: ' I10 ' })).toEqual({ q: 'I10', limit: 20 });
    expect(icd10QuerySchema.safeParse({ q: '' }).error?.issues[0].message).toBe(ICD10_TEXTS.queryRequired);
    expect(icd10QuerySchema.safeParse({ q: 'a', limit: '500' }).error?.issues[0].message).toBe(
      ICD10_TEXTS.limitInvalid,
    );
  });
});
