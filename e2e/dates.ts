/** Day arithmetic the browser specs share (days as YYYY-MM-DD, the clinic's zone). */

export function bucharestToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest' }).format(new Date());
}

export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** 0 = Sunday ... 6 = Saturday. */
export const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

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
