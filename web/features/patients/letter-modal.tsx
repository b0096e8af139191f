/**
 * The medical letter in the national model (issue 16): the fields the consultation lacks, the
 * ICD-10 coded diagnoses (searchable picker over GET /api/misc/icd10), the four mandatory choices,
 * follow-up and transmission; then generate, sign (a doctor, with the institute's certificate)
 * and send to the family doctor. The consultation's own sections are taken by the server as they
 * are now (addenda included). A chunk of its own: the form brings the letter schema and the
 * ICD-10 list's validation with it.
 */
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Divider,
  Group,
  Loader,
  Modal,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCertificate, IconDownload, IconFileText, IconMailForward, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '../../../domain/dates';
import {
  CHOICE_KINDS,
  CHOICE_STATUSES,
  type ChoiceKind,
  choiceLines,
  LETTER_TEXTS,
  type LetterRequestInput,
  type LetterState,
  letterRequestSchema,
  remoteConsultationDefaults,
  TRANSMISSIONS,
} from '../../../domain/letter';
import type { PatientDetail } from '../../../domain/patients';
import { ApiError } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import {
  letterUrl,
  useGenerateLetter,
  useIcd10Search,
  useLetterState,
  useSendLetter,
  useSignLetter,
} from './api';
import { RichTextField } from './rich-text-field';

type ChoiceValue = { status: string; series: string; number: string };
type Values = {
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

const TEXT_FIELDS = [
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

/** Searchable ICD-10 picker: code or Romanian words (with or without diacritics). */
function DiagnosisPicker({
  chosen,
  onAdd,
  error,
}: {
  chosen: string[];
  onAdd: (d: { code: string; title: string }) => void;
  error?: React.ReactNode;
}) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 200);
  const found = useIcd10Search(q);
  const options = (found.data ?? [])
    .filter((d) => !chosen.includes(d.code))
    .map((d) => ({ value: d.code, label: `${d.code} — ${d.title}` }));
  return (
    <Select
      label="Adaugă un diagnostic (ICD-10)"
      placeholder="Cod sau cuvinte, de ex. I10 sau hipertensiune"
      searchable
      clearable
      value={null}
      searchValue={search}
      onSearchChange={setSearch}
      data={options}
      filter={({ options: o }) => o}
      nothingFoundMessage={q.trim() ? (found.isFetching ? 'Se caută…' : 'Niciun cod găsit') : undefined}
      rightSection={found.isFetching ? <Loader size="xs" /> : undefined}
      error={error}
      onChange={(code) => {
        const d = found.data?.find((x) => x.code === code);
        if (d) onAdd(d);
        setSearch('');
      }}
    />
  );
}

const useLetterForm = (saved: LetterState | null) =>
  useForm<Values>({
    initialValues: initialValues(saved?.content),
    validate: schemaResolver(letterRequestSchema, { sync: true }),
  });

function ChoiceField({ kind, form }: { kind: ChoiceKind; form: ReturnType<typeof useLetterForm> }) {
  const value = form.values[kind];
  const lines = choiceLines(kind, { status: 'not_issued' });
  return (
    <Stack gap={4}>
      <Radio.Group
        label={LETTER_TEXTS.choiceLabels[kind]}
        withAsterisk
        {...form.getInputProps(`${kind}.status`)}
        error={form.errors[`${kind}.status`] ?? form.errors[kind]}
      >
        <Stack gap={4} mt={4}>
          {CHOICE_STATUSES.map((status, i) => (
            <Radio key={status} value={status} label={lines[i].text} />
          ))}
        </Stack>
      </Radio.Group>
      {value.status === 'issued' && (
        <Group grow>
          <TextInput label="Seria" withAsterisk {...form.getInputProps(`${kind}.series`)} />
          <TextInput label="Numărul" withAsterisk {...form.getInputProps(`${kind}.number`)} />
        </Group>
      )}
    </Stack>
  );
}

/** What staff see of the e-mail to the family doctor: queued is not sent (the outbox decides). */
const DELIVERY = {
  queued: { label: 'Pusă în coada de trimitere către medicul de familie', color: 'blue' },
  sent: { label: 'Trimisă medicului de familie', color: 'teal' },
  failed: { label: 'Netrimisă medicului de familie', color: 'red' },
} as const;
const deliveryState = (l: LetterState): keyof typeof DELIVERY =>
  l.delivery?.state === 'sent' ? 'sent' : l.delivery?.state === 'failed' ? 'failed' : 'queued';

function StateLine({ letter }: { letter: LetterState | null }) {
  if (!letter)
    return (
      <Badge color="gray" variant="light">
        Negenerată
      </Badge>
    );
  return (
    <Group gap="xs">
      <Badge variant="light" data-testid="letter-number">
        Nr. registru {letter.number}/{letter.year}
      </Badge>
      {letter.signedAt ? (
        <Badge color="green" variant="light" data-testid="letter-signed">
          Semnată electronic · {letter.signedBy} · {formatDateTime(letter.signedAt)}
        </Badge>
      ) : (
        <Badge color="orange" variant="light" data-testid="letter-signed">
          Nesemnată
        </Badge>
      )}
      {letter.sentAt && (
        <Badge color={DELIVERY[deliveryState(letter)].color} variant="light" data-testid="letter-sent">
          {DELIVERY[deliveryState(letter)].label} · {formatDateTime(letter.sentAt)}
        </Badge>
      )}
      {letter.delivery?.error && (
        <Text size="xs" c="red">
          {letter.delivery.error}
        </Text>
      )}
    </Group>
  );
}

function LetterForm({
  patient,
  guid,
  saved,
}: {
  patient: PatientDetail;
  guid: string;
  saved: LetterState | null;
}) {
  const generate = useGenerateLetter(patient.id, guid);
  const form = useLetterForm(saved);
  const submit = form.onSubmit(async (values) => {
    try {
      const res = await generate.mutateAsync(values as unknown as LetterRequestInput);
      notifySuccess(`${res.message} Nr. registru ${res.letter.number}/${res.letter.year}.`);
    } catch (err) {
      if (err instanceof ApiError && err.errors) form.setErrors(err.errors);
      notifyError(err);
    }
  });
  const diagnoses = form.values.diagnoses;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Motivele prezentării, antecedentele, tratamentul curent, diagnosticul prezumtiv și recomandările se
          preiau din consultație, așa cum sunt acum (cu completările ulterioare).
        </Text>
        <Title order={5}>Diagnostice ICD-10</Title>
        <Stack gap={4} data-testid="letter-diagnoses">
          {diagnoses.map((d, i) => (
            <Group key={d.code} gap="xs" wrap="nowrap">
              <Badge variant={i === 0 ? 'filled' : 'light'} miw={70}>
                {d.code}
              </Badge>
              <Text size="sm" style={{ flex: 1 }}>
                {d.title}
                {i === 0 && ' (diagnostic principal)'}
              </Text>
              {i > 0 && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => form.reorderListItem('diagnoses', { from: i, to: 0 })}
                  aria-label={`Fă ${d.code} diagnostic principal`}
                >
                  Principal
                </Button>
              )}
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Elimină ${d.code}`}
                onClick={() => form.removeListItem('diagnoses', i)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
        <DiagnosisPicker
          chosen={diagnoses.map((d) => d.code)}
          onAdd={(d) => form.insertListItem('diagnoses', d)}
          error={form.errors.diagnoses}
        />
        <Divider />
        {TEXT_FIELDS.map(([key, label]) => (
          <Stack gap={2} key={key}>
            <Text size="sm" fw={500}>
              {label}
            </Text>
            <RichTextField
              label={label}
              minHeight={60}
              value={form.values[key]}
              onChange={(html) => form.setFieldValue(key, html)}
            />
          </Stack>
        ))}
        <TextInput
          label="Durata tratamentului recomandat"
          placeholder="de ex. 30 de zile"
          {...form.getInputProps('treatmentDuration')}
        />
        <Divider />
        <Radio.Group
          label="Revine pentru control"
          withAsterisk
          {...form.getInputProps('followUp.returns')}
          error={form.errors['followUp.returns'] ?? form.errors.followUp}
        >
          <Group mt={4}>
            <Radio value="yes" label="Da" />
            <Radio value="no" label="Nu" />
          </Group>
        </Radio.Group>
        {form.values.followUp.returns === 'yes' && (
          <TextInput label="Când revine" withAsterisk {...form.getInputProps('followUp.when')} />
        )}
        <Title order={5}>Se completează obligatoriu una din cele trei informații</Title>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {CHOICE_KINDS.map((kind) => (
            <ChoiceField key={kind} kind={kind} form={form} />
          ))}
        </SimpleGrid>
        <Radio.Group label="Calea de transmitere" withAsterisk {...form.getInputProps('transmission')}>
          <Group mt={4}>
            {TRANSMISSIONS.map((t) => (
              <Radio key={t} value={t} label={LETTER_TEXTS.transmissionLabels[t]} />
            ))}
          </Group>
        </Radio.Group>
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconFileText size={16} />} loading={generate.isPending}>
            {saved?.signedAt
              ? 'Generează o scrisoare nouă'
              : saved
                ? 'Generează din nou'
                : 'Generează scrisoarea'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function LetterActions({
  patient,
  guid,
  letter,
  signingAvailable,
}: {
  patient: PatientDetail;
  guid: string;
  letter: LetterState | null;
  signingAvailable: boolean;
}) {
  const sign = useSignLetter(patient.id, guid);
  const send = useSendLetter(patient.id, guid);
  const [opening, setOpening] = useState(false);
  const run = async (m: typeof sign | typeof send) => {
    try {
      notifySuccess((await m.mutateAsync(undefined)).message);
    } catch (err) {
      notifyError(err);
    }
  };
  const download = async () => {
    setOpening(true);
    try {
      window.location.assign(await letterUrl(patient.id, guid));
    } catch (err) {
      notifyError(err);
    } finally {
      setOpening(false);
    }
  };
  if (!letter) return null;
  return (
    <Stack gap="xs">
      {!signingAvailable && !letter.signedAt && (
        <Alert color="orange" variant="light">
          {LETTER_TEXTS.unsigned}: semnătura electronică nu este configurată. Tipăriți scrisoarea în două
          exemplare și transmiteți-o prin pacient.
        </Alert>
      )}
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={opening}
          onClick={download}
        >
          Descarcă PDF
        </Button>
        {!letter.signedAt && (
          <Button
            color="green"
            leftSection={<IconCertificate size={16} />}
            loading={sign.isPending}
            disabled={!signingAvailable}
            onClick={() => run(sign)}
          >
            Semnează electronic
          </Button>
        )}
        <Button
          variant="light"
          leftSection={<IconMailForward size={16} />}
          loading={send.isPending}
          disabled={!letter.signedAt || !patient.gp_email}
          onClick={() => run(send)}
        >
          {letter.sentAt ? 'Trimite din nou medicului de familie' : 'Trimite medicului de familie'}
        </Button>
      </Group>
    </Stack>
  );
}

export default function LetterModal({
  patient,
  guid,
  title,
  onClose,
}: {
  patient: PatientDetail;
  guid: string;
  title: string;
  onClose: () => void;
}) {
  const state = useLetterState(patient.id, guid);
  const letter = state.data?.letter ?? null;
  const signingAvailable = state.data?.signingAvailable ?? false;
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={`Scrisoare medicală · ${title}`}
      closeButtonProps={{ 'aria-label': 'Închide' }}
    >
      {state.isPending ? (
        <Loader />
      ) : state.isError ? (
        <Alert color="red">Scrisoarea nu a putut fi încărcată.</Alert>
      ) : (
        <Stack gap="md">
          <StateLine letter={letter} />
          <LetterActions patient={patient} guid={guid} letter={letter} signingAvailable={signingAvailable} />
          {letter?.signedAt && (
            <Text size="sm" c="dimmed">
              Scrisoarea semnată nu se mai modifică. O modificare a consultației se salvează ca o completare
              (versiune nouă), iar scrisoarea următoare o cuprinde.
            </Text>
          )}
          <Divider />
          {/* One form per letter: a new letter starts from the newest one's fields. */}
          <LetterForm key={letter?.id ?? 'new'} patient={patient} guid={guid} saved={letter} />
        </Stack>
      )}
    </Modal>
  );
}
