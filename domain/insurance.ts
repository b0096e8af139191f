/**
 * Insurance statuses (SPEC §3, DESIGN §6 labels) and vaccine options (SPEC §5), without zod, so a
 * page can show them without loading the validation library (the public form's first load).
 */
export const INSURANCE_STATUSES = [
  'insured-employed',
  'insured-retired',
  'insured-coinsured',
  'insured-OPSNAJ',
  'uninsured',
] as const;
export type InsuranceStatus = (typeof INSURANCE_STATUSES)[number];

export const INSURANCE_LABELS: Record<InsuranceStatus, string> = {
  'insured-employed': 'Asigurat - salariat',
  'insured-retired': 'Asigurat - pensionar',
  'insured-coinsured': 'Coasigurat',
  'insured-OPSNAJ': 'Asigurat CASAOPSNAJ',
  uninsured: 'Neasigurat',
};

export const VACCINE_OPTIONS = [
  { value: '0', label: 'Nu' },
  { value: '1', label: 'Da' },
] as const;
