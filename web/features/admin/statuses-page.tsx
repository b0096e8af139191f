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
import { modals } from '@mantine/modals';
import { IconEye, IconEyeOff, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useEffect, useState } from 'react';
import { type AdminStatus, type StatusInput, statusSchema } from '../../../domain/admin';
import { useAdminStatuses, useSaveStatus, useStatusAction } from './api';
import { withToast } from './notify';

function StatusModal({ status, onClose }: { status: AdminStatus | 'new' | null; onClose: () => void }) {
  const save = useSaveStatus();
  const [values, setValues] = useState<StatusInput>({ title: '', without_appointment: false });
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (status === null) return;
    setError(undefined);
    setValues(
      status === 'new'
        ? { title: '', without_appointment: false }
        : { title: status.title, without_appointment: status.without_appointment },
    );
  }, [status]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = statusSchema.safeParse(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    const id = status !== null && status !== 'new' ? status.id : undefined;
    if (await withToast(() => save.mutateAsync({ id, ...parsed.data }))) onClose();
  };

  const inUse = status !== null && status !== 'new' && status.inUse > 0;
  return (
    <Modal
      opened={status !== null}
      onClose={onClose}
      title={status === 'new' ? 'Status nou' : 'Editeaza statusul'}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Denumire"
            withAsterisk
            value={values.title}
            onChange={(e) => setValues({ ...values, title: e.currentTarget.value })}
            error={error}
          />
          <Checkbox
            label="Fara programare (nu cere calendar, data si ora)"
            description={
              inUse ? 'Nu se poate schimba cat timp statusul este folosit de programari.' : undefined
            }
            disabled={inUse}
            checked={values.without_appointment}
            onChange={(e) => setValues({ ...values, without_appointment: e.currentTarget.checked })}
          />
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onClose}>
              Renunta
            </Button>
            <Button type="submit" loading={save.isPending}>
              Salveaza
            </Button>
          </Group>
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
      title: 'Stergere status',
      children: <Text size="sm">Statusul "{s.title}" va fi sters.</Text>,
      confirmProps: { color: 'red' },
      onConfirm: () => withToast(() => action.mutateAsync({ id: s.id, action: 'delete' })),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Statusuri programari</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          Adauga status
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Statusurile personalizate se aleg din fereastra de stabilire a programarii. Un status folosit de
        programari nu poate fi sters; ascundeti-l ca sa nu mai fie oferit.
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
            render: (s) => (s.without_appointment ? 'Fara programare' : 'Cu calendar, data si ora'),
          },
          { accessor: 'inUse', title: 'Programari', textAlign: 'right' },
          {
            accessor: 'actions',
            title: 'Actiuni',
            textAlign: 'right',
            render: (s) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Tooltip label="Editeaza">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Editeaza ${s.title}`}
                    onClick={() => setEditing(s)}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={s.hidden ? 'Afiseaza din nou' : 'Ascunde'}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`${s.hidden ? 'Afiseaza' : 'Ascunde'} ${s.title}`}
                    onClick={() =>
                      withToast(() => action.mutateAsync({ id: s.id, action: s.hidden ? 'unhide' : 'hide' }))
                    }
                  >
                    {s.hidden ? <IconEye size={16} /> : <IconEyeOff size={16} />}
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={s.inUse > 0 ? 'Folosit de programari: se poate doar ascunde' : 'Sterge'}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Sterge ${s.title}`}
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
