/** The typed confirmation before an anonymisation (irreversible; the server checks the phrase too). */
import { Alert, Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { ANONYMISE_PHRASE } from '../../../domain/privacy';
import { ApiError } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useAnonymise } from './api';

type Props = { patientId: number; patientName: string; opened: boolean; onClose: () => void };

export function AnonymiseModal({ patientId, patientName, opened, onClose }: Props) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const anonymise = useAnonymise(patientId);
  const close = () => {
    setTyped('');
    setError(null);
    onClose();
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const r = await anonymise.mutateAsync(typed);
      notifySuccess(r.message);
      close();
    } catch (err) {
      setError(err instanceof ApiError ? (err.errors?.confirmation ?? err.message) : String(err));
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Anonimizarea pacientului"
      centered
      closeButtonProps={{ 'aria-label': 'Inchide' }}
    >
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title="Operatie ireversibila">
            Datele de identificare ale pacientului <b>{patientName}</b> vor fi inlocuite cu un pseudonim.
          </Alert>
          <List size="sm" spacing={4}>
            <List.Item>numele, CNP-ul, telefonul, e-mailul si medicul de familie se sterg;</List.Item>
            <List.Item>documentele incarcate se sterg definitiv;</List.Item>
            <List.Item>
              programarile si consultatiile raman, fara identitate (perioada de arhivare).
            </List.Item>
          </List>
          <Text size="sm">
            Scrieti <b>{ANONYMISE_PHRASE}</b> pentru a confirma.
          </Text>
          <TextInput
            label="Confirmare"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            error={error}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Renunta
            </Button>
            <Button
              type="submit"
              // A dark shade: white text on it meets WCAG AA contrast.
              color="red.9"
              disabled={typed.trim() !== ANONYMISE_PHRASE}
              loading={anonymise.isPending}
            >
              Anonimizeaza definitiv
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
