/** A calendar's unavailable days: single days or ranges, with a reason (e.g. a public holiday). */
import { ActionIcon, Button, SimpleGrid, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { type AdminCalendar, unavailableDaysSchema } from '../../../domain/admin';
import { clinicToday, formatDay } from '../../../domain/dates';
import { withNotify } from '../../lib/notify';
import { useAddUnavailableDays, useDeleteUnavailableDays } from './api';

type Range = [string | null, string | null];

export function UnavailableDaysEditor({ calendar }: { calendar: AdminCalendar }) {
  const add = useAddUnavailableDays();
  const remove = useDeleteUnavailableDays();
  const [range, setRange] = useState<Range>([null, null]);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [showPast, setShowPast] = useState(false);

  const submit = async () => {
    const [from, to] = range;
    // One click on a single day leaves the end empty: that day alone.
    const parsed = unavailableDaysSchema.safeParse({ from: from ?? '', to: to ?? from ?? '', reason });
    if (!parsed.success) {
      setError(from ? parsed.error.issues[0].message : 'Alegeți ziua sau intervalul.');
      return;
    }
    setError(undefined);
    const ok = await withNotify(() => add.mutateAsync({ calendarId: calendar.id, ...parsed.data }));
    if (ok) {
      setRange([null, null]);
      setReason('');
    }
  };

  const today = clinicToday(new Date());
  const past = calendar.unavailableDays.filter((d) => d.to < today).length;
  const rows = calendar.unavailableDays
    .filter((d) => showPast || d.to >= today)
    .sort((a, b) => a.from.localeCompare(b.from));
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" style={{ alignItems: 'end' }}>
        <DatePickerInput
          type="range"
          allowSingleDateInRange
          label="Zi sau interval"
          placeholder="Alegeți zilele"
          valueFormat="DD.MM.YYYY"
          value={range}
          onChange={(v) =>
            setRange([v[0] ? String(v[0]).slice(0, 10) : null, v[1] ? String(v[1]).slice(0, 10) : null])
          }
          error={error}
          clearable
        />
        <TextInput
          label="Motiv"
          placeholder="ex. Sărbătoare legală"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={200}
        />
        <Button onClick={submit} loading={add.isPending}>
          Adaugă zile indisponibile
        </Button>
      </SimpleGrid>
      {past > 0 && (
        <Switch
          size="xs"
          label={`Arată și zilele trecute (${past})`}
          checked={showPast}
          onChange={(e) => setShowPast(e.currentTarget.checked)}
        />
      )}
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nici o zi indisponibilă.
        </Text>
      ) : (
        <Table striped withTableBorder verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Perioada</Table.Th>
              <Table.Th>Motiv</Table.Th>
              <Table.Th w={60}>
                <Text size="xs" c="dimmed">
                  Șterge
                </Text>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>
                  {d.from === d.to ? formatDay(d.from) : `${formatDay(d.from)} - ${formatDay(d.to)}`}
                </Table.Td>
                <Table.Td>{d.reason ?? ''}</Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Șterge ${formatDay(d.from)}`}
                    onClick={() =>
                      withNotify(() => remove.mutateAsync({ calendarId: calendar.id, id: d.id }))
                    }
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
