/** Generates realistic patients (valid CNPs matching their county), shared by demo and bench data. */
import { COUNTIES } from '../../domain/counties';
import { INSURANCE_STATUSES } from '../../domain/patients';
import { foldText } from '../../domain/text';
import { makeCnp } from '../../domain/validation/cnp';
import type { patients } from '../db/schema';
import { FEMALE_FIRST, GP_NAMES, LAST, MALE_FIRST } from './demo-names';
import type { Random } from './random';

type NewPatient = typeof patients.$inferInsert;

const pad = (n: number) => String(n).padStart(2, '0');

function asciiSlug(s: string): string {
  return foldText(s).replace(/[^a-z]/g, '');
}

export function generatePatient(rng: Random, used: Set<string>): NewPatient {
  const male = rng.chance(0.5);
  const first = rng.pick(male ? MALE_FIRST : FEMALE_FIRST);
  const last = rng.pick(LAST);
  const year = rng.int(1935, 2006);
  const birth = `${year}-${pad(rng.int(1, 12))}-${pad(rng.int(1, 28))}`;
  const county = rng.pick(COUNTIES);
  const countyCode = rng.pick(county.cnp_codes);
  const sexDigit = year >= 2000 ? (male ? 5 : 6) : male ? 1 : 2;
  let cnp = '';
  do cnp = makeCnp(sexDigit, birth, countyCode, rng.int(1, 999));
  while (used.has(cnp));
  used.add(cnp);
  const name = `${last} ${first}`;
  const withEmail = rng.chance(0.6);
  const withGp = rng.chance(0.8);
  const gp = rng.pick(GP_NAMES);
  return {
    name,
    nameSearch: foldText(name),
    cnp,
    phone: `+407${rng.int(0, 8)}${String(rng.int(0, 9999999)).padStart(7, '0')}`,
    email: withEmail ? `${asciiSlug(first)}.${asciiSlug(last)}${rng.int(1, 99)}@exemplu.ro` : null,
    gpName: withGp ? gp : null,
    gpEmail: withGp && rng.chance(0.7) ? `${asciiSlug(gp.replace('Dr. ', ''))}@cabinet-mf.ro` : null,
    gpPhone: withGp ? `+402${rng.int(1, 6)}${String(rng.int(0, 9999999)).padStart(7, '0')}` : null,
    insuranceStatus: year < 1960 ? 'insured-retired' : rng.pick(INSURANCE_STATUSES),
    stateResidency: county.iso_code,
    covidVaccine: rng.chance(0.55) ? 1 : 0,
  };
}
