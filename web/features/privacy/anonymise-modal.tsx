/** The typed confirmation before an anonymisation (irreversible; the server checks the phrase too). */
import { Alert, Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ANONYMISE_PHRASE, anonymiseSchema, isAnonymisePhrase } from '../../../domain/privacy';
import { ApiError } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { ClinicModal } from '../../ui/clinic-modal';
import { useAnonymise } from './api';

type Props = {
  patientId: number;
  patientName: string;
  opened: boolean;
  onClose: () => void;
  /** What else shows the patient and must be read again once the identity is gone. */
  onAnonymised?: () => unknown;
};

export function AnonymiseModal({ patientId, patientName, opened, onClose, onAnonymised }: Props) {
  // The shared schema checks the phrase here; the server checks it again (the strict one).
  const form = useForm({
    initialValues: { confirmation: '' },
    validate: schemaResolver(anonymiseSchema, { sync: true }),
  });
  const anonymise = useAnonymise(patientId, onAnonymised);
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit(async ({ confirmation }) => {
    try {
      const r = await anonymise.mutateAsync(confirmation);
      notifySuccess(r.message);
      close();
    } catch (err) {
      form.setFieldError(
        'confirmation',
        err instanceof ApiError ? (err.errors?.confirmation ?? err.message) : String(err),
      );
    }
  });
  return (
    <ClinicModal opened={opened} onClose={close} title="Anonimizarea pacientului" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title="Operație ireversibilă">
            Datele de identificare ale pacientului <b>{patientName}</b> vor fi înlocuite cu un pseudonim.
          </Alert>
          <List size="sm" spacing={4}>
            <List.Item>numele, CNP-ul, telefonul, e-mailul și medicul de familie se șterg;</List.Item>
            <List.Item>documentele încărcate se șterg definitiv;</List.Item>
            <List.Item>
              programările și consultațiile rămân, fără identitate (perioada de arhivare).
            </List.Item>
          </List>
          <Text size="sm">
            Scrieți <b>{ANONYMISE_PHRASE}</b> pentru a confirma.
          </Text>
          <TextInput
            label="Confirmare"
            {...form.getInputProps('confirmation')}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Renunță
            </Button>
            <Button
              type="submit"
              // A dark shade: white text on it meets WCAG AA contrast.
              color="red.9"
              disabled={!isAnonymisePhrase(form.getValues().confirmation)}
              loading={anonymise.isPending}
            >
              Anonimizează definitiv
            </Button>
          </Group>
        </Stack>
      </form>
    </ClinicModal>
  );
}
