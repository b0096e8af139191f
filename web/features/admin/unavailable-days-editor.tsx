/** A calendar's unavailable days: single days or ranges, with a reason (e.g. a public holiday). */
import { ActionIcon, Button, SimpleGrid, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { type FormErrors, schemaResolver, useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { type AdminCalendar, unavailableDaysSchema } from '../../../domain/admin';
import { clinicToday, formatDay } from '../../../domain/dates';
import { withNotify } from '../../lib/notify';
import { FormDateRangeField } from '../../ui/date-range-field';
import { useAddUnavailableDays, useDeleteUnavailableDays } from './api';

type Values = { from: string; to: string; reason: string };
const EMPTY: Values = { from: '', to: '', reason: '' };

const checkDays = schemaResolver(unavailableDaysSchema, { sync: true });
/** One click on a single day leaves the end empty: that day alone. */
const asPayload = (v: Values) => ({ ...v, to: v.to || v.from });
function validate(v: Values): FormErrors {
  if (!v.from) return { from: 'Alegeți ziua sau intervalul.' };
  return checkDays(asPayload(v));
}

export function UnavailableDaysEditor({ calendar }: { calendar: AdminCalendar }) {
  const add = useAddUnavailableDays();
  const remove = useDeleteUnavailableDays();
  const form = useForm<Values>({ mode: 'controlled', initialValues: EMPTY, validate });
  const [showPast, setShowPast] = useState(false);

  const submit = form.onSubmit(async (values) => {
    const ok = await withNotify(() => add.mutateAsync({ calendarId: calendar.id, ...asPayload(values) }));
    if (ok) form.setValues(EMPTY);
  });

  const today = clinicToday(new Date());
  const past = calendar.unavailableDays.filter((d) => d.to < today).length;
  const rows = calendar.unavailableDays
    .filter((d) => showPast || d.to >= today)
    .sort((a, b) => a.from.localeCompare(b.from));
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" style={{ alignItems: 'end' }}>
        <FormDateRangeField form={form} label="Zi sau interval" placeholder="Alegeți zilele" clearable />
        <TextInput
          label="Motiv"
          placeholder="ex. Sărbătoare legală"
          {...form.getInputProps('reason')}
          maxLength={200}
        />
        <Button onClick={() => submit()} loading={add.isPending}>
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
