import { Anchor, Box, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DASHBOARD_MESSAGES, LATEST_APPOINTMENTS, type LastAppointment } from '../../../domain/dashboard';
import { formatDay } from '../../../domain/dates';
import { formatPhone } from '../../../domain/validation/phone';
import { TextPlaceholder } from './text-placeholder';

const rowStyle = { borderBottom: '1px solid var(--mantine-color-default-border)' };

/**
 * The pending appointments to come, nearest first, each row a link to its appointment (SPEC §2).
 * While they load, as many placeholder rows as the server sends, of the same height, so the
 * page below does not move when they arrive (Lighthouse's layout shift, issue 17).
 */
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
        <Stack gap={0} role="status" aria-label="Se încarcă programările în așteptare">
          {Array.from({ length: LATEST_APPOINTMENTS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders, fixed in number and never reordered
            <Box key={i} py={8} px={4} style={rowStyle} aria-hidden>
              <RowText
                name={<TextPlaceholder w="55%" />}
                detail={<TextPlaceholder w="40%" />}
                date={<TextPlaceholder w={80} />}
                time={<TextPlaceholder w={40} />}
              />
            </Box>
          ))}
        </Stack>
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
              style={rowStyle}
            >
              <RowText
                name={r.patient}
                detail={`${formatPhone(r.patient_phone) || r.patient_email || ''}${r.doctor ? ` · ${r.doctor}` : ''}`}
                date={formatDay(r.date)}
                time={r.time}
              />
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** One row's text: the same lines, sizes and line heights for a row and its placeholder. */
function RowText({ name, detail, date, time }: Record<'name' | 'detail' | 'date' | 'time', ReactNode>) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <div style={{ minWidth: 0, flex: 1 }}>
        <Anchor component="span" fw={600} size="sm" truncate="end" display="block">
          {name}
        </Anchor>
        <Text size="xs" c="dimmed" truncate="end">
          {detail}
        </Text>
      </div>
      <div style={{ textAlign: 'right', flexShrink: 0 }}>
        <Text size="sm">{date}</Text>
        <Text size="xs" c="dimmed">
          {time}
        </Text>
      </div>
    </Group>
  );
}
