/** A calendar's waitlist: who waits, since when, for which days, what they were offered; remove. */
import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTime, formatDay } from '../../../domain/dates';
import { OFFER_STATE_LABELS, OFFER_STATES, WAITLIST_MESSAGES } from '../../../domain/waitlist';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useRemoveFromWaitlist, useWaitlist } from './api';

const offerLabel = (state: string) =>
  (OFFER_STATES as readonly string[]).includes(state)
    ? OFFER_STATE_LABELS[state as (typeof OFFER_STATES)[number]]
    : state;

export function WaitlistPanel({ calendarId }: { calendarId: number }) {
  const list = useWaitlist(calendarId);
  const remove = useRemoveFromWaitlist();
  const entries = list.data ?? [];
  return (
    <Stack gap="xs" mt="lg" data-testid={`waitlist-${calendarId}`}>
      <Title order={2} size="h4">
        Lista de așteptare
      </Title>
      {list.isSuccess && entries.length === 0 && (
        <Text size="sm" c="dimmed">
          Nimeni nu așteaptă un loc în acest calendar.
        </Text>
      )}
      {entries.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Pacient</Table.Th>
                <Table.Th>Din</Table.Th>
                <Table.Th>Zile</Table.Th>
                <Table.Th>Oferte</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>
                    {e.patient_name}
                    {e.doctor_name && (
                      <Text size="xs" c="dimmed">
                        cu {e.doctor_name}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{formatDateTime(e.created_at)}</Table.Td>
                  <Table.Td>
                    {formatDay(e.from)} – {formatDay(e.to)}
                  </Table.Td>
                  <Table.Td>
                    {e.offers.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        niciuna
                      </Text>
                    ) : (
                      <Stack gap={2}>
                        {e.offers.map((o) => (
                          <Text key={o.id} size="sm">
                            {formatDay(o.date)} {o.time}: {offerLabel(o.state)}
                          </Text>
                        ))}
                      </Stack>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {e.state === 'booked' ? (
                      <Badge color="teal.9" variant="outline">
                        programat
                      </Badge>
                    ) : (
                      <Group justify="flex-end">
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red.9"
                          loading={remove.isPending && remove.variables === e.id}
                          onClick={() =>
                            remove.mutate(e.id, {
                              onSuccess: () => notifySuccess(WAITLIST_MESSAGES.removed),
                              onError: (err) => notifyError(err),
                            })
                          }
                        >
                          Scoate
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
