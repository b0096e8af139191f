/**
 * The patient journey on the dashboard (issue 15): requests close to the 48-hour promise, with a
 * link to them in the list, and the no-show rate of the last 90 days per doctor and per calendar,
 * with and without a confirmed attendance, so the effect of the reminders and the link shows.
 */
import { Alert, Anchor, Box, Grid, List, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { NO_SHOW_WINDOW_DAYS, type NoShowGroup, percent } from '../../../domain/dashboard';
import { useJourneyFigures } from './api';

/**
 * Requests close to the 48-hour promise, beside the greeting at the top. Nothing is drawn until
 * the figures arrive (most days there is no such request, and a placeholder would leave a gap).
 */
export function NearDeadlineAlert() {
  const q = useJourneyFigures();
  const near = q.data?.near_deadline;
  if (!near || near.count === 0) return null;
  return (
    <Alert
      // A darker orange than the palette's darkest (orange.9 is 4.3:1 on white): 5.2:1.
      color="#c2410c"
      variant="outline"
      icon={<IconClockExclamation aria-hidden />}
      title="Aproape de termenul de 48 de ore"
      // Low enough to sit beside the greeting without making the header taller when it arrives.
      py={6}
    >
      <Text size="sm">
        {near.count === 1 ? 'O cerere așteaptă' : `${near.count} cereri așteaptă`} un răspuns de cel puțin{' '}
        {near.hours} de ore.{' '}
        <Anchor component={Link} to="/app/appointments?termen=48" inherit>
          Vezi cererile
        </Anchor>
      </Text>
    </Alert>
  );
}

/**
 * The no-show rates, at the foot of the page: their tables are as tall as there are doctors, so
 * arriving there they move nothing that is already on screen.
 */
export function NoShowReport() {
  const q = useJourneyFigures();
  if (q.isPending) return <Skeleton h={160} radius="md" />;
  if (!q.data) return null;
  const ns = q.data.no_show;
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4">
        Neprezentări în ultimele {NO_SHOW_WINDOW_DAYS} de zile:{' '}
        {percent(ns.overall.no_shows, ns.overall.total)}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {ns.overall.no_shows} din {ns.overall.total} programări. Cu prezența confirmată de pacient:{' '}
        {percent(ns.overall.confirmed_no_shows, ns.overall.confirmed_total)}; fără confirmare:{' '}
        {percent(
          ns.overall.no_shows - ns.overall.confirmed_no_shows,
          ns.overall.total - ns.overall.confirmed_total,
        )}
        .
      </Text>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, xl: 6 }}>
          <RateTable caption="Pe medic" groups={ns.by_doctor} fallback="Fără medic" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 6 }}>
          <RateTable caption="Pe calendar" groups={ns.by_calendar} fallback="Fără calendar" />
        </Grid.Col>
      </Grid>
    </Paper>
  );
}

type RateProps = { caption: string; groups: NoShowGroup[]; fallback: string };

/**
 * One breakdown: a table where its four columns fit, and on a phone, where they would scroll
 * sideways, one short block per doctor or calendar.
 */
function RateTable({ caption, groups, fallback }: RateProps) {
  if (!groups.length) return <Text size="sm">{caption}: nicio programare în această perioadă.</Text>;
  return (
    <>
      <Box hiddenFrom="sm">
        <RateBlocks caption={caption} groups={groups} fallback={fallback} />
      </Box>
      <Table.ScrollContainer minWidth={320} visibleFrom="sm">
        <Table striped captionSide="top" fz="sm">
          <Table.Caption style={{ textAlign: 'left' }}>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{caption === 'Pe medic' ? 'Medic' : 'Calendar'}</Table.Th>
              <Table.Th scope="col">Neprezentări</Table.Th>
              <Table.Th scope="col">Cu confirmare</Table.Th>
              <Table.Th scope="col">Fără confirmare</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {groups.map((g) => (
              <Table.Tr key={String(g.id)}>
                <Table.Td>{g.name ?? fallback}</Table.Td>
                <Table.Td>
                  {percent(g.no_shows, g.total)} ({g.no_shows}/{g.total})
                </Table.Td>
                <Table.Td>{percent(g.confirmed_no_shows, g.confirmed_total)}</Table.Td>
                <Table.Td>{unconfirmedRate(g)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

function RateBlocks({ caption, groups, fallback }: RateProps) {
  const id = useId();
  return (
    <>
      <Text size="sm" id={id} mb={4}>
        {caption}
      </Text>
      <List listStyleType="none" spacing="xs" aria-labelledby={id}>
        {groups.map((g) => (
          <List.Item key={String(g.id)}>
            <Text size="sm" fw={600}>
              {g.name ?? fallback}
            </Text>
            <Text size="sm">
              Neprezentări: {percent(g.no_shows, g.total)} ({g.no_shows}/{g.total}); cu confirmare:{' '}
              {percent(g.confirmed_no_shows, g.confirmed_total)}; fără confirmare: {unconfirmedRate(g)}
            </Text>
          </List.Item>
        ))}
      </List>
    </>
  );
}

const unconfirmedRate = (g: NoShowGroup) =>
  percent(g.no_shows - g.confirmed_no_shows, g.total - g.confirmed_total);
