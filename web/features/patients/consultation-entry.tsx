/** One entry of a consultation (type, doctor, date, content), editable in place. */
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { CONSULTATION_TEXTS, isBlankHtml } from '../../../domain/consultations';
import { formatDateTime } from '../../../domain/dates';
import type { ConsultationEntryView } from '../../../domain/patients';
import { API_MESSAGES, ApiError } from '../../lib/api';
import { notify, notifySuccess } from '../../lib/notify';
import { useUpdateEntry } from './api';
import { RichTextField } from './rich-text-field';
import { SafeHtml } from './safe-html';

export function ConsultationEntry({ patientId, entry }: { patientId: number; entry: ConsultationEntryView }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(entry.content);
  const update = useUpdateEntry(patientId);

  const save = async () => {
    if (isBlankHtml(draft)) {
      notify('warning', CONSULTATION_TEXTS.contentRequired, { title: entry.type_label });
      return;
    }
    try {
      await update.mutateAsync({ id: entry.id, content: draft });
      notifySuccess(CONSULTATION_TEXTS.entrySaved, { title: 'Success' });
      setEditing(false);
    } catch (err) {
      notify('error', err instanceof ApiError ? err.message : API_MESSAGES.generic, { title: 'Eroare' });
    }
  };

  return (
    <Paper
      withBorder
      p="sm"
      radius="sm"
      data-entry-type={entry.type}
      data-version={entry.version}
      style={entry.current ? undefined : { opacity: 0.7 }}
    >
      <Group justify="space-between" align="flex-start" mb={6}>
        <div>
          <Group gap={6}>
            <Text fw={600} size="sm">
              {entry.type_label}
            </Text>
            {entry.version > 1 && (
              <Badge size="xs" variant="light" color="blue">
                Versiunea {entry.version} · completare
              </Badge>
            )}
            {!entry.current && (
              <Badge size="xs" variant="light" color="gray">
                Înlocuită de o completare
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {entry.doctor ?? 'Medic necunoscut'} · {formatDateTime(entry.date)}
          </Text>
        </div>
        {!editing && entry.current && (
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconEdit size={14} />}
            onClick={() => {
              setDraft(entry.content);
              setEditing(true);
            }}
            aria-label={`Editează: ${entry.type_label}`}
          >
            Editează
          </Button>
        )}
      </Group>
      {editing ? (
        <Stack gap="xs">
          <RichTextField label={entry.type_label} value={draft} onChange={setDraft} />
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setEditing(false)}>
              Renunță
            </Button>
            <Button size="xs" loading={update.isPending} onClick={save}>
              Salvează
            </Button>
          </Group>
        </Stack>
      ) : (
        <SafeHtml html={entry.content} />
      )}
    </Paper>
  );
}
