/** /app/admin/audit: who read or changed what, filtered, paginated, exportable to CSV. */
import 'mantine-datatable/styles.css';
import {
  Anchor,
  Button,
  Card,
  Code,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { AUDIT_ENTITY_LABELS, type AuditFilters, type AuditRow } from '../../../domain/admin';
import { DEFAULT_PAGE_SIZE } from '../../../domain/api';
import { auditActionLabel } from '../../../domain/audit';
import { formatDateTime } from '../../../domain/dates';
import { serverPaging } from '../../lib/server-paging';
import { DateRangeField } from '../../ui/date-range-field';
import { auditExportUrl, useAudit, useAuditActions, useStaff } from './api';

const actionLabel = auditActionLabel;

function Filters({ filters, onChange }: { filters: AuditFilters; onChange: (f: AuditFilters) => void }) {
  const staff = useStaff();
  const actions = useAuditActions();
  const [patient, setPatient] = useState<string | number>(filters.patientId ?? '');
  const [debouncedPatient] = useDebouncedValue(patient, 300);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed patient id drives this
  useEffect(() => {
    const id = typeof debouncedPatient === 'number' && debouncedPatient > 0 ? debouncedPatient : undefined;
    if (id !== filters.patientId) onChange({ ...filters, patientId: id });
  }, [debouncedPatient]);
  const set = (patch: Partial<AuditFilters>) => onChange({ ...filters, ...patch });

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      <Select
        label="Persoana"
        placeholder="Oricine"
        searchable
        clearable
        data={(staff.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.email})` }))}
        value={filters.actorId ?? null}
        onChange={(v) => set({ actorId: v ?? undefined })}
      />
      <NumberInput
        label="ID pacient"
        placeholder="Orice pacient"
        min={1}
        allowDecimal={false}
        allowNegative={false}
        value={patient}
        onChange={setPatient}
      />
      <Select
        label="Acțiune"
        placeholder="Orice acțiune"
        searchable
        clearable
        data={(actions.data ?? []).map((a) => ({
          value: a,
          label: actionLabel(a) === a ? a : `${actionLabel(a)} (${a})`,
        }))}
        value={filters.action ?? null}
        onChange={(v) => set({ action: v ?? undefined })}
      />
      <DateRangeField
        label="Perioada"
        placeholder="Oricând"
        clearable
        from={filters.from}
        to={filters.to}
        onChange={(from, to) => set({ from: from ?? undefined, to: to ?? undefined })}
      />
    </SimpleGrid>
  );
}

function Details({ value }: { value: unknown }) {
  if (value === null || value === undefined) return null;
  const text = JSON.stringify(value);
  return (
    <Code
      title={text}
      style={{
        whiteSpace: 'nowrap',
        maxWidth: 320,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        display: 'block',
      }}
    >
      {text}
    </Code>
  );
}

export default function AuditPage() {
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(DEFAULT_PAGE_SIZE);
  const audit = useAudit(filters, page, perPage);

  const change = (f: AuditFilters) => {
    setFilters(Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as AuditFilters);
    setPage(1);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Jurnal de audit</Title>
        <Button
          component="a"
          href={auditExportUrl(filters)}
          download
          variant="light"
          leftSection={<IconDownload size={16} />}
        >
          Exporta CSV
        </Button>
      </Group>
      <Card withBorder padding="md">
        <Filters filters={filters} onChange={change} />
      </Card>
      <DataTable<AuditRow>
        withTableBorder
        borderRadius="sm"
        striped
        minHeight={400}
        fetching={audit.isFetching}
        records={audit.data?.data ?? []}
        {...serverPaging({ page, setPage, perPage, setPerPage, total: audit.data?._meta.total })}
        noRecordsText="Nici un eveniment"
        columns={[
          { accessor: 'at', title: 'Data și ora', render: (r) => formatDateTime(r.at), noWrap: true },
          {
            accessor: 'actorName',
            title: 'Persoana',
            render: (r) =>
              r.actorId ? (
                <Stack gap={0}>
                  <Text size="sm">{r.actorName ?? r.actorId}</Text>
                  <Text size="xs" c="dimmed">
                    {r.actorEmail}
                  </Text>
                </Stack>
              ) : (
                <Text size="sm" c="dimmed">
                  public / sistem
                </Text>
              ),
          },
          {
            accessor: 'action',
            title: 'Acțiune',
            render: (r) => (
              <Stack gap={0}>
                <Text size="sm">{actionLabel(r.action)}</Text>
                <Text size="xs" c="dimmed">
                  {r.action}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'entityType',
            title: 'Obiect',
            render: (r) =>
              r.entityType
                ? `${AUDIT_ENTITY_LABELS[r.entityType] ?? r.entityType}${r.entityId ? ` #${r.entityId}` : ''}`
                : '',
          },
          {
            accessor: 'patientId',
            title: 'Pacient',
            render: (r) =>
              r.patientId ? (
                <Anchor component={Link} to={`/app/patients/${r.patientId}`} size="sm">
                  {r.patientName ?? `#${r.patientId}`}
                </Anchor>
              ) : null,
          },
          { accessor: 'ip', title: 'IP' },
          { accessor: 'details', title: 'Detalii', render: (r) => <Details value={r.details} /> },
        ]}
      />
    </Stack>
  );
}
