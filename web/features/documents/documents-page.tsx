/** /app/docs/documents (SPEC §2 "Documents area"). */
import 'mantine-datatable/styles.css';
import { Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useEffect, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '../../../domain/api';
import { formatDay } from '../../../domain/dates';
import {
  DOCUMENT_STATUS_LABELS,
  DOCUMENT_STATUSES,
  type DocumentFilters,
  type DocumentItem,
  type DocumentStatus,
} from '../../../domain/documents';
import { pickerLabel } from '../../../domain/privacy';
import { cnpInput } from '../../../domain/validation/cnp';
import { serverPaging } from '../../lib/server-paging';
import { ClinicModal } from '../../ui/clinic-modal';
import { useDocumentPatients, useDocuments } from './api';
import { DeleteDocumentButton, DocumentStatusMenu } from './document-actions';
import { DocumentIcon } from './document-icon';
import { openOrWarn } from './document-list';
import classes from './documents.module.css';
import { UploadForm } from './upload-form';

function Filters({
  filters,
  onChange,
}: {
  filters: DocumentFilters;
  onChange: (f: DocumentFilters) => void;
}) {
  const set = (patch: Partial<DocumentFilters>) => onChange({ ...filters, ...patch });
  const [cnp, setCnp] = useState(filters.cnp ?? '');
  const [debouncedCnp] = useDebouncedValue(cnp.replace(/\D/g, ''), 300);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const patients = useDocumentPatients(debouncedSearch);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed CNP drives this
  useEffect(() => {
    if ((debouncedCnp || undefined) !== (filters.cnp ?? undefined)) set({ cnp: debouncedCnp || undefined });
  }, [debouncedCnp]);

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      <DatePickerInput
        label="Data încărcării"
        placeholder="Orice dată"
        classNames={{ placeholder: classes.placeholder }}
        valueFormat="DD.MM.YYYY"
        clearable
        clearButtonProps={{ 'aria-label': 'Șterge data' }}
        value={filters.created_at ?? null}
        onChange={(v) => set({ created_at: v ? String(v).slice(0, 10) : undefined })}
      />
      <Select
        label="Status"
        placeholder="Toate"
        clearable
        clearButtonProps={{ 'aria-label': 'Șterge statusul' }}
        data={DOCUMENT_STATUSES.map((s) => ({ value: s, label: DOCUMENT_STATUS_LABELS[s] }))}
        value={filters.status ?? null}
        onChange={(v) => set({ status: (v as DocumentStatus | null) ?? undefined })}
      />
      <Select
        label="Pacient"
        placeholder="Toți pacienții"
        searchable
        clearable
        clearButtonProps={{ 'aria-label': 'Șterge pacientul' }}
        data={(patients.data?.data ?? []).map((p) => ({ value: String(p.id), label: pickerLabel(p) }))}
        value={filters.patient_id ? String(filters.patient_id) : null}
        onChange={(v) => set({ patient_id: v ? Number(v) : undefined })}
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options }) => options}
        nothingFoundMessage="Nici un pacient găsit"
      />
      <TextInput
        label="CNP"
        placeholder="CNP"
        inputMode="numeric"
        value={cnp}
        onChange={(e) => setCnp(cnpInput(e.currentTarget.value))}
      />
    </SimpleGrid>
  );
}

export default function DocumentsPage() {
  const [filters, setFilters] = useState<DocumentFilters>({});
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(DEFAULT_PAGE_SIZE);
  const [adding, addModal] = useDisclosure(false);
  const [uploaded, setUploaded] = useState(false);
  const list = useDocuments(filters, page, perPage);

  // SPEC §4: the success flag resets when the modal opens and closes the modal when it is set.
  // Reset in the same event as opening, so a flag left from the last upload cannot close it again.
  const openAdd = () => {
    setUploaded(false);
    addModal.open();
  };
  const { close: closeAdd } = addModal;
  useEffect(() => {
    if (uploaded) closeAdd();
  }, [uploaded, closeAdd]);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Documente</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={openAdd}>
          Add new
        </Button>
      </Group>
      <Card withBorder padding="md">
        <Filters
          filters={filters}
          onChange={(f) => {
            setFilters(f);
            setPage(1);
          }}
        />
      </Card>
      <DataTable<DocumentItem>
        withTableBorder
        borderRadius="sm"
        highlightOnHover
        striped
        minHeight={420}
        fetching={list.isFetching}
        records={list.data?.documents ?? []}
        {...serverPaging({ page, setPage, perPage, setPerPage, total: list.data?._meta.total })}
        noRecordsText="Nu s-a găsit nici un document"
        onRowClick={({ record }) => openOrWarn(record.id)}
        columns={[
          {
            accessor: 'title',
            title: 'Document',
            render: (d) => (
              <Group gap="sm" wrap="nowrap">
                <DocumentIcon type={d.type} />
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate>
                    {d.title}
                  </Text>
                  <Text size="xs" className={classes.meta} truncate>
                    {d.filename}
                  </Text>
                </div>
              </Group>
            ),
          },
          { accessor: 'created_at', title: 'Data încărcării', render: (d) => formatDay(d.created_at) },
          { accessor: 'patient', title: 'Pacient' },
          { accessor: 'pid', title: 'CNP' },
          { accessor: 'status', title: 'Status', render: (d) => <DocumentStatusMenu doc={d} /> },
          {
            accessor: 'actions',
            title: 'Acțiuni',
            textAlign: 'right',
            render: (d) => <DeleteDocumentButton doc={d} />,
          },
        ]}
      />
      <ClinicModal opened={adding} onClose={addModal.close} title="Document nou" size="lg">
        <UploadForm onUploaded={() => setUploaded(true)} />
      </ClinicModal>
    </Stack>
  );
}
