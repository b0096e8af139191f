/**
 * A calendar's weekly availability: each entry is one bookable interval (DESIGN §6). An interval
 * typed with a split length becomes several consecutive entries, the usual way a morning of
 * 30-minute consultations is entered.
 */
import { Badge, Button, CloseButton, Group, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import {
  type AdminCalendar,
  type AvailabilityInput,
  availabilitySchema,
  splitInterval,
  WEEKDAY_LABELS,
  WEEKDAY_ORDER,
} from '../../../domain/admin';
import { notifyError, notifySuccess, withNotify } from '../../lib/notify';
import { useDeleteAvailability, useSaveAvailability } from './api';

const SPLITS = [
  { value: '0', label: 'Un singur interval' },
  { value: '15', label: 'Intervale de 15 minute' },
  { value: '20', label: 'Intervale de 20 minute' },
  { value: '30', label: 'Intervale de 30 minute' },
  { value: '60', label: 'Intervale de 60 minute' },
];

export function AvailabilityEditor({ calendar }: { calendar: AdminCalendar }) {
  const save = useSaveAvailability();
  const remove = useDeleteAvailability();
  const form = useForm<AvailabilityInput>({
    mode: 'controlled',
    initialValues: { weekday: 1, from: '09:00', to: '09:30' },
    validate: schemaResolver(availabilitySchema, { sync: true }),
  });
  // How the interval is cut into entries: a choice of the editor, not a field of the entry.
  const [split, setSplit] = useState<string | null>('0');

  const add = form.onSubmit(async (values) => {
    const pieces = splitInterval(values.from, values.to, Number(split));
    let added = 0;
    for (const p of pieces) {
      try {
        await save.mutateAsync({ calendarId: calendar.id, weekday: values.weekday, ...p });
        added++;
      } catch (err) {
        notifyError(err);
        break;
      }
    }
    if (added)
      notifySuccess(added === 1 ? 'Intervalul a fost adăugat.' : `Au fost adăugate ${added} intervale.`);
  });

  return (
    <Stack gap="sm">
      <Table withTableBorder withColumnBorders verticalSpacing="xs">
        <Table.Tbody>
          {WEEKDAY_ORDER.map((wd) => {
            const entries = calendar.availability.filter((a) => a.weekday === wd);
            return (
              <Table.Tr key={wd}>
                <Table.Th w={110}>{WEEKDAY_LABELS[wd]}</Table.Th>
                <Table.Td>
                  {entries.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      Închis
                    </Text>
                  ) : (
                    <Group gap={6}>
                      {entries.map((e) => (
                        <Badge
                          key={e.id}
                          variant="light"
                          size="lg"
                          radius="sm"
                          rightSection={
                            <CloseButton
                              size="xs"
                              aria-label={`Șterge intervalul ${WEEKDAY_LABELS[wd]} ${e.from}-${e.to}`}
                              onClick={() =>
                                withNotify(() => remove.mutateAsync({ calendarId: calendar.id, id: e.id }))
                              }
                            />
                          }
                        >
                          {e.from}-{e.to}
                        </Badge>
                      ))}
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }} spacing="sm" style={{ alignItems: 'end' }}>
        <Select
          label="Ziua"
          data={WEEKDAY_ORDER.map((wd) => ({ value: String(wd), label: WEEKDAY_LABELS[wd] }))}
          value={String(form.values.weekday)}
          onChange={(v) => form.setFieldValue('weekday', Number(v))}
          allowDeselect={false}
          error={form.errors.weekday}
        />
        <TimePicker
          label="De la"
          format="24h"
          hoursInputLabel="De la, ora"
          minutesInputLabel="De la, minutul"
          value={form.values.from}
          onChange={(v) => form.setFieldValue('from', v.slice(0, 5))}
          error={form.errors.from}
        />
        <TimePicker
          label="Până la"
          format="24h"
          hoursInputLabel="Până la, ora"
          minutesInputLabel="Până la, minutul"
          value={form.values.to}
          onChange={(v) => form.setFieldValue('to', v.slice(0, 5))}
          error={form.errors.to}
        />
        <Select label="Împărțire" data={SPLITS} value={split} onChange={setSplit} allowDeselect={false} />
        <Button onClick={() => add()} loading={save.isPending}>
          Adaugă interval
        </Button>
      </SimpleGrid>
    </Stack>
  );
}
