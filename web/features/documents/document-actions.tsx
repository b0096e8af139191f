/** The status badge with its dropdown, and delete with a confirmation (SPEC §2, §4). */
import { ActionIcon, Badge, Button, Group, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconTrash } from '@tabler/icons-react';
import {
  DOCUMENT_MESSAGES,
  DOCUMENT_STATUS_LABELS,
  DOCUMENT_STATUSES,
  type DocumentItem,
} from '../../../domain/documents';
import { notify, notifySuccess } from '../../lib/notify';
import { ClinicModal } from '../../ui/clinic-modal';
import { useDeleteDocument, useSetDocumentStatus } from './api';

const stop = (e: { stopPropagation(): void }) => e.stopPropagation();

const failed = (err: unknown) => notify('error', (err as Error).message, { title: 'Eroare' });

export function DocumentStatusMenu({ doc }: { doc: Pick<DocumentItem, 'id' | 'status' | 'title'> }) {
  const setStatus = useSetDocumentStatus();
  return (
    // Portaled content still bubbles through React: keep clicks from opening the row's file.
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops propagation
    // biome-ignore lint/a11y/useKeyWithClickEvents: only stops propagation
    <span onClick={stop}>
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={`Status ${doc.title}: ${DOCUMENT_STATUS_LABELS[doc.status]}`}>
            <Badge
              // Dark shades: white text on them meets WCAG AA contrast.
              color={doc.status === 'sent' ? 'teal.9' : 'blue.9'}
              variant="filled"
              rightSection={<IconChevronDown size={12} />}
              style={{ cursor: 'pointer' }}
            >
              {DOCUMENT_STATUS_LABELS[doc.status]}
            </Badge>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          {DOCUMENT_STATUSES.map((s) => (
            <Menu.Item
              key={s}
              disabled={s === doc.status || setStatus.isPending}
              onClick={() =>
                setStatus.mutate(
                  { id: doc.id, status: s },
                  {
                    onSuccess: () => notifySuccess(DOCUMENT_MESSAGES.statusChanged),
                    onError: failed,
                  },
                )
              }
            >
              {DOCUMENT_STATUS_LABELS[s]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </span>
  );
}

export function DeleteDocumentButton({ doc }: { doc: Pick<DocumentItem, 'id' | 'title' | 'filename'> }) {
  const [opened, { open, close }] = useDisclosure(false);
  const remove = useDeleteDocument();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops propagation
    // biome-ignore lint/a11y/useKeyWithClickEvents: only stops propagation
    <span onClick={stop}>
      <Tooltip label="Șterge">
        <ActionIcon variant="subtle" color="red" aria-label={`Șterge ${doc.title}`} onClick={open}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
      <ClinicModal opened={opened} onClose={close} title="Ștergere document" centered>
        <Text>{DOCUMENT_MESSAGES.deleteConfirm}</Text>
        <Text c="dimmed" size="sm" mt={4}>
          {doc.title} ({doc.filename})
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close}>
            Anulează
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(doc.id, {
                onSuccess: () => {
                  close();
                  notifySuccess(DOCUMENT_MESSAGES.deleted);
                },
                onError: failed,
              })
            }
          >
            Șterge
          </Button>
        </Group>
      </ClinicModal>
    </span>
  );
}
