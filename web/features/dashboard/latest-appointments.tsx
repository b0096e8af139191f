import { Anchor, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { DASHBOARD_MESSAGES, type LastAppointment } from '../../../domain/dashboard';
import { formatDay } from '../../../domain/dates';
import { formatPhone } from '../../../domain/validation/phone';

/** The pending appointments to come, nearest first, each row a link to its appointment (SPEC §2). */
export function LatestAppointments({
  rows,
  loading,
}: {
  rows: LastAppointment[] | undefined;
  loading: boolean;
}) {
  return (
    <Paper withBorder radius="md" p="md" h="100%">
      <Title order={2} size="h4">
        Programări în așteptare
      </Title>
      <Text size="xs" c="dimmed" mb="sm" data-testid="latest-order">
        După dată și oră, cele mai apropiate întâi
      </Text>
      {loading ? (
        <Text c="dimmed">Se încarcă...</Text>
      ) : !rows || rows.length === 0 ? (
        <Text c="dimmed" data-testid="latest-empty">
          {DASHBOARD_MESSAGES.noPending}
        </Text>
      ) : (
        <Stack gap={0} data-testid="latest-appointments">
          {rows.map((r) => (
            <UnstyledButton
              key={r.id}
              component={Link}
              to={`/app/appointments/${r.id}`}
              py={8}
              px={4}
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Anchor component="span" fw={600} size="sm" truncate="end" display="block">
                    {r.patient}
                  </Anchor>
                  <Text size="xs" c="dimmed" truncate="end">
                    {formatPhone(r.patient_phone) || r.patient_email || ''}
                    {r.doctor ? ` · ${r.doctor}` : ''}
                  </Text>
                </div>
                <div style={{ textAlign: 'right', flexShrink: 0 }}>
                  <Text size="sm">{formatDay(r.date)}</Text>
                  <Text size="xs" c="dimmed">
                    {r.time}
                  </Text>
                </div>
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
