import { describe, expect, it } from 'vitest';
import { COUNTIES } from '../../domain/counties';
import { parseCnp } from '../../domain/validation/cnp';
import { isValidPhone } from '../../domain/validation/phone';
import { generatePatient } from './demo-patients';
import { seededRandom } from './random';

describe('demo patients', () => {
  const rng = seededRandom(7);
  const used = new Set<string>();
  const patients = Array.from({ length: 2000 }, () => generatePatient(rng, used));

  it('have valid, unique CNPs whose county code matches their county', () => {
    expect(new Set(patients.map((p) => p.cnp)).size).toBe(patients.length);
    for (const p of patients) {
      const info = parseCnp(p.cnp);
      expect(info, p.cnp).not.toBeNull();
      const county = COUNTIES.find((c) => c.iso_code === p.stateResidency)!;
      expect(county.cnp_codes).toContain(info!.countyCode);
    }
  });

  it('have valid Romanian phone numbers stored as E.164', () => {
    for (const p of patients) {
      expect(p.phone).toMatch(/^\+407[0-8]\d{7}$/);
      expect(isValidPhone(p.phone)).toBe(true);
      if (p.gpPhone) expect(isValidPhone(p.gpPhone)).toBe(true);
    }
  });

  it('are reproducible from the seed', () => {
    const again = seededRandom(7);
    const set = new Set<string>();
    expect(generatePatient(again, set).cnp).toBe(patients[0].cnp);
  });
});
