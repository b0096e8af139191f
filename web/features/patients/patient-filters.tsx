/** The list's typed filters (name, CNP, phone): the server is asked after a pause in typing. */
import { SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { PatientFilters } from '../../../domain/patients';

type Key = 'name' | 'cnp' | 'phone';

function TypedFilter(props: {
  label: string;
  placeholder: string;
  value: string | undefined;
  onChange: (v: string | undefined) => void;
  icon?: boolean;
  numeric?: boolean;
}) {
  const { value, onChange } = props;
  const [text, setText] = useState(value ?? '');
  const [debounced] = useDebouncedValue(text.trim(), 300);
  // biome-ignore lint/correctness/useExhaustiveDependencies: onChange changes every render; only the text matters
  useEffect(() => {
    if ((debounced || undefined) !== value) onChange(debounced || undefined);
  }, [debounced]);
  return (
    <TextInput
      label={props.label}
      placeholder={props.placeholder}
      leftSection={props.icon ? <IconSearch size={16} /> : undefined}
      inputMode={props.numeric ? 'numeric' : undefined}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
    />
  );
}

export function PatientFiltersBar({
  filters,
  onChange,
}: {
  filters: PatientFilters;
  onChange: (patch: Partial<Pick<PatientFilters, Key>>) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <TypedFilter
        label="Pacient"
        placeholder="Caută după nume"
        icon
        value={filters.name}
        onChange={(name) => onChange({ name })}
      />
      <TypedFilter
        label="CNP"
        placeholder="Caută după CNP"
        numeric
        value={filters.cnp}
        onChange={(v) => onChange({ cnp: v?.replace(/\D/g, '') || undefined })}
      />
      <TypedFilter
        label="Telefon"
        placeholder="07xx xxx xxx"
        value={filters.phone}
        onChange={(phone) => onChange({ phone })}
      />
    </SimpleGrid>
  );
}
