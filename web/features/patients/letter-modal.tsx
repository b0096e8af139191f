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
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCertificate, IconDownload, IconFileText, IconMailForward, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '../../../domain/dates';
import {
  CHOICE_KINDS,
  LETTER_TEXTS,
  type LetterRequestInput,
  type LetterState,
  TRANSMISSIONS,
} from '../../../domain/letter';
import type { PatientDetail } from '../../../domain/patients';
import { ApiError } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { ClinicModal } from '../../ui/clinic-modal';
import { letterUrl, useGenerateLetter, useLetterState, useSendLetter, useSignLetter } from './api';
import { ChoiceField, DiagnosisPicker } from './letter-fields';
import { TEXT_FIELDS, useLetterForm } from './letter-form-values';
import { StateLine } from './letter-state-line';
import { RichTextField } from './rich-text-field';

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
  const run = async (action: () => Promise<{ message: string }>) => {
    try {
      notifySuccess((await action()).message);
    } catch (err) {
      notifyError(err);
    }
  };
  // Sent once already: a second e-mail to the family doctor only after the user says so.
  const sendOrAsk = () => {
    if (!letter?.sentAt) return run(() => send.mutateAsync(false));
    modals.openConfirmModal({
      title: 'Trimiteți din nou scrisoarea?',
      children: (
        <Text size="sm">
          Scrisoarea a fost trimisă medicului de familie pe {formatDateTime(letter.sentAt)}. Medicul o va
          primi încă o dată; retrimiterea rămâne în jurnalul de audit.
        </Text>
      ),
      labels: { confirm: 'Trimite din nou', cancel: 'Renunță' },
      onConfirm: () => void run(() => send.mutateAsync(true)),
    });
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
            onClick={() => run(() => sign.mutateAsync(undefined))}
          >
            Semnează electronic
          </Button>
        )}
        <Button
          variant="light"
          leftSection={<IconMailForward size={16} />}
          loading={send.isPending}
          disabled={!letter.signedAt || !patient.gp_email}
          onClick={sendOrAsk}
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
    <ClinicModal opened onClose={onClose} size="xl" title={`Scrisoare medicală · ${title}`}>
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
    </ClinicModal>
  );
}
