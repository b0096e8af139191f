/** Appointments per week by status (lazy chunk: recharts stays out of the first load). */
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, Text, Title } from '@mantine/core';
import { STATUS_LABELS } from '../../../domain/appointments';
import type { WeekCounts } from '../../../domain/dashboard';

const SERIES = [
  { name: 'request', color: 'orange.5' },
  { name: 'appointment_request', color: 'yellow.6' },
  { name: 'scheduled_paperless', color: 'cyan.6' },
  { name: 'scheduled_with_papers', color: 'blue.6' },
  { name: 'scheduled', color: 'indigo.6' },
  { name: 'custom', color: 'teal.6' },
] as const;

export default function WeeklyChart({ weeks, currentWeek }: { weeks: WeekCounts[]; currentWeek: string }) {
  const data = weeks.map((w) => ({
    ...w,
    label: `${w.week.slice(8, 10)}.${w.week.slice(5, 7)}${w.week === currentWeek ? ' (azi)' : ''}`,
  }));
  return (
    <Paper withBorder radius="md" p="md" h="100%" data-testid="weekly-chart">
      <Title order={2} size="h4">
        Programări pe săptămâni
      </Title>
      <Text size="xs" c="dimmed" mb="md">
        Ultimele 8 săptămâni și următoarele 8, după status (săptămâna începe luni)
      </Text>
      <BarChart
        h={340}
        data={data}
        dataKey="label"
        type="stacked"
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        series={SERIES.map((s) => ({ name: s.name, color: s.color, label: STATUS_LABELS[s.name] }))}
        xAxisProps={{ minTickGap: 8 }}
        tickLine="y"
      />
    </Paper>
  );
}
