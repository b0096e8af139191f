/** /app/patients (SPEC §2 "Patient list"): server-side filters and pages, 'Add patient' panel. */
import 'mantine-datatable/styles.css';
import { Anchor, Button, Card, Group, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconShieldCheck, IconX } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../../domain/api';
import { BUILTIN_STATUSES, STATUS_LABELS } from '../../../domain/appointments';
import { formatDay, hhmm } from '../../../domain/dates';
import { PATIENT_TEXTS, type PatientFilters, type PatientListItem } from '../../../domain/patients';
import { formatPhone } from '../../../domain/validation/phone';
import { serverPaging } from '../../lib/server-paging';
import { StatusBadge } from '../../ui/status-badge';
import { useAppointmentStatuses, useDoctors } from '../appointments';
import { AddPatientDrawer } from './add-patient-drawer';
import { usePatients } from './api';
import { PatientFiltersBar } from './patient-filters';

export default function PatientListPage() {
  const navigate = useNavigate();
  const [filters, setFilters] = useState<PatientFilters>({});
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(DEFAULT_PAGE_SIZE);
  const [adding, addDrawer] = useDisclosure(false);
  const list = usePatients({ filters, page, perPage });
  // Custom statuses and doctors for the column filters; failures leave the lists empty.
  const statuses = useAppointmentStatuses().data ?? [];
  const doctors = useDoctors().data ?? [];
  const tableRef = useRef<HTMLDivElement>(null);

  // mantine-datatable's header filter buttons have no accessible name: give them one.
  useEffect(() => {
    for (const th of tableRef.current?.querySelectorAll('th') ?? []) {
      const button = th.querySelector('.mantine-datatable-header-cell-filter-action-icon');
      if (button) button.setAttribute('aria-label', `Filtrează: ${th.textContent?.trim() ?? ''}`);
    }
  });

  // Any filter change goes back to the first page (SPEC §4); empty values are left out.
  const patch = (p: Partial<PatientFilters>) => {
    const next = { ...filters, ...p } as Record<string, unknown>;
    for (const k of Object.keys(next)) if (next[k] === undefined || next[k] === '') delete next[k];
    setFilters(next as PatientFilters);
    setPage(1);
  };

  const statusData = [
    ...BUILTIN_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
    ...statuses.map((s) => ({ value: String(s.id), label: s.title })),
  ];
  const statusValue = filters.status === undefined ? null : String(filters.status);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Pacienți</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={addDrawer.open}>
          Adaugă pacient
        </Button>
      </Group>
      <Card withBorder padding="md">
        <PatientFiltersBar filters={filters} onChange={patch} />
      </Card>
      <div ref={tableRef}>
        <DataTable<PatientListItem>
          withTableBorder
          borderRadius="sm"
          highlightOnHover
          striped
          minHeight={480}
          fetching={list.isFetching}
          records={list.data?.patients ?? []}
          {...serverPaging({ page, setPage, perPage, setPerPage, total: list.data?._meta.total })}
          noRecordsText={PATIENT_TEXTS.emptyList}
          onRowClick={({ record }) => navigate(`/app/patients/${record.id}`)}
          columns={[
            {
              accessor: 'patient',
              title: 'Pacient',
              render: (p) => (
                <Group gap={6} wrap="nowrap">
                  <Anchor component={Link} to={`/app/patients/${p.id}`} onClick={(e) => e.stopPropagation()}>
                    {p.patient}
                  </Anchor>
                  {p.covid_vaccine === 1 && (
                    <Tooltip label="Vaccinat">
                      <IconShieldCheck
                        size={16}
                        color="var(--mantine-color-green-7)"
                        aria-label="Vaccinat"
                        role="img"
                      />
                    </Tooltip>
                  )}
                </Group>
              ),
            },
            {
              accessor: 'doctor',
              title: 'Medic',
              render: (p) => p.doctor ?? '-',
              filtering: Boolean(filters.doctor),
              filter: (
                <Select
                  label="Medic"
                  placeholder="Toți medicii"
                  clearable
                  data={doctors.map((d) => ({ value: d.id, label: d.name }))}
                  value={filters.doctor ?? null}
                  onChange={(v) => patch({ doctor: v ?? undefined })}
                  comboboxProps={{ withinPortal: false }}
                />
              ),
            },
            {
              accessor: 'appointment_date',
              title: 'Data programării',
              render: (p) =>
                p.appointment_date ? (
                  <Text size="sm" span>
                    {formatDay(p.appointment_date)} {hhmm(p.appointment_time)}
                  </Text>
                ) : (
                  '-'
                ),
              filtering: Boolean(filters.appointment_date),
              filter: ({ close }) => (
                <Stack gap="xs">
                  <DatePicker
                    previousLabel="Luna anterioară"
                    nextLabel="Luna următoare"
                    value={filters.appointment_date ?? null}
                    onChange={(v) => {
                      patch({ appointment_date: v ? String(v).slice(0, 10) : undefined });
                      close();
                    }}
                  />
                  <Button
                    variant="default"
                    size="xs"
                    leftSection={<IconX size={14} />}
                    disabled={!filters.appointment_date}
                    onClick={() => {
                      patch({ appointment_date: undefined });
                      close();
                    }}
                  >
                    Șterge filtrul
                  </Button>
                </Stack>
              ),
            },
            {
              accessor: 'appointment_status',
              title: 'Status',
              render: (p) => <StatusBadge status={p.appointment_status} apstatus={p.apstatus} />,
              filtering: filters.status !== undefined,
              filter: (
                <Select
                  label="Status"
                  placeholder="Toate statusurile"
                  clearable
                  data={statusData}
                  value={statusValue}
                  onChange={(v) =>
                    patch({
                      status:
                        v === null
                          ? undefined
                          : /^\d+$/.test(v)
                            ? Number(v)
                            : (v as PatientFilters['status']),
                    })
                  }
                  comboboxProps={{ withinPortal: false }}
                />
              ),
            },
            { accessor: 'cnp', title: 'CNP' },
            { accessor: 'patient_phone', title: 'Telefon', render: (p) => formatPhone(p.patient_phone) },
          ]}
        />
      </div>
      <AddPatientDrawer opened={adding} onClose={addDrawer.close} />
    </Stack>
  );
}
