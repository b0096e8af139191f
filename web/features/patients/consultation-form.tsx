/**
 * Details tab (SPEC §2): the consultation title and six rich-text sections, each saved on its
 * own. Saves with the same title on the same day join one consultation (see the server).
 * Unsaved section texts are drafts in this browser (web/lib/drafts.ts), per patient and section,
 * until saved or discarded with "Renunta" (issue 22).
 */
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
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
import { useCurrentUser } from '../../app/current-user';
import { API_MESSAGES, ApiError } from '../../lib/api';
import { readDraft, writeDraft } from '../../lib/drafts';
import { notify, notifySuccess } from '../../lib/notify';
import { useSaveConsultation } from './api';
import { RichTextField } from './rich-text-field';

/**
 * The drafts of one patient's consultation form, for the signed-in user: on a shared computer
 * another account never sees them (and sign-out removes every draft).
 */
export const consultationDraftScope = (userId: string, patientId: number) =>
  `consultation:${userId}:${patientId}`;

export function ConsultationForm({ patientId }: { patientId: number }) {
  const scope = consultationDraftScope(useCurrentUser().id, patientId);
  const [title, setTitle] = useState(() => defaultConsultationTitle(clinicToday(new Date())));
  const [titleError, setTitleError] = useState<string | null>(null);
  const [sections, setSections] = useState(
    () =>
      Object.fromEntries(CONSULTATION_SECTIONS.map((s) => [s, readDraft(scope, s)])) as Record<
        ConsultationSection,
        string
      >,
  );
  const [drafted, setDrafted] = useState(
    () => new Set(CONSULTATION_SECTIONS.filter((s) => readDraft(scope, s) !== '')),
  );

  const edit = (section: ConsultationSection, html: string) => {
    setSections((s) => ({ ...s, [section]: html }));
    const text = isBlankHtml(html) ? '' : html;
    writeDraft(scope, section, text);
    setDrafted((d) => {
      if (d.has(section) === (text !== '')) return d;
      const next = new Set(d);
      if (text) next.add(section);
      else next.delete(section);
      return next;
    });
  };
  const discard = (section: ConsultationSection) => {
    setSections((s) => ({ ...s, [section]: '' }));
    writeDraft(scope, section, '');
    setDrafted((d) => {
      const next = new Set(d);
      next.delete(section);
      return next;
    });
  };
  const [saving, setSaving] = useState<ConsultationSection | null>(null);
  const save = useSaveConsultation(patientId);

  const saveSection = async (section: ConsultationSection) => {
    if (!title.trim()) return setTitleError(CONSULTATION_TEXTS.titleRequired);
    if (isBlankHtml(sections[section])) {
      notify('warning', CONSULTATION_TEXTS.contentRequired, { title: ENTRY_LABELS[section] });
      return;
    }
    setSaving(section);
    try {
      await save.mutateAsync({ consultationTitle: title.trim(), [section]: sections[section] });
      // Saved: no longer a draft (the text stays on the page until it is left).
      writeDraft(scope, section, '');
      setDrafted((d) => {
        const next = new Set(d);
        next.delete(section);
        return next;
      });
      notifySuccess(`${ENTRY_LABELS[section]}: ${CONSULTATION_TEXTS.saved.toLowerCase()}`, {
        title: 'Success',
      });
    } catch (err) {
      const message = err instanceof ApiError ? err.message : API_MESSAGES.generic;
      notify('error', message, { title: 'Eroare' });
    } finally {
      setSaving(null);
    }
  };

  return (
    <Stack gap="md">
      <TextInput
        label="Titlul consultației"
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
            <Group gap="xs">
              {drafted.has(section) && (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => discard(section)}
                  aria-label={`Renunță: ${ENTRY_LABELS[section]}`}
                >
                  Renunță
                </Button>
              )}
              <Button
                size="xs"
                leftSection={<IconDeviceFloppy size={14} />}
                loading={saving === section}
                onClick={() => saveSection(section)}
                aria-label={`Salvează: ${ENTRY_LABELS[section]}`}
              >
                Salvează
              </Button>
            </Group>
          </Group>
          {drafted.has(section) && (
            <Text size="xs" c="dimmed" mb={4} data-draft={section}>
              Ciornă nesalvată, păstrată doar în acest browser
            </Text>
          )}
          <RichTextField
            label={ENTRY_LABELS[section]}
            value={sections[section]}
            onChange={(html) => edit(section, html)}
          />
        </Card>
      ))}
    </Stack>
  );
}
