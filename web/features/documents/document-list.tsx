/** A patient's documents as a list (patient and appointment Documents tabs, SPEC §2). */
import { Group, Loader, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatDay } from '../../../domain/dates';
import { DOCUMENT_MESSAGES, type DocumentItem } from '../../../domain/documents';
import { notify } from '../../lib/notify';
import { openDocument } from './api';
import { DeleteDocumentButton, DocumentStatusMenu } from './document-actions';
import { DocumentIcon } from './document-icon';
import classes from './documents.module.css';

export const openOrWarn = (id: number) =>
  openDocument(id).catch((err: Error) =>
    notify('error', err.message, { title: 'Documentul nu poate fi deschis' }),
  );

export function DocumentList({ documents, loading }: { documents: DocumentItem[]; loading: boolean }) {
  if (loading) return <Loader size="sm" aria-label="Se încarcă documentele" />;
  if (documents.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        {DOCUMENT_MESSAGES.emptyList}
      </Text>
    );
  }
  return (
    <Stack gap="xs" aria-label="Documente" role="list">
      {documents.map((d) => (
        <Paper key={d.id} withBorder p="sm" radius="sm" role="listitem">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <UnstyledButton
              onClick={() => openOrWarn(d.id)}
              style={{ minWidth: 0, flex: 1 }}
              title="Deschide documentul"
            >
              <Group gap="sm" wrap="nowrap">
                <DocumentIcon type={d.type} />
                <div style={{ minWidth: 0 }}>
                  <Text fw={500} truncate>
                    {d.title || d.filename}
                  </Text>
                  <Text size="xs" className={classes.meta} truncate>
                    {d.filename} · {formatDay(d.created_at)}
                  </Text>
                </div>
              </Group>
            </UnstyledButton>
            <Group gap="xs" wrap="nowrap">
              <DocumentStatusMenu doc={d} />
              <DeleteDocumentButton doc={d} />
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
