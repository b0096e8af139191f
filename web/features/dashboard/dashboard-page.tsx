import { Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { displayName, useCurrentUser } from '../../app/current-user';
import { UnsentMessagesCard } from '../admin';
import { AppointmentCalendar, type CalendarQuery, sameQuery } from '../calendars';
import { useDashboardCalendar, useDashboardStats, useWeeklyCounts } from './api';
import { NearDeadlineAlert, NoShowReport } from './journey-cards';
import { LatestAppointments } from './latest-appointments';
import { StatCards } from './stat-cards';

// The chart library loads after the page itself (DESIGN §7 first-route budget), as the calendar does.
const WeeklyChart = lazy(() => import('./weekly-chart'));

/*
 * The chart and the calendar (about 200 KB of code between them) wait for the figures to show:
 * their data now comes with the page (server/platform/spa-index.ts), and fetching and compiling
 * their code at once took the processor from the figures: on a busy 2-core machine the first
 * content came later, not sooner (issue 54, item 21; decision 0096). Their skeletons keep the
 * place meanwhile.
 */

/**
 * Home (SPEC §2 Dashboard): stat cards, latest pending appointments, weekly chart, calendar, and
 * the patient journey's figures (issue 15).
 */
export default function DashboardPage() {
  const user = useCurrentUser();
  const stats = useDashboardStats();
  const weekly = useWeeklyCounts();
  const [query, setQuery] = useState<CalendarQuery | null>(null);
  const calendar = useDashboardCalendar(query);
  const count = calendar.data?.count;
  const figuresShown = !stats.isPending;

  return (
    <Stack gap="lg">
      {/* The near-deadline alert beside the greeting: arriving after the page, it moves nothing. */}
      <Group justify="space-between" align="flex-start" gap="md">
        <div>
          <Title order={1}>Acasă</Title>
          <Text c="dimmed">Bine ați venit, {displayName(user)}!</Text>
        </div>
        <NearDeadlineAlert />
      </Group>
      <UnsentMessagesCard />
      <StatCards stats={stats.data} loading={stats.isPending} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <LatestAppointments rows={stats.data?.last_appointments} loading={stats.isPending} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Suspense fallback={<Skeleton h={340} radius="md" />}>
            {weekly.data && figuresShown ? (
              <WeeklyChart weeks={weekly.data.weeks} currentWeek={weekly.data.currentWeek} />
            ) : (
              <Skeleton h={340} radius="md" />
            )}
          </Suspense>
        </Grid.Col>
      </Grid>
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm" data-testid="calendar-title">
          Toate programările{count === undefined ? '' : ` (${count})`}
        </Title>
        <Suspense fallback={<Skeleton h={500} />}>
          {figuresShown ? (
            <AppointmentCalendar
              testId="dashboard-calendar"
              events={calendar.data?.appointments ?? []}
              more={calendar.data?.more}
              inactiveCount={calendar.data?.counts.inactive ?? 0}
              onQueryChange={(q) => setQuery((prev) => (sameQuery(prev, q) ? prev : q))}
            />
          ) : (
            <Skeleton h={500} />
          )}
        </Suspense>
      </Paper>
      <NoShowReport />
    </Stack>
  );
}
