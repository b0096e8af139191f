/** /app/admin/statuses: custom appointment statuses; a status in use is hidden, not deleted. */
import 'mantine-datatable/styles.css';
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconEye, IconEyeOff, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useEffect, useState } from 'react';
import { type AdminStatus, type StatusInput, statusSchema } from '../../../domain/admin';
import { FormActions } from '../../lib/form-actions';
import { withNotify } from '../../lib/notify';
import { useAdminStatuses, useSaveStatus, useStatusAction } from './api';

const EMPTY_STATUS: StatusInput = { title: '', without_appointment: false };

function StatusModal({ status, onClose }: { status: AdminStatus | 'new' | null; onClose: () => void }) {
  const save = useSaveStatus();
  const form = useForm<StatusInput>({
    initialValues: EMPTY_STATUS,
    validate: schemaResolver(statusSchema, { sync: true }),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another status is opened, not on every render
  useEffect(() => {
    if (status === null) return;
    form.setValues(
      status === 'new'
        ? EMPTY_STATUS
        : { title: status.title, without_appointment: status.without_appointment },
    );
    form.clearErrors();
  }, [status]);

  const submit = form.onSubmit(async (values) => {
    const id = status !== null && status !== 'new' ? status.id : undefined;
    if (await withNotify(() => save.mutateAsync({ id, ...values }))) onClose();
  });

  const inUse = status !== null && status !== 'new' && status.inUse > 0;
  return (
    <Modal
      opened={status !== null}
      onClose={onClose}
      title={status === 'new' ? 'Status nou' : 'Editează statusul'}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Denumire" withAsterisk {...form.getInputProps('title')} />
          <Checkbox
            label="Fără programare (nu cere calendar, dată și oră)"
            description={
              inUse ? 'Nu se poate schimba cât timp statusul este folosit de programări.' : undefined
            }
            disabled={inUse}
            {...form.getInputProps('without_appointment', { type: 'checkbox' })}
          />
          <FormActions onCancel={onClose} loading={save.isPending} mt="md" />
        </Stack>
      </form>
    </Modal>
  );
}

export default function StatusesPage() {
  const statuses = useAdminStatuses();
  const action = useStatusAction();
  const [editing, setEditing] = useState<AdminStatus | 'new' | null>(null);

  const remove = (s: AdminStatus) =>
    modals.openConfirmModal({
      title: 'Ștergere status',
      children: <Text size="sm">Statusul "{s.title}" va fi șters.</Text>,
      confirmProps: { color: 'red' },
      onConfirm: () => withNotify(() => action.mutateAsync({ id: s.id, action: 'delete' })),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Statusuri programări</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          Adaugă status
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Statusurile personalizate se aleg din fereastra de stabilire a programării. Un status folosit de
        programări nu poate fi șters; ascundeți-l ca să nu mai fie oferit.
      </Text>
      <DataTable<AdminStatus>
        withTableBorder
        borderRadius="sm"
        striped
        minHeight={160}
        fetching={statuses.isFetching}
        records={statuses.data ?? []}
        noRecordsText="Nici un status personalizat"
        columns={[
          {
            accessor: 'title',
            title: 'Denumire',
            render: (s) => (
              <Group gap="xs">
                <Text size="sm" c={s.hidden ? 'dimmed' : undefined}>
                  {s.title}
                </Text>
                {s.hidden && (
                  <Badge color="gray" variant="dot" size="sm">
                    ascuns
                  </Badge>
                )}
              </Group>
            ),
          },
          {
            accessor: 'without_appointment',
            title: 'Tip',
            render: (s) => (s.without_appointment ? 'Fără programare' : 'Cu calendar, dată și oră'),
          },
          { accessor: 'inUse', title: 'Programări', textAlign: 'right' },
          {
            accessor: 'actions',
            title: 'Acțiuni',
            textAlign: 'right',
            render: (s) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Tooltip label="Editează">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Editează ${s.title}`}
                    onClick={() => setEditing(s)}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={s.hidden ? 'Afișează din nou' : 'Ascunde'}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`${s.hidden ? 'Afișează' : 'Ascunde'} ${s.title}`}
                    onClick={() =>
                      withNotify(() => action.mutateAsync({ id: s.id, action: s.hidden ? 'unhide' : 'hide' }))
                    }
                  >
                    {s.hidden ? <IconEye size={16} /> : <IconEyeOff size={16} />}
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={s.inUse > 0 ? 'Folosit de programări: se poate doar ascunde' : 'Șterge'}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Șterge ${s.title}`}
                    disabled={s.inUse > 0}
                    onClick={() => remove(s)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ),
          },
        ]}
      />
      <StatusModal status={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
