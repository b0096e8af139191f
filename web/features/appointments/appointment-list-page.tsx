/** /app/appointments (SPEC §2 "Appointment list"). */
import 'mantine-datatable/styles.css';
import { Anchor, Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../../domain/api';
import type { AppointmentRow } from '../../../domain/appointment-replies';
import type { AppointmentFilters } from '../../../domain/appointments';
import { formatDay } from '../../../domain/dates';
import { formatPhone } from '../../../domain/validation/phone';
import { serverPaging } from '../../lib/server-paging';
import { StatusBadge } from '../../ui/status-badge';
import { useAppointments } from './api';
import { AppointmentFiltersBar } from './appointment-filters';
import { NewAppointmentModal } from './new-appointment-modal';
import { NextAppointmentsPanel } from './next-appointments-panel';
import { PatientFlags } from './patient-flags';
import { SpamBar } from './spam-bar';

export default function AppointmentListPage() {
  const navigate = useNavigate();
  // The dashboard links here with ?termen=48: the requests close to the 48-hour promise.
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<AppointmentFilters>(() =>
    params.get('termen') === '48' ? { near_deadline: true } : {},
  );
  const [hideOlder, setHideOlder] = useState(true);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(DEFAULT_PAGE_SIZE);
  const [adding, addModal] = useDisclosure(false);
  const list = useAppointments({ filters, page, perPage, hideOlder });
  // Unanswered public requests staff may mark as spam (issue 20 §2); kept across pages.
  const [selected, setSelected] = useState<AppointmentRow[]>([]);

  // Any filter change goes back to the first page (SPEC §4).
  const changeFilters = (f: AppointmentFilters) => {
    setFilters(f);
    setPage(1);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Programări</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={addModal.open}>
          Adaugă programare
        </Button>
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 9 }}>
          <Card withBorder padding="md">
            <AppointmentFiltersBar
              filters={filters}
              onChange={changeFilters}
              hideOlder={hideOlder}
              onHideOlderChange={(v) => {
                setHideOlder(v);
                setPage(1);
              }}
            />
          </Card>
          <SpamBar ids={selected.map((a) => a.id)} onDone={() => setSelected([])} />
          <DataTable<AppointmentRow>
            mt="md"
            withTableBorder
            borderRadius="sm"
            highlightOnHover
            striped
            minHeight={420}
            fetching={list.isFetching}
            records={list.data?.appointments ?? []}
            {...serverPaging({ page, setPage, perPage, setPerPage, total: list.data?._meta.total })}
            noRecordsText="Nu s-a găsit nici o programare"
            onRowClick={({ record }) => navigate(`/app/appointments/${record.id}`)}
            selectedRecords={selected}
            onSelectedRecordsChange={setSelected}
            isRecordSelectable={(a) => a.status === 'request'}
            selectionCheckboxProps={{ 'aria-label': 'Selectează cererea' }}
            allRecordsSelectionCheckboxProps={{ 'aria-label': 'Selectează toate cererile de pe pagină' }}
            getRecordSelectionCheckboxProps={(a) => ({ 'aria-label': `Selectează cererea lui ${a.patient}` })}
            columns={[
              {
                accessor: 'patient',
                title: 'Pacient',
                render: (a) => (
                  <Anchor
                    component={Link}
                    to={`/app/appointments/${a.id}`}
                    onClick={(e) => e.stopPropagation()}
                  >
                    {a.patient}
                  </Anchor>
                ),
              },
              { accessor: 'doctor', title: 'Medic', render: (a) => a.doctor ?? '-' },
              {
                accessor: 'selected_date',
                title: 'Data',
                noWrap: true,
                render: (a) =>
                  a.selected_date ? (
                    <Text size="sm" span>
                      {formatDay(a.selected_date)} {a.selected_time ?? ''}
                    </Text>
                  ) : (
                    '-'
                  ),
              },
              {
                accessor: 'status',
                title: 'Status',
                render: (a) => (
                  <Stack gap={4} align="flex-start">
                    <StatusBadge status={a.status} apstatus={a.apstatus} />
                    <PatientFlags appointment={a} />
                  </Stack>
                ),
              },
              { accessor: 'cnp', title: 'CNP', noWrap: true },
              {
                accessor: 'patient_phone',
                title: 'Telefon',
                noWrap: true,
                render: (a) => formatPhone(a.patient_phone),
              },
            ]}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <NextAppointmentsPanel items={list.data?.nextAppointments ?? []} />
        </Grid.Col>
      </Grid>
      <NewAppointmentModal opened={adding} onClose={addModal.close} />
    </Stack>
  );
}
