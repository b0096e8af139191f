import { describe, expect, it } from 'vitest';
import {
  ANONYMISE_PHRASE,
  anonymisedCnp,
  anonymiseSchema,
  consentTextSchema,
  maskCnp,
  PRIVACY_MESSAGES,
  renderConsentText,
} from './privacy';
import { isValidCnp } from './validation/cnp';

describe('maskCnp', () => {
  it('shows only the last 4 digits', () => {
    expect(maskCnp('1800101400011')).toBe('*********0011');
    expect(maskCnp('123')).toBe('***');
    expect(maskCnp(null)).toBe('');
  });

  it('shows an anonymised placeholder as it is (it identifies nobody), which is never a valid CNP', () => {
    expect(maskCnp(anonymisedCnp(42))).toBe('ANON-42');
    expect(isValidCnp(anonymisedCnp(42))).toBe(false);
  });
});

describe('anonymiseSchema', () => {
  it('accepts only the typed phrase (surrounding spaces allowed)', () => {
    expect(anonymiseSchema.safeParse({ confirmation: ANONYMISE_PHRASE }).success).toBe(true);
    expect(anonymiseSchema.safeParse({ confirmation: ` ${ANONYMISE_PHRASE} ` }).success).toBe(true);
    const wrong = anonymiseSchema.safeParse({ confirmation: 'anonimizeaza' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0].message).toBe(PRIVACY_MESSAGES.confirmation);
    expect(anonymiseSchema.safeParse({}).error?.issues[0].message).toBe(PRIVACY_MESSAGES.confirmation);
  });
});

describe('consent texts', () => {
  it('validates the version id and the text', () => {
    expect(consentTextSchema.safeParse({ version: 'gdpr-2027.1', text: 'Da' }).success).toBe(true);
    for (const version of ['ab', 'Gdpr', 'gdpr 2027', '-gdpr'])
      expect(consentTextSchema.safeParse({ version, text: 'Da' }).success, version).toBe(false);
    expect(consentTextSchema.safeParse({ version: 'gdpr-2027', text: '  ' }).success).toBe(false);
  });

  it('replaces every {institut} with the institute name', () => {
    expect(renderConsentText('{institut} si {institut}', 'Institutul X')).toBe(
      'Institutul X si Institutul X',
    );
  });
});
