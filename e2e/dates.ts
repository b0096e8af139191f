/**
 * How the date pickers name days, for the browser specs. Day arithmetic comes from domain/dates.ts
 * like everywhere else; `today()` is the clinic's today on the real clock the server uses.
 */
import { expect, type Locator, type Page } from '@playwright/test';
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

/** A month's place in time, to compare months: the month shown by a picker with a wanted one. */
const monthIndex = (year: number, month: number) => year * 12 + month;

/**
 * Moves an open date picker to the month of `day`, one month at a time, each step waiting for the
 * picker to show the next month before looking again: never a look at a dropdown still opening
 * (issue 54, item 20: a check of visibility made before the calendar had rendered walked it 24
 * months past the day). `scope` is where the picker's header is (the page or a dialog).
 * Returns the day's button.
 */
export async function showMonthOf(page: Page, day: string, scope: Page | Locator = page): Promise<Locator> {
  // The header's month button ("Decembrie 2026"): Mantine gives it this class in every picker.
  const level = scope.locator('[class*="calendarHeaderLevel"]').first();
  await expect(level).toBeVisible();
  const [y, m] = day.split('-').map(Number);
  const wanted = monthIndex(y, m - 1);
  for (let step = 0; step < 72; step++) {
    const shown = ((await level.textContent()) ?? '').trim();
    const [name, year] = shown.split(/\s+/);
    const month = MONTHS_RO.findIndex((n) => n.toLowerCase() === name?.toLowerCase());
    expect(month, `the month the picker shows: "${shown}"`).toBeGreaterThanOrEqual(0);
    const at = monthIndex(Number(year), month);
    if (at === wanted) break;
    await scope.getByRole('button', { name: at < wanted ? 'Luna următoare' : 'Luna anterioară' }).click();
    await expect(level).not.toHaveText(shown);
  }
  await expect(level).toHaveText(new RegExp(`^\\s*${MONTHS_RO[m - 1]} ${y}\\s*$`, 'i'));
  return scope.getByRole('button', { name: dayLabel(day), exact: true });
}
