import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { clinicParts, formatDay } from '../../../domain/dates';
import { MutedText } from '../../ui/muted';

/** The clinic's time (Europe/Bucharest), ticking every second whatever the browser's zone. */
export function LiveClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const { time, seconds } = clinicParts(now);
  return (
    <div>
      <Text fz={32} fw={700} lh={1.1} ff="monospace" aria-live="off" data-testid="live-clock">
        {time}:{seconds}
      </Text>
      <MutedText size="sm">{formatDay(now)} · ora României</MutedText>
    </div>
  );
}
