/**
 * /app/admin/calendars: calendars (title), which one takes the public remote-consultation
 * requests and its daily capacity, weekly availability and unavailable days.
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
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconPlus, IconTrash, IconWorld } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { type AdminCalendar, type CalendarInput, calendarSchema } from '../../../domain/admin';
import { PageLoader } from '../../app/loaders';
import { useAdminCalendars, useDeleteCalendar, useSaveCalendar } from './api';
import { AvailabilityEditor } from './availability-editor';
import { withToast } from './notify';
import { UnavailableDaysEditor } from './unavailable-days-editor';

/** Title, public requests and capacity; used to create (no calendar) and to edit. */
function CalendarForm({ calendar, onSaved }: { calendar?: AdminCalendar; onSaved?: (id?: number) => void }) {
  const save = useSaveCalendar();
  const initial: CalendarInput = {
    title: calendar?.title ?? '',
    publicRequests: calendar?.publicRequests ?? false,
    dailyCapacity: calendar?.dailyCapacity ?? null,
  };
  const [values, setValues] = useState<CalendarInput>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when the saved calendar changes
  useEffect(
    () => setValues(initial),
    [calendar?.id, calendar?.title, calendar?.publicRequests, calendar?.dailyCapacity],
  );

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = calendarSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    let newId: number | undefined;
    const ok = await withToast(async () => {
      const r = await save.mutateAsync({ id: calendar?.id, ...parsed.data });
      newId = typeof r.id === 'number' ? r.id : undefined;
      return r;
    });
    if (ok) onSaved?.(newId);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Titlu"
          withAsterisk
          value={values.title}
          onChange={(e) => setValues({ ...values, title: e.currentTarget.value })}
          error={errors.title}
        />
        <Switch
          label="Primeste cererile de consultatie la distanta (formularul public)"
          description="Un singur calendar le poate primi; alegerea lui muta cererile noi aici."
          checked={values.publicRequests}
          onChange={(e) => setValues({ ...values, publicRequests: e.currentTarget.checked })}
        />
        {values.publicRequests && (
          <NumberInput
            label="Cereri pe zi"
            description="Gol = valoarea implicita din configurare"
            min={1}
            max={10000}
            allowDecimal={false}
            value={values.dailyCapacity ?? ''}
            onChange={(v) => setValues({ ...values, dailyCapacity: v === '' ? null : Number(v) })}
            error={errors.dailyCapacity}
            maw={240}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Salveaza
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
      title: 'Stergere calendar',
      children: <Text size="sm">Calendarul "{calendar.title}" va fi sters impreuna cu programul lui.</Text>,
      confirmProps: { color: 'red' },
      onConfirm: () => withToast(() => del.mutateAsync(calendar.id)),
    });
  return (
    <Stack gap="md" pt="md">
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="sm">
          Setari
        </Title>
        <CalendarForm calendar={calendar} />
      </Card>
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="sm">
          Program saptamanal
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
            ? `${calendar.appointments} programari folosesc acest calendar; nu poate fi sters.`
            : 'Nici o programare in acest calendar.'}
        </Text>
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} />}
          disabled={calendar.appointments > 0}
          onClick={confirmDelete}
        >
          Sterge calendarul
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
        <Title order={1}>Calendare si program</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={add.open}>
          Adauga calendar
        </Button>
      </Group>
      {calendars.isPending ? (
        <PageLoader />
      ) : list.length === 0 ? (
        <Text c="dimmed">Nici un calendar. Adaugati primul calendar.</Text>
      ) : (
        <Tabs value={current ? String(current.id) : null} onChange={setActive} keepMounted={false}>
          <Tabs.List>
            {list.map((c) => (
              <Tabs.Tab
                key={c.id}
                value={String(c.id)}
                rightSection={
                  c.publicRequests ? (
                    <Badge size="xs" leftSection={<IconWorld size={10} />} variant="light">
                      public
                    </Badge>
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
