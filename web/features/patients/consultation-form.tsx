/**
 * Details tab (SPEC §2): the consultation title and six rich-text sections, each saved on its
 * own. Saves with the same title on the same day join one consultation (see the server).
 */
import { Button, Card, Group, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import {
  CONSULTATION_SECTIONS,
  CONSULTATION_TEXTS,
  type ConsultationSection,
  defaultConsultationTitle,
  ENTRY_LABELS,
  isBlankHtml,
} from '../../../domain/consultations';
import { clinicToday } from '../../../domain/dates';
import { API_MESSAGES, ApiError } from '../../lib/api';
import { useSaveConsultation } from './api';
import { RichTextField } from './rich-text-field';

const EMPTY = Object.fromEntries(CONSULTATION_SECTIONS.map((s) => [s, ''])) as Record<
  ConsultationSection,
  string
>;

export function ConsultationForm({ patientId }: { patientId: number }) {
  const [title, setTitle] = useState(() => defaultConsultationTitle(clinicToday(new Date())));
  const [titleError, setTitleError] = useState<string | null>(null);
  const [sections, setSections] = useState(EMPTY);
  const [saving, setSaving] = useState<ConsultationSection | null>(null);
  const save = useSaveConsultation(patientId);

  const saveSection = async (section: ConsultationSection) => {
    if (!title.trim()) return setTitleError(CONSULTATION_TEXTS.titleRequired);
    if (isBlankHtml(sections[section])) {
      notifications.show({
        color: 'yellow',
        title: ENTRY_LABELS[section],
        message: CONSULTATION_TEXTS.contentRequired,
      });
      return;
    }
    setSaving(section);
    try {
      await save.mutateAsync({ consultationTitle: title.trim(), [section]: sections[section] });
      notifications.show({
        color: 'green',
        title: 'Success',
        message: `${ENTRY_LABELS[section]}: ${CONSULTATION_TEXTS.saved.toLowerCase()}`,
        autoClose: 4000,
      });
    } catch (err) {
      const message = err instanceof ApiError ? err.message : API_MESSAGES.generic;
      notifications.show({ color: 'red', title: 'Eroare', message });
    } finally {
      setSaving(null);
    }
  };

  return (
    <Stack gap="md">
      <TextInput
        label="Titlul consultatiei"
        withAsterisk
        value={title}
        error={titleError}
        onChange={(e) => {
          setTitle(e.currentTarget.value);
          setTitleError(null);
        }}
        maxLength={200}
      />
      {CONSULTATION_SECTIONS.map((section) => (
        <Card key={section} withBorder padding="sm" data-section={section}>
          <Group justify="space-between" mb="xs">
            <Title order={3} size="h5">
              {ENTRY_LABELS[section]}
            </Title>
            <Button
              size="xs"
              leftSection={<IconDeviceFloppy size={14} />}
              loading={saving === section}
              onClick={() => saveSection(section)}
              aria-label={`Salveaza: ${ENTRY_LABELS[section]}`}
            >
              Salveaza
            </Button>
          </Group>
          <RichTextField
            label={ENTRY_LABELS[section]}
            value={sections[section]}
            onChange={(html) => setSections((s) => ({ ...s, [section]: html }))}
          />
        </Card>
      ))}
    </Stack>
  );
}
