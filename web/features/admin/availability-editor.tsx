/**
 * A calendar's weekly availability: each entry is one bookable interval (DESIGN §6). An interval
 * typed with a split length becomes several consecutive entries, the usual way a morning of
 * 30-minute consultations is entered.
 */
import { Badge, Button, CloseButton, Group, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import { useState } from 'react';
import {
  type AdminCalendar,
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
  const [weekday, setWeekday] = useState<string | null>('1');
  const [from, setFrom] = useState('09:00');
  const [to, setTo] = useState('09:30');
  const [split, setSplit] = useState<string | null>('0');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const add = async () => {
    const parsed = availabilitySchema.safeParse({ weekday: Number(weekday), from, to });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    const pieces = splitInterval(parsed.data.from, parsed.data.to, Number(split));
    let added = 0;
    for (const p of pieces) {
      try {
        await save.mutateAsync({ calendarId: calendar.id, weekday: parsed.data.weekday, ...p });
        added++;
      } catch (err) {
        notifyError(err);
        break;
      }
    }
    if (added)
      notifySuccess(added === 1 ? 'Intervalul a fost adăugat.' : `Au fost adăugate ${added} intervale.`);
  };

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
          value={weekday}
          onChange={setWeekday}
          allowDeselect={false}
          error={errors.weekday}
        />
        <TimePicker
          label="De la"
          format="24h"
          hoursInputLabel="De la, ora"
          minutesInputLabel="De la, minutul"
          value={from}
          onChange={(v) => setFrom(v.slice(0, 5))}
          error={errors.from}
        />
        <TimePicker
          label="Până la"
          format="24h"
          hoursInputLabel="Până la, ora"
          minutesInputLabel="Până la, minutul"
          value={to}
          onChange={(v) => setTo(v.slice(0, 5))}
          error={errors.to}
        />
        <Select label="Împărțire" data={SPLITS} value={split} onChange={setSplit} allowDeselect={false} />
        <Button onClick={add} loading={save.isPending}>
          Adaugă interval
        </Button>
      </SimpleGrid>
    </Stack>
  );
}
