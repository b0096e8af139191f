/** The letter form's values: what it shows, how a saved draft fills it (letter-modal.tsx). */
import { schemaResolver, useForm } from '@mantine/form';
import {
  type ChoiceKind,
  type LetterState,
  letterRequestSchema,
  remoteConsultationDefaults,
} from '../../../domain/letter';

type ChoiceValue = { status: string; series: string; number: string };
export type Values = {
  clinicalExam: string;
  labResults: string;
  ekg: string;
  echo: string;
  otherInvestigations: string;
  treatmentDone: string;
  recommendedTreatment: string;
  treatmentDuration: string;
  diagnoses: { code: string; title: string }[];
  followUp: { returns: string; when: string };
  prescription: ChoiceValue;
  sickLeave: ChoiceValue;
  homeCare: ChoiceValue;
  devices: ChoiceValue;
  transmission: string;
};

export const TEXT_FIELDS = [
  ['clinicalExam', 'Examen clinic'],
  ['labResults', 'Examene de laborator'],
  ['ekg', 'EKG'],
  ['echo', 'Ecocardiografie'],
  ['otherInvestigations', 'Alte investigații'],
  ['treatmentDone', 'Tratament efectuat'],
  ['recommendedTreatment', 'Tratament recomandat'],
] as const;

function initialValues(saved: Record<string, unknown> | undefined): Values {
  const defaults = remoteConsultationDefaults();
  const s = (saved ?? {}) as Partial<Record<keyof Values, unknown>>;
  const text = (k: keyof Values) => (typeof s[k] === 'string' ? (s[k] as string) : '');
  const choice = (k: ChoiceKind): ChoiceValue => {
    const c = (s[k] ?? defaults[k]) as { status: string; series?: string; number?: string };
    return { status: c.status, series: c.series ?? '', number: c.number ?? '' };
  };
  const follow = s.followUp as { returns: string; when?: string } | undefined;
  return {
    clinicalExam: text('clinicalExam'),
    labResults: text('labResults'),
    ekg: text('ekg'),
    echo: text('echo'),
    otherInvestigations: text('otherInvestigations'),
    treatmentDone: text('treatmentDone'),
    recommendedTreatment: text('recommendedTreatment'),
    treatmentDuration: text('treatmentDuration'),
    diagnoses: (s.diagnoses as Values['diagnoses'] | undefined) ?? [],
    followUp: { returns: follow?.returns ?? '', when: follow?.when ?? '' },
    prescription: choice('prescription'),
    sickLeave: choice('sickLeave'),
    homeCare: choice('homeCare'),
    devices: choice('devices'),
    transmission: (s.transmission as string | undefined) ?? defaults.transmission,
  };
}

export const useLetterForm = (saved: LetterState | null) =>
  useForm<Values>({
    initialValues: initialValues(saved?.content),
    validate: schemaResolver(letterRequestSchema, { sync: true }),
  });

export type LetterFormApi = ReturnType<typeof useLetterForm>;
