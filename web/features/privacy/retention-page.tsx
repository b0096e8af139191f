/**
 * /app/admin/privacy (superadmins): patients whose last contact is older than the retention period
 * (RETENTION_YEARS), for the archive's review, and the consent text versions. Nothing here deletes
 * anything by itself.
 */
import { Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../../domain/api';
import { formatDateTime, formatDay } from '../../../domain/dates';
import type { RetentionItem } from '../../../domain/privacy';
import { serverPaging } from '../../lib/server-paging';
import { useRetentionDue } from './api';
import { ConsentTextsSection } from './consent-texts-section';

export default function RetentionPage() {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(DEFAULT_PAGE_SIZE);
  const due = useRetentionDue(page, perPage);
  const info = due.data;
  return (
    <Stack gap="lg">
      <Title order={1}>Protecția datelor</Title>
      <Stack gap="xs" component="section" aria-labelledby="retention-title">
        <Title order={2} size="h4" id="retention-title">
          Dosare cu termenul de păstrare depășit
        </Title>
        <Text size="sm">
          {info
            ? `Pacienți fără niciun contact (programare, consultație, document) de cel puțin ${info.retention_years} ani, adică înainte de ${formatDay(info.cutoff)}.`
            : 'Pacienți fără niciun contact în perioada de păstrare.'}{' '}
          Nimic nu se șterge automat: fiecare dosar se revizuiește conform regulilor de arhivare.
        </Text>
        {due.error && <Text c="red">{due.error.message}</Text>}
        <DataTable<RetentionItem>
          withTableBorder
          borderRadius="sm"
          striped
          minHeight={240}
          fetching={due.isFetching}
          records={info?.data ?? []}
          {...serverPaging({ page, setPage, perPage, setPerPage, total: info?._meta.total })}
          noRecordsText="Niciun dosar de revizuit"
          columns={[
            {
              accessor: 'patient',
              title: 'Pacient',
              render: (r) => (
                <Anchor component={Link} to={`/app/patients/${r.id}`} size="sm">
                  {r.patient}
                </Anchor>
              ),
            },
            { accessor: 'cnp', title: 'CNP', noWrap: true },
            { accessor: 'last_contact', title: 'Ultimul contact', render: (r) => formatDay(r.last_contact) },
            {
              accessor: 'anonymised_at',
              title: 'Stare',
              render: (r) =>
                r.anonymised_at ? (
                  <Badge color="gray.7" variant="filled" title={formatDateTime(r.anonymised_at)}>
                    Anonimizat
                  </Badge>
                ) : (
                  <Badge color="blue.9" variant="filled">
                    De revizuit
                  </Badge>
                ),
            },
          ]}
        />
      </Stack>
      <ConsentTextsSection />
    </Stack>
  );
}
