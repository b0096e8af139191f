/** The letter form's own inputs: the ICD-10 diagnosis picker and a mandatory choice. */
import { Group, Loader, Radio, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { CHOICE_STATUSES, type ChoiceKind, choiceLines, LETTER_TEXTS } from '../../../domain/letter';
import { useIcd10Search } from './api';
import type { LetterFormApi } from './letter-form-values';

/** Searchable ICD-10 picker: code or Romanian words (with or without diacritics). */
export function DiagnosisPicker({
  chosen,
  onAdd,
  error,
}: {
  chosen: string[];
  onAdd: (d: { code: string; title: string }) => void;
  error?: React.ReactNode;
}) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 200);
  const found = useIcd10Search(q);
  const options = (found.data ?? [])
    .filter((d) => !chosen.includes(d.code))
    .map((d) => ({ value: d.code, label: `${d.code} — ${d.title}` }));
  return (
    <Select
      label="Adaugă un diagnostic (ICD-10)"
      placeholder="Cod sau cuvinte, de ex. I10 sau hipertensiune"
      searchable
      clearable
      value={null}
      searchValue={search}
      onSearchChange={setSearch}
      data={options}
      filter={({ options: o }) => o}
      nothingFoundMessage={q.trim() ? (found.isFetching ? 'Se caută…' : 'Niciun cod găsit') : undefined}
      rightSection={found.isFetching ? <Loader size="xs" /> : undefined}
      error={error}
      onChange={(code) => {
        const d = found.data?.find((x) => x.code === code);
        // Only what the letter keeps: the server refuses any other key (issue 54).
        if (d) onAdd({ code: d.code, title: d.title });
        setSearch('');
      }}
    />
  );
}

export function ChoiceField({ kind, form }: { kind: ChoiceKind; form: LetterFormApi }) {
  const value = form.values[kind];
  const lines = choiceLines(kind, { status: 'not_issued' });
  return (
    <Stack gap={4}>
      <Radio.Group
        label={LETTER_TEXTS.choiceLabels[kind]}
        withAsterisk
        {...form.getInputProps(`${kind}.status`)}
        error={form.errors[`${kind}.status`] ?? form.errors[kind]}
      >
        <Stack gap={4} mt={4}>
          {CHOICE_STATUSES.map((status, i) => (
            <Radio key={status} value={status} label={lines[i].text} />
          ))}
        </Stack>
      </Radio.Group>
      {value.status === 'issued' && (
        <Group grow>
          <TextInput label="Seria" withAsterisk {...form.getInputProps(`${kind}.series`)} />
          <TextInput label="Numărul" withAsterisk {...form.getInputProps(`${kind}.number`)} />
        </Group>
      )}
    </Stack>
  );
}
