import {
  Alert,
  Anchor,
  Badge,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch, IconUserSearch } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { statusLabel } from '../../../domain/appointments';
import { formatDay } from '../../../domain/dates';
import { SEARCH_MAX_LENGTH, SEARCH_MESSAGES, type SearchPatient } from '../../../domain/search';
import { formatPhone } from '../../../domain/validation/phone';
import { useSearch } from './api';

/** /app/pages/search/{text}: patients and their appointments, each a link. */
export default function SearchPage() {
  const { text = '' } = useParams();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(text);
  useEffect(() => setDraft(text), [text]);
  const q = text.trim();
  const search = useSearch(q);
  const results = search.data ?? [];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (draft.trim()) navigate(`/app/pages/search/${encodeURIComponent(draft.trim())}`);
  };

  return (
    <Stack gap="md">
      <Title order={1}>Căutare</Title>
      <form onSubmit={submit}>
        <TextInput
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          placeholder="Nume, CNP, telefon sau e-mail"
          aria-label="Text căutat"
          leftSection={<IconSearch size={16} />}
          maw={520}
        />
      </form>
      {q.length < 2 ? (
        <Text c="dimmed">{SEARCH_MESSAGES.tooShort}</Text>
      ) : q.length > SEARCH_MAX_LENGTH ? (
        <Text c="red" role="alert">
          {SEARCH_MESSAGES.tooLong}
        </Text>
      ) : search.isPending ? (
        <Loader size="sm" aria-label="Se caută" />
      ) : search.isError ? (
        <Alert color="red">{search.error.message}</Alert>
      ) : results.length === 0 ? (
        <Stack align="center" py="xl" gap="xs" data-testid="search-empty">
          <IconUserSearch size={48} color="var(--mantine-color-dimmed)" />
          <Text fw={600}>{SEARCH_MESSAGES.empty}</Text>
          <Text size="sm" c="dimmed">
            Căutați după nume (cu sau fără diacritice), CNP sau începutul lui, telefon sau e-mail.
          </Text>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Pacienți găsiți: {results.length}
            {results.length === 20 ? ' (primii 20; rafinați căutarea)' : ''}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} data-testid="search-results">
            {results.map((p) => (
              <PatientResult key={p.id} p={p} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}

function PatientResult({ p }: { p: SearchPatient }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Anchor component={Link} to={`/app/patients/${p.id}`} fw={700}>
        {p.name}
      </Anchor>
      <Text size="sm" c="dimmed">
        CNP {p.cnp} · {formatPhone(p.phone)}
        {p.email ? ` · ${p.email}` : ''}
      </Text>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" mt="sm" mb={4}>
        Programări
      </Text>
      {p.appointments.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nicio programare
        </Text>
      ) : (
        <Stack gap={4}>
          {p.appointments.map((a) => (
            <Group key={a.id} gap="xs" wrap="nowrap">
              <Anchor
                component={Link}
                to={`/app/appointments/${a.id}`}
                size="sm"
                style={{ whiteSpace: 'nowrap', flexShrink: 0 }}
              >
                {a.date ? `${formatDay(a.date)} ${a.time ?? ''}` : 'Fără dată'}
              </Anchor>
              <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }} maw={160}>
                {statusLabel(a.status, a.status_title)}
              </Badge>
              <Text size="xs" c="dimmed" truncate="end">
                {[a.doctor, a.calendar].filter(Boolean).join(' · ')}
              </Text>
            </Group>
          ))}
          {p.appointments_total > p.appointments.length && (
            <Anchor component={Link} to={`/app/patients/${p.id}`} size="xs">
              încă {p.appointments_total - p.appointments.length} la pacient
            </Anchor>
          )}
        </Stack>
      )}
    </Card>
  );
}
