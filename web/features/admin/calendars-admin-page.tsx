/**
 * /app/admin/calendars: calendars (title), which one takes the public remote-consultation
 * requests and its daily capacity, whether its consultations are remote (the institute calls the
 * patient: messages and the patient's page say so), weekly availability and unavailable days.
 */
import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconPlus, IconTrash, IconWorld } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { type AdminCalendar, type CalendarInput, calendarSchema } from '../../../domain/admin';
import { PageLoader } from '../../app/loaders';
import { withNotify } from '../../lib/notify';
import { useAdminCalendars, useDeleteCalendar, useSaveCalendar } from './api';
import { AvailabilityEditor } from './availability-editor';
import { UnavailableDaysEditor } from './unavailable-days-editor';

/** Title, public requests and capacity, remote or not; used to create (no calendar) and to edit. */
function CalendarForm({ calendar, onSaved }: { calendar?: AdminCalendar; onSaved?: (id?: number) => void }) {
  const save = useSaveCalendar();
  const initial: CalendarInput = {
    title: calendar?.title ?? '',
    publicRequests: calendar?.publicRequests ?? false,
    dailyCapacity: calendar?.dailyCapacity ?? null,
    remote: calendar?.remote ?? false,
  };
  const form = useForm<CalendarInput>({
    initialValues: initial,
    validate: schemaResolver(calendarSchema, { sync: true }),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when the saved calendar changes
  useEffect(() => {
    form.setValues(initial);
    form.clearErrors();
  }, [calendar?.id, calendar?.title, calendar?.publicRequests, calendar?.dailyCapacity, calendar?.remote]);
  const publicInput = form.getInputProps('publicRequests', { type: 'checkbox' });

  const submit = form.onSubmit(async (values) => {
    let newId: number | undefined;
    const ok = await withNotify(async () => {
      const r = await save.mutateAsync({ id: calendar?.id, ...values });
      newId = typeof r.id === 'number' ? r.id : undefined;
      return r;
    });
    if (ok) onSaved?.(newId);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Titlu" withAsterisk {...form.getInputProps('title')} />
        <Switch
          label="Primește cererile de consultație la distanță (formularul public)"
          description="Un singur calendar le poate primi; alegerea lui muta cererile noi aici."
          {...publicInput}
          onChange={(e) => {
            publicInput.onChange(e);
            // A new calendar for the public form's requests is remote unless said otherwise.
            if (!calendar && !form.isTouched('remote')) form.setFieldValue('remote', e.currentTarget.checked);
          }}
        />
        {form.values.publicRequests && (
          <NumberInput
            label="Cereri pe zi"
            description="Gol = valoarea implicită din configurare"
            min={1}
            max={10000}
            allowDecimal={false}
            value={form.values.dailyCapacity ?? ''}
            onChange={(v) => form.setFieldValue('dailyCapacity', v === '' ? null : Number(v))}
            error={form.errors.dailyCapacity}
            maw={240}
          />
        )}
        <Switch
          label="Consultații la distanță"
          description="Institutul sună pacientul; mesajele și pagina pacientului nu îi cer să vină (fără act de identitate)."
          {...form.getInputProps('remote', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Salvează
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CalendarPanel({ calendar }: { calendar: AdminCalendar }) {
  const del = useDeleteCalendar();
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Ștergere calendar',
      children: <Text size="sm">Calendarul "{calendar.title}" va fi șters împreună cu programul lui.</Text>,
      confirmProps: { color: 'red' },
      onConfirm: () => withNotify(() => del.mutateAsync(calendar.id)),
    });
  return (
    <Stack gap="md" pt="md">
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="sm">
          Setări
        </Title>
        <CalendarForm calendar={calendar} />
      </Card>
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="sm">
          Program săptămânal
        </Title>
        <AvailabilityEditor calendar={calendar} />
      </Card>
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="sm">
          Zile indisponibile
        </Title>
        <UnavailableDaysEditor calendar={calendar} />
      </Card>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {calendar.appointments > 0
            ? `${calendar.appointments} programări folosesc acest calendar; nu poate fi șters.`
            : 'Nici o programare în acest calendar.'}
        </Text>
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} />}
          disabled={calendar.appointments > 0}
          onClick={confirmDelete}
        >
          Șterge calendarul
        </Button>
      </Group>
    </Stack>
  );
}

export default function CalendarsAdminPage() {
  const calendars = useAdminCalendars();
  const [active, setActive] = useState<string | null>(null);
  const [adding, add] = useDisclosure(false);
  const list = calendars.data ?? [];
  const current = list.find((c) => String(c.id) === active) ?? list[0];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Calendare și program</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={add.open}>
          Adaugă calendar
        </Button>
      </Group>
      {calendars.isPending ? (
        <PageLoader />
      ) : list.length === 0 ? (
        <Text c="dimmed">Nici un calendar. Adăugați primul calendar.</Text>
      ) : (
        <Tabs value={current ? String(current.id) : null} onChange={setActive} keepMounted={false}>
          <Tabs.List>
            {list.map((c) => (
              <Tabs.Tab
                key={c.id}
                value={String(c.id)}
                rightSection={
                  c.publicRequests || c.remote ? (
                    <Group gap={4} wrap="nowrap">
                      {c.publicRequests && (
                        <Badge size="xs" leftSection={<IconWorld size={10} />} variant="light">
                          public
                        </Badge>
                      )}
                      {c.remote && (
                        <Badge size="xs" variant="outline">
                          la distanță
                        </Badge>
                      )}
                    </Group>
                  ) : undefined
                }
              >
                {c.title}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {list.map((c) => (
            <Tabs.Panel key={c.id} value={String(c.id)}>
              <CalendarPanel calendar={c} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
      <Modal opened={adding} onClose={add.close} title="Calendar nou">
        <CalendarForm
          onSaved={(id) => {
            add.close();
            if (id) setActive(String(id));
          }}
        />
      </Modal>
    </Stack>
  );
}
