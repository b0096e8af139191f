import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { CLINIC_TIME_ZONE, formatDate } from '../../lib/dates';
import { MutedText } from './muted-text';

const clockFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: CLINIC_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The clinic's time (Europe/Bucharest), ticking every second whatever the browser's zone. */
export function LiveClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <div>
      <Text fz={32} fw={700} lh={1.1} ff="monospace" aria-live="off" data-testid="live-clock">
        {clockFormat.format(now)}
      </Text>
      <MutedText size="sm">{formatDate(now)} · ora Romaniei</MutedText>
    </div>
  );
}
