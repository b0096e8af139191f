import { Group, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { type AppointmentFilters, BUILTIN_STATUSES, STATUS_LABELS } from '../../../domain/appointments';
import { useMutedColor } from '../../ui/muted';
import { useAppointmentOptions } from './api';

type Props = {
  filters: AppointmentFilters;
  onChange: (f: AppointmentFilters) => void;
  hideOlder: boolean;
  onHideOlderChange: (v: boolean) => void;
};

/** Typed filters wait for a pause in typing before asking the server. */
function useTypedFilter(value: string | undefined, apply: (v: string | undefined) => void) {
  const [text, setText] = useState(value ?? '');
  const [debounced] = useDebouncedValue(text.trim(), 300);
  // biome-ignore lint/correctness/useExhaustiveDependencies: apply changes every render; only the text matters
  useEffect(() => {
    if ((debounced || undefined) !== value) apply(debounced || undefined);
  }, [debounced]);
  return [text, setText] as const;
}

export function AppointmentFiltersBar({ filters, onChange, hideOlder, onHideOlderChange }: Props) {
  const options = useAppointmentOptions();
  const mutedColor = useMutedColor();
  const set = (patch: Partial<AppointmentFilters>) => onChange({ ...filters, ...patch });
  const [name, setName] = useTypedFilter(filters.name, (v) => set({ name: v }));
  const [cnp, setCnp] = useTypedFilter(filters.cnp, (v) => set({ cnp: v }));
  const [phone, setPhone] = useTypedFilter(filters.phone, (v) => set({ phone: v }));

  const statusData = [
    ...BUILTIN_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
    ...(options.data?.statuses ?? []).map((s) => ({ value: `custom:${s.id}`, label: s.title })),
  ];
  const statusValue = filters.status_id ? `custom:${filters.status_id}` : (filters.status ?? null);

  return (
    <div>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        <TextInput
          label="Pacient"
          placeholder="Caută după nume"
          leftSection={<IconSearch size={16} />}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Select
          label="Medic"
          placeholder="Toți medicii"
          clearable
          data={(options.data?.doctors ?? []).map((d) => ({ value: d.id, label: d.name }))}
          value={filters.doctor ?? null}
          onChange={(v) => set({ doctor: v ?? undefined })}
        />
        <DatePickerInput
          label="Data"
          placeholder="Orice dată"
          styles={{ placeholder: { color: mutedColor } }}
          valueFormat="DD.MM.YYYY"
          clearable
          value={filters.date ?? null}
          onChange={(v) => set({ date: v ? String(v).slice(0, 10) : undefined })}
        />
        <Select
          label="Status"
          placeholder="Toate statusurile"
          clearable
          data={statusData}
          value={statusValue}
          onChange={(v) =>
            v?.startsWith('custom:')
              ? set({ status: undefined, status_id: Number(v.slice(7)) })
              : set({ status: (v as AppointmentFilters['status']) ?? undefined, status_id: undefined })
          }
        />
        <TextInput
          label="CNP"
          placeholder="CNP"
          value={cnp}
          onChange={(e) => setCnp(e.currentTarget.value)}
        />
        <TextInput
          label="Telefon"
          placeholder="07xx xxx xxx"
          value={phone}
          onChange={(e) => setPhone(e.currentTarget.value)}
        />
      </SimpleGrid>
      <Group mt="sm">
        <Switch
          label="Ascunde programările vechi"
          checked={hideOlder}
          onChange={(e) => onHideOlderChange(e.currentTarget.checked)}
        />
        <Switch
          label="Aproape de termenul de 48 de ore"
          description="Cereri fără răspuns de cel puțin 36 de ore"
          checked={filters.near_deadline ?? false}
          onChange={(e) => set({ near_deadline: e.currentTarget.checked || undefined })}
        />
      </Group>
    </div>
  );
}
