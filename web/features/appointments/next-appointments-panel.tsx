import { Anchor, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { NextAppointment } from '../../../domain/appointment-replies';
import { clinicToday, formatDay } from '../../../domain/dates';
import { MutedText } from '../../ui/muted';
import { LiveClock } from './live-clock';

/** Side panel of the list: the clinic clock and the next appointments, each a link. */
export function NextAppointmentsPanel({ items }: { items: NextAppointment[] }) {
  const today = clinicToday(new Date());
  return (
    <Card withBorder padding="md" component="aside" aria-label="Următoarele programări">
      <LiveClock />
      <Divider my="md" />
      <Title order={2} size="h5" mb="xs">
        Următoarele programări
      </Title>
      {items.length === 0 ? (
        <MutedText size="sm">Nu sunt programări viitoare.</MutedText>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((a) => (
            <Group key={a.id} component="li" gap="sm" wrap="nowrap" align="baseline">
              <Text size="sm" fw={700} ff="monospace" w={46}>
                {a.time}
              </Text>
              <div style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`/app/appointments/${a.id}`} size="sm" lineClamp={1}>
                  {a.patient}
                </Anchor>
                <MutedText size="xs">{a.date === today ? 'Astăzi' : formatDay(a.date)}</MutedText>
              </div>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
