import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { Group, Paper, SimpleGrid, Text, ThemeIcon, useMantineTheme, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarCheck, IconCalendarRepeat, IconClockHour4, IconMessage } from '@tabler/icons-react';
import type { EmblaCarouselType } from 'embla-carousel';
import { type ComponentType, useCallback, useState } from 'react';
import { type DashboardStats, MESSAGES_FALLBACK } from '../../../domain/dashboard';
import classes from './stat-cards.module.css';
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

/** One card: its label, figure (a placeholder while it loads) and hint. */
function StatCard({ card, loading, padX }: { card: Card; loading: boolean; padX: number | 'md' }) {
  const { key, label, value, hint, color, Icon } = card;
  return (
    <Paper withBorder radius="md" py="md" px={padX} data-testid={`stat-${key}`} h="100%">
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
  );
}

/**
 * Which cards show, in Romanian, for screen readers: Mantine's carousel announces "Slide 1 of 3"
 * in English whatever its labels, so its own status is hidden (stat-cards.module.css) and this one
 * speaks instead (issue 54, item 21).
 */
function useShownCards(count: number) {
  const [shown, setShown] = useState<{ first: number; last: number } | null>(null);
  const attach = useCallback(
    (api: EmblaCarouselType) => {
      const update = () => {
        const snaps = api.scrollSnapList().length;
        const first = api.selectedScrollSnap() + 1;
        setShown({ first, last: Math.min(count, first + count - snaps) });
      };
      api.on('select', update);
      api.on('reInit', update);
      update();
    },
    [count],
  );
  const text =
    shown &&
    (shown.first === shown.last ? `Cardul ${shown.first}` : `Cardurile ${shown.first}-${shown.last}`);
  return { attach, status: text ? `${text} din ${count}` : '' };
}

/**
 * The four stat cards (SPEC §2): a carousel showing 1 on a phone, 2, then 3; from the lg
 * breakpoint all four fit, and they are a plain row there: a carousel of one position only
 * had arrows covering the cards and told screen readers "Slide 1 of 1".
 */
export function StatCards({ stats, loading }: { stats: DashboardStats | undefined; loading: boolean }) {
  const theme = useMantineTheme();
  // Read at the first render: the row and the carousel never swap under the reader's eyes.
  const allVisible = useMediaQuery(`(min-width: ${theme.breakpoints.lg})`, undefined, {
    getInitialValueInEffect: false,
  });
  const all = cards(stats);
  const { attach, status } = useShownCards(all.length);
  if (allVisible)
    return (
      <SimpleGrid cols={all.length} spacing="md" role="group" aria-label="Statistici programări">
        {all.map((card) => (
          <StatCard key={card.key} card={card} loading={loading} padX="md" />
        ))}
      </SimpleGrid>
    );
  return (
    <>
      <Carousel
        className={classes.carousel}
        slideSize={{ base: '100%', xs: '50%', md: '33.3333%' }}
        slideGap="md"
        emblaOptions={{ align: 'start', slidesToScroll: 1, containScroll: 'trimSnaps' }}
        getEmblaApi={attach}
        controlsOffset={0}
        controlSize={CONTROL_SIZE}
        // Mantine names the arrows and slides in English ("Previous slide", "Carousel slide").
        previousControlProps={{ 'aria-label': 'Cardurile anterioare' }}
        nextControlProps={{ 'aria-label': 'Cardurile următoare' }}
        aria-label="Statistici programări"
        aria-roledescription="carusel"
      >
        {all.map((card, i) => (
          <Carousel.Slide
            key={card.key}
            aria-roledescription="card"
            aria-label={`${card.label}, ${i + 1} din ${all.length}`}
          >
            {/* The arrows sit on the cards' outer edges: the text keeps clear of them. */}
            <StatCard card={card} loading={loading} padX={CLEAR_OF_CONTROLS} />
          </Carousel.Slide>
        ))}
      </Carousel>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {status}
      </VisuallyHidden>
    </>
  );
}
