import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { Group, Paper, Text, ThemeIcon, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarCheck, IconCalendarRepeat, IconClockHour4, IconMessage } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { type DashboardStats, MESSAGES_FALLBACK } from '../../../domain/dashboard';
import { TextPlaceholder } from './text-placeholder';

type Card = {
  key: string;
  label: string;
  value: number | undefined;
  hint: string;
  color: string;
  Icon: ComponentType<{ size?: number }>;
};

function cards(stats: Partial<DashboardStats> | undefined): Card[] {
  return [
    {
      key: 'pending',
      label: 'În așteptare',
      value: stats?.pending,
      hint: 'cereri fără programare, de azi înainte',
      color: 'orange',
      Icon: IconClockHour4,
    },
    {
      key: 'completed',
      label: 'Finalizate',
      value: stats?.completed,
      hint: 'programări din zilele trecute',
      color: 'teal',
      Icon: IconCalendarCheck,
    },
    {
      key: 'rescheduled',
      label: 'Reprogramate',
      value: stats?.rescheduled,
      hint: 'programări viitoare mutate',
      color: 'grape',
      Icon: IconCalendarRepeat,
    },
    // SPEC §2: the Messages card shows 25 when there is no pending count.
    {
      key: 'messages',
      label: 'Mesaje',
      value: stats ? (stats.pending ?? MESSAGES_FALLBACK) : undefined,
      hint: 'mesaje de la pacienți',
      color: 'blue',
      Icon: IconMessage,
    },
  ];
}

const CONTROL_SIZE = 26;
/** The arrow's width and a gap, in px. */
const CLEAR_OF_CONTROLS = CONTROL_SIZE + 8;

/** The four stat cards: 1 visible on a phone, 2, 3, then 4 at the largest widths (SPEC §2). */
export function StatCards({ stats, loading }: { stats: DashboardStats | undefined; loading: boolean }) {
  const theme = useMantineTheme();
  // All four fit from the lg breakpoint on: arrows there would only cover the cards.
  const allVisible = useMediaQuery(`(min-width: ${theme.breakpoints.lg})`);
  return (
    <Carousel
      slideSize={{ base: '100%', xs: '50%', md: '33.3333%', lg: '25%' }}
      slideGap="md"
      emblaOptions={{ align: 'start', slidesToScroll: 1, containScroll: 'trimSnaps' }}
      withControls={!allVisible}
      controlsOffset={0}
      controlSize={CONTROL_SIZE}
      // Mantine names the arrows and slides in English ("Previous slide", "Carousel slide").
      previousControlProps={{ 'aria-label': 'Cardurile anterioare' }}
      nextControlProps={{ 'aria-label': 'Cardurile următoare' }}
      aria-label="Statistici programări"
      aria-roledescription="carusel"
    >
      {cards(stats).map(({ key, label, value, hint, color, Icon }, i, all) => (
        <Carousel.Slide
          key={key}
          aria-roledescription="card"
          aria-label={`${label}, ${i + 1} din ${all.length}`}
        >
          {/* While the arrows show, they sit on the cards' outer edges: the text keeps clear of them. */}
          <Paper
            withBorder
            radius="md"
            py="md"
            px={allVisible ? 'md' : CLEAR_OF_CONTROLS}
            data-testid={`stat-${key}`}
            h="100%"
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                  {label}
                </Text>
                {/* The figure's own line box while it loads, so the card keeps its height. */}
                <Text
                  component="div"
                  fz={32}
                  fw={700}
                  lh={1.3}
                  data-testid={loading ? undefined : `stat-${key}-value`}
                >
                  {loading ? <TextPlaceholder h={34} w={60} /> : (value ?? '-')}
                </Text>
              </div>
              <ThemeIcon color={color} variant="light" size={44} radius="md">
                <Icon size={26} />
              </ThemeIcon>
            </Group>
            <Text size="xs" c="dimmed" mt={4}>
              {hint}
            </Text>
          </Paper>
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
