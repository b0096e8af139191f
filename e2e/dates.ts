/**
 * How the date pickers name days, for the browser specs. Day arithmetic comes from domain/dates.ts
 * like everywhere else; `today()` is the clinic's today on the real clock the server uses.
 */
import { clinicToday } from '../domain/dates';

export const today = () => clinicToday(new Date());

/** Month names as the date pickers show them (dayjs locale ro capitalises them). */
export const MONTHS_RO = [
  'Ianuarie',
  'Februarie',
  'Martie',
  'Aprilie',
  'Mai',
  'Iunie',
  'Iulie',
  'August',
  'Septembrie',
  'Octombrie',
  'Noiembrie',
  'Decembrie',
];

/** The day's accessible name in Mantine's date picker (dayjs "D MMMM YYYY", locale ro). */
export const dayLabel = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return `${d} ${MONTHS_RO[m - 1]} ${y}`;
};
