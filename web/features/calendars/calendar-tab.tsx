import { Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { CALENDAR_MESSAGES } from '../../../domain/calendars';
import { useDoctors } from '../appointments';
import { WaitlistPanel } from '../waitlist';
import { useCalendarEvents } from './api';
import type { Shading } from './appointment-calendar';
import { type CalendarQuery, sameQuery } from './query';

const AppointmentCalendar = lazy(() => import('./appointment-calendar'));

/** One calendar: a doctor filter and the calendar of its appointments for the visible range. */
export function CalendarTab({ calendarId }: { calendarId: number }) {
  const doctors = useDoctors();
  const [doctorId, setDoctorId] = useState<string | null>(null);
  const [query, setQuery] = useState<CalendarQuery | null>(null);
  const events = useCalendarEvents(calendarId, query, doctorId);
  const data = events.data;
  const shading: Shading[] = [
    ...(data?.unavailable ?? []).map((u) => ({
      start: u.start,
      end: u.end,
      title: u.reason ?? 'Indisponibil',
      kind: 'unavailable' as const,
    })),
    ...(data?.timeOff ?? []).map((t) => ({
      start: t.start,
      end: t.end,
      title: 'Concediu',
      kind: 'time-off' as const,
    })),
  ];

  return (
    <Stack gap="sm" pt="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Select
          label="Medic"
          placeholder={CALENDAR_MESSAGES.allDoctors}
          data={(doctors.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
          value={doctorId}
          onChange={setDoctorId}
          clearable
          searchable
          w={{ base: '100%', xs: 280 }}
          data-testid={`doctor-filter-${calendarId}`}
        />
        <Group gap="md">
          <Legend color="var(--mantine-color-gray-5)" label="Zi indisponibilă" />
          {doctorId && <Legend color="var(--mantine-color-orange-4)" label="Concediul medicului" />}
          <Text size="sm" c="dimmed" data-testid={`event-count-${calendarId}`}>
            {data ? `Programări în interval: ${data.counts.active}` : ''}
          </Text>
        </Group>
      </Group>
      <Suspense fallback={<Skeleton h={500} />}>
        <AppointmentCalendar
          testId={`calendar-${calendarId}`}
          events={data?.events ?? []}
          more={data?.more}
          inactiveCount={data?.counts.inactive ?? 0}
          shading={shading}
          onQueryChange={(q) => setQuery((prev) => (sameQuery(prev, q) ? prev : q))}
        />
      </Suspense>
      <WaitlistPanel calendarId={calendarId} />
    </Stack>
  );
}

function Legend({ color, label }: { color: string; label: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <span
        style={{
          width: 14,
          height: 14,
          borderRadius: 3,
          background: color,
          opacity: 0.6,
          display: 'inline-block',
        }}
      />
      <Text size="sm">{label}</Text>
    </Group>
  );
}
