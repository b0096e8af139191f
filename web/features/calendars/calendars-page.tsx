import { Alert, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { CALENDAR_MESSAGES } from '../../../domain/calendars';
import { useCalendars } from './api';
import { CalendarTab } from './calendar-tab';

/** Calendars area (SPEC §2): one tab per calendar, the first selected. */
export default function CalendarsPage() {
  const calendars = useCalendars();
  const [active, setActive] = useState<string | null>(null);
  const list = calendars.data ?? [];
  const current = active ?? (list[0] ? String(list[0].id) : null);

  return (
    <Stack gap="md">
      <Title order={1}>Calendare</Title>
      {calendars.isPending && <Skeleton h={400} />}
      {calendars.isError && (
        <Alert color="red" title={CALENDAR_MESSAGES.loadFailed}>
          {CALENDAR_MESSAGES.loadFailedText}
        </Alert>
      )}
      {calendars.isSuccess && list.length === 0 && <Text c="dimmed">Nu există calendare.</Text>}
      {list.length > 0 && (
        <Tabs value={current} onChange={setActive} keepMounted={false}>
          <Tabs.List>
            {list.map((c) => (
              <Tabs.Tab key={c.id} value={String(c.id)}>
                {c.title}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {list.map((c) => (
            <Tabs.Panel key={c.id} value={String(c.id)}>
              <CalendarTab calendarId={c.id} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Stack>
  );
}
