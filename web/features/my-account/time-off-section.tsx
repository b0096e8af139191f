import { Alert, Anchor, Button, Group, List, Paper, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { daysBetween, formatDay } from '../../../domain/dates';
import {
  type AffectedAppointment,
  MY_ACCOUNT_MESSAGES as M,
  type TimeOffPeriod,
} from '../../../domain/my-account';
import { notify } from '../../lib/notify';
import { useTimeOff } from './api';
import { TimeOffModal } from './time-off-modal';

const days = (p: TimeOffPeriod) => daysBetween(p.from, p.to) + 1;

/** The signed-in user's time off (SPEC §2 My account). */
export function TimeOffSection() {
  const periods = useTimeOff();
  const [target, setTarget] = useState<TimeOffPeriod | 'new' | null>(null);
  const [affected, setAffected] = useState<AffectedAppointment[]>([]);

  useEffect(() => {
    if (periods.isError) notify('error', M.failureText, { title: M.loadFailed });
  }, [periods.isError]);

  const rows = periods.data ?? [];
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Concediu
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setTarget('new')}>
          Add new
        </Button>
      </Group>
      {affected.length > 0 && (
        <Alert
          color="yellow"
          title={M.affected}
          mb="md"
          withCloseButton
          onClose={() => setAffected([])}
          data-testid="affected"
        >
          <List size="sm">
            {affected.map((a) => (
              <List.Item key={a.id}>
                <Anchor component={Link} to={`/app/appointments/${a.id}`}>
                  {formatDay(a.date)} {a.time} - {a.patient}
                  {a.calendar ? ` (${a.calendar})` : ''}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {periods.isSuccess && rows.length === 0 ? (
        <Text c="dimmed" data-testid="time-off-empty">
          {M.empty}
        </Text>
      ) : (
        <Table highlightOnHover verticalSpacing="sm" data-testid="time-off-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>De la</Table.Th>
              <Table.Th>Până la</Table.Th>
              <Table.Th>Zile</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p) => (
              <Table.Tr
                key={p.id}
                onClick={() => setTarget(p)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') setTarget(p);
                }}
                tabIndex={0}
                style={{ cursor: 'pointer' }}
                aria-label={`Modifică concediul ${formatDay(p.from)} - ${formatDay(p.to)}`}
              >
                <Table.Td>{formatDay(p.from)}</Table.Td>
                <Table.Td>{formatDay(p.to)}</Table.Td>
                <Table.Td>{days(p)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <TimeOffModal
        target={target}
        onClose={() => setTarget(null)}
        onSaved={(a) => setAffected(a.affectedAppointments)}
      />
    </Paper>
  );
}
