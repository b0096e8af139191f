/**
 * /app/admin/outbox: the messages the application sends (e-mail and SMS), their state and
 * why one was not sent; a queued or failed one can be sent again at once or cancelled. The
 * recipient is masked and no body or attachment reaches the browser.
 */
import 'mantine-datatable/styles.css';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../../domain/api';
import { formatDateTime } from '../../../domain/dates';
import {
  OUTBOX_CHANNEL_LABELS,
  OUTBOX_CHANNELS,
  OUTBOX_STATE_LABELS,
  OUTBOX_STATES,
  type OutboxChannel,
  type OutboxFilters,
  type OutboxRow,
  type OutboxState,
  smsBudgetNotice,
} from '../../../domain/outbox';
import { withNotify } from '../../lib/notify';
import { serverPaging } from '../../lib/server-paging';
import { type OutboxAction, useOutbox, useOutboxAction, useOutboxSummary } from './api';

const STATE_COLORS: Record<OutboxState, string> = {
  pending: 'blue',
  sending: 'cyan',
  sent: 'teal',
  failed: 'red',
  cancelled: 'gray',
};

const isState = (v: string | null): v is OutboxState =>
  (OUTBOX_STATES as readonly string[]).includes(v ?? '');
const isChannel = (v: string | null): v is OutboxChannel =>
  (OUTBOX_CHANNELS as readonly string[]).includes(v ?? '');

function Actions({ row }: { row: OutboxRow }) {
  const action = useOutboxAction();
  if (row.state !== 'pending' && row.state !== 'failed') return null;
  const run = (a: OutboxAction) => withNotify(() => action.mutateAsync({ id: row.id, action: a }));
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="compact-sm" variant="light" loading={action.isPending} onClick={() => run('retry')}>
        Trimite acum
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        disabled={action.isPending}
        onClick={() => run('cancel')}
      >
        Anulează
      </Button>
    </Group>
  );
}

export default function OutboxPage() {
  const [params, setParams] = useSearchParams();
  const state = params.get('state');
  const channel = params.get('channel');
  const filters: OutboxFilters = {
    ...(isState(state) ? { state } : {}),
    ...(isChannel(channel) ? { channel } : {}),
  };
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(DEFAULT_PAGE_SIZE);
  const outbox = useOutbox(filters, page, perPage);
  const budget = useOutboxSummary(true).data?.sms_budget;

  const set = (key: 'state' | 'channel', value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
    setPage(1);
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Coada de mesaje</Title>
        <Text c="dimmed" size="sm">
          E-mailurile și SMS-urile trimise de aplicație. Destinatarul este mascat, iar conținutul mesajelor nu
          este afișat.
        </Text>
      </div>
      {budget?.reached && (
        <Alert color="orange" title="SMS-urile așteaptă">
          {smsBudgetNotice(budget)} Trimise în ultima oră: {budget.hour.sent} din {budget.hour.limit}; în
          ultimele 24 de ore: {budget.day.sent} din {budget.day.limit}.
        </Alert>
      )}
      <Card withBorder padding="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Select
            label="Stare"
            placeholder="Orice stare"
            clearable
            data={OUTBOX_STATES.map((s) => ({ value: s, label: OUTBOX_STATE_LABELS[s] }))}
            value={filters.state ?? null}
            onChange={(v) => set('state', v)}
          />
          <Select
            label="Canal"
            placeholder="Orice canal"
            clearable
            data={OUTBOX_CHANNELS.map((c) => ({ value: c, label: OUTBOX_CHANNEL_LABELS[c] }))}
            value={filters.channel ?? null}
            onChange={(v) => set('channel', v)}
          />
        </SimpleGrid>
      </Card>
      <DataTable<OutboxRow>
        withTableBorder
        borderRadius="sm"
        striped
        minHeight={300}
        fetching={outbox.isFetching}
        records={outbox.data?.data ?? []}
        {...serverPaging({ page, setPage, perPage, setPerPage, total: outbox.data?._meta.total })}
        noRecordsText="Niciun mesaj"
        // Wider than a laptop screen: the scrolling area takes the keyboard focus (WCAG 2.1.1).
        scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': 'Lista mesajelor' } }}
        columns={[
          { accessor: 'createdAt', title: 'Creat', render: (r) => formatDateTime(r.createdAt), noWrap: true },
          {
            accessor: 'channel',
            title: 'Canal',
            render: (r) => OUTBOX_CHANNEL_LABELS[r.channel as OutboxChannel] ?? r.channel,
          },
          { accessor: 'recipient', title: 'Destinatar', noWrap: true },
          { accessor: 'subject', title: 'Subiect' },
          {
            accessor: 'state',
            title: 'Stare',
            render: (r) => (
              <Badge color={STATE_COLORS[r.state as OutboxState] ?? 'gray'} variant="dot">
                {OUTBOX_STATE_LABELS[r.state as OutboxState] ?? r.state}
              </Badge>
            ),
          },
          { accessor: 'attempts', title: 'Încercări', textAlign: 'right' },
          {
            accessor: 'lastError',
            title: 'Ultima eroare',
            render: (r) =>
              r.lastError ? (
                <Tooltip label={r.lastError} multiline maw={400}>
                  <Text size="xs" c="red.9" lineClamp={2} maw={260}>
                    {r.lastError}
                  </Text>
                </Tooltip>
              ) : null,
          },
          {
            accessor: 'nextAttemptAt',
            title: 'Următoarea încercare',
            render: (r) => (r.nextAttemptAt ? formatDateTime(r.nextAttemptAt) : ''),
            noWrap: true,
          },
          {
            accessor: 'sentAt',
            title: 'Trimis',
            render: (r) => (r.sentAt ? formatDateTime(r.sentAt) : ''),
            noWrap: true,
          },
          { accessor: 'actions', title: '', render: (r) => <Actions row={r} /> },
        ]}
      />
    </Stack>
  );
}
