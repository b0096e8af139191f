/** Consults tab (SPEC §2): consultations by guid with their entries, letter download and sending. */
import { Accordion, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileCertificate, IconLock, IconNotes } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { CONSULTATION_TEXTS, isBlankHtml } from '../../../domain/consultations';
import { formatDay } from '../../../domain/dates';
import type { ConsultationGroupView, PatientDetail } from '../../../domain/patients';
import { API_MESSAGES, ApiError } from '../../lib/api';
import { notify, notifySuccess } from '../../lib/notify';
import { letterUrl, useSaveLetter } from './api';
import { ConsultationEntry } from './consultation-entry';
import { RichTextField } from './rich-text-field';

const errorText = (err: unknown) => (err instanceof ApiError ? err.message : API_MESSAGES.generic);

function LetterEditor({ patientId, guid }: { patientId: number; guid: string }) {
  const [open, setOpen] = useState(false);
  const [html, setHtml] = useState('');
  const saveLetter = useSaveLetter(patientId);
  if (!open)
    return (
      <Button size="xs" variant="light" leftSection={<IconNotes size={14} />} onClick={() => setOpen(true)}>
        Adaugă textul scrisorii
      </Button>
    );
  const save = async () => {
    if (isBlankHtml(html)) return;
    try {
      await saveLetter.mutateAsync({ guid, content: html });
      notifySuccess(CONSULTATION_TEXTS.saved, { title: 'Success' });
      setOpen(false);
      setHtml('');
    } catch (err) {
      notify('error', errorText(err), { title: 'Eroare' });
    }
  };
  return (
    <Stack gap="xs">
      <RichTextField label="Scrisoare medicală" value={html} onChange={setHtml} />
      <Group justify="flex-end" gap="xs">
        <Button size="xs" variant="default" onClick={() => setOpen(false)}>
          Renunță
        </Button>
        <Button size="xs" loading={saveLetter.isPending} onClick={save}>
          Salvează scrisoarea
        </Button>
      </Group>
    </Stack>
  );
}

/** Sections, not versions: an addendum replaces its section, it does not add one. */
const sectionCount = (g: ConsultationGroupView) => g.consultations.filter((e) => e.current).length;

const LetterModal = lazy(() => import('./letter-modal'));

function GroupActions({ patient, group }: { patient: PatientDetail; group: ConsultationGroupView }) {
  const [downloading, setDownloading] = useState(false);
  const [letterOpen, setLetterOpen] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      // A signed link valid a few minutes; navigating to it downloads the PDF.
      window.location.assign(await letterUrl(patient.id, group.guid));
    } catch (err) {
      notify('error', errorText(err), { title: 'Eroare' });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Group gap="xs">
      <Button size="xs" leftSection={<IconFileCertificate size={14} />} onClick={() => setLetterOpen(true)}>
        Scrisoare medicală
      </Button>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconDownload size={14} />}
        loading={downloading}
        onClick={download}
      >
        Descarcă scrisoarea
      </Button>
      {letterOpen && (
        <Suspense fallback={null}>
          <LetterModal
            patient={patient}
            guid={group.guid}
            title={group.title}
            onClose={() => setLetterOpen(false)}
          />
        </Suspense>
      )}
    </Group>
  );
}

export function ConsultsTab({ patient }: { patient: PatientDetail }) {
  if (!patient.consultations.length)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {CONSULTATION_TEXTS.empty}
      </Text>
    );
  return (
    <Accordion multiple variant="separated" defaultValue={[patient.consultations[0].guid]}>
      {patient.consultations.map((g) => (
        <Accordion.Item key={g.guid} value={g.guid} data-guid={g.guid}>
          <Accordion.Control>
            <Group justify="space-between" wrap="nowrap" pr="sm">
              <Text fw={600}>{g.title}</Text>
              <Group gap="xs" wrap="nowrap">
                {g.locked_at && (
                  <Badge variant="light" color="green" leftSection={<IconLock size={12} />}>
                    Semnată · completări ca versiuni noi
                  </Badge>
                )}
                <Badge variant="light" color="gray">
                  {sectionCount(g)} {sectionCount(g) === 1 ? 'secțiune' : 'secțiuni'}
                </Badge>
                <Text size="sm" c="dimmed">
                  {formatDay(g.date)}
                </Text>
              </Group>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap="sm">
              {g.consultations.map((e) => (
                <ConsultationEntry key={`${e.id}-${e.content.length}`} patientId={patient.id} entry={e} />
              ))}
              {!g.consultations.some((e) => e.type === 'letter') && (
                <LetterEditor patientId={patient.id} guid={g.guid} />
              )}
              <GroupActions patient={patient} group={g} />
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
