/**
 * Dates in Romanian for every Mantine date picker: month and weekday names ("noiembrie",
 * "lu"), weeks from Monday. Wrapped around the back office's pages and the public date picker,
 * not the entry chunk: dayjs and its locale come with the first page that shows a date.
 */
import 'dayjs/locale/ro';
import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';

export function RomanianDates({ children }: { children: ReactNode }) {
  return <DatesProvider settings={{ locale: 'ro', firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}
