/**
 * The calendars area (issue 7): one tab per calendar with the first selected, a doctor filter
 * ('all doctors', clearable) that changes the events fetched for the visible range, and a click
 * on an event opening its appointment. The month grid gets three events a day and the count of
 * the others (issue 17): "+alte N" opens that day with all of them.
 */
import type { Page } from '@playwright/test';
import { resolveRange } from '../domain/dashboard';
import { addDays } from '../domain/dates';
import { today } from './dates';
import { expect, expectNoA11yViolations, signIn, test } from './fixtures';

/** An appointment as a screen reader names it: its time as shown ("09:00", "09:00–09:30") first. */
const EVENT = /^\d\d:\d\d[ –]/;

type Calendar = { id: number; title: string };
type Event = { id: number; start: string; patient: string };
type Events = {
  data: {
    events: Event[];
    more: { date: string; count: number }[];
    counts: { active: number; inactive: number };
  };
};

/** The calendars page with `cal`'s tab open and its first range loaded; its calendar. */
async function openCalendar(page: Page, calendars: Calendar[], cal: Calendar) {
  const load = page.waitForResponse(
    (r) => r.url().endsWith(`/api/calendars/${cal.id}/appointments`) && r.ok(),
  );
  await page.goto('/app/calendars');
  if (cal.id !== calendars[0].id) await page.getByRole('tab', { name: cal.title, exact: true }).click();
  await load;
  return page.getByTestId(`calendar-${cal.id}`);
}

test('tabs per calendar, doctor filter and opening an appointment', async ({ page }) => {
  await signIn(page, 'doctor');
  const { data: calendars } = (await (await page.request.get('/api/calendars')).json()) as {
    data: Calendar[];
  };
  expect(calendars.length).toBeGreaterThan(1);

  const eventsOf = (id: number) =>
    page.waitForResponse((r) => r.url().endsWith(`/api/calendars/${id}/appointments`) && r.ok());
  const firstLoad = eventsOf(calendars[0].id);
  await page.goto('/app/calendars');
  // One tab per calendar (FullCalendar's view switcher has tabs of its own: Lună, Săptămână, Zi).
  for (const c of calendars)
    await expect(page.getByRole('tab', { name: c.title, exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: calendars[0].title, exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const first = await firstLoad;
  // The month grid asks for three events a day, without the cancelled ones.
  expect(first.request().postDataJSON()).toMatchObject({ perDay: 3, includeInactive: false });
  let answer = (await first.json()) as Events;
  await expect(page.getByTestId(`event-count-${calendars[0].id}`)).toHaveText(
    `Programări în interval: ${answer.data.counts.active}`,
  );

  // Another calendar: its own events.
  const second = calendars[1];
  const secondLoad = eventsOf(second.id);
  await page.getByRole('tab', { name: second.title }).click();
  answer = (await (await secondLoad).json()) as Events;
  const all = answer.data.counts.active;
  await expect(page.getByTestId(`event-count-${second.id}`)).toHaveText(`Programări în interval: ${all}`);

  // Filter by a doctor: the request carries doctorId and the count follows the answer.
  const filter = page.getByTestId(`doctor-filter-${second.id}`);
  await expect(filter).toHaveAttribute('placeholder', 'all doctors');
  const filtered = page.waitForResponse(
    (r) =>
      r.url().endsWith(`/api/calendars/${second.id}/appointments`) &&
      (r.request().postData() ?? '').includes('"doctorId":"'),
  );
  await filter.click();
  await page.getByRole('option').first().click();
  const byDoctor = ((await (await filtered).json()) as Events).data.counts.active;
  await expect(page.getByTestId(`event-count-${second.id}`)).toHaveText(
    `Programări în interval: ${byDoctor}`,
  );
  expect(byDoctor).toBeLessThanOrEqual(all);

  // Cleared: all doctors again.
  // Mantine's clear button is hidden from assistive technology (Backspace clears too): by position.
  await filter.locator('xpath=following-sibling::*[1]/descendant-or-self::button').first().click();
  await expect(filter).toHaveValue('');
  await expect(page.getByTestId(`event-count-${second.id}`)).toHaveText(`Programări în interval: ${all}`);

  // A click on an event opens its appointment (the next month when this one has none).
  const calendar = page.getByTestId(`calendar-${second.id}`);
  const events = calendar.getByRole('button', { name: EVENT });
  if (all === 0) {
    const next = eventsOf(second.id);
    await calendar.getByRole('button', { name: 'Înainte' }).click();
    await next;
  }
  const name = (await events.first().textContent()) ?? '';
  await events.first().click();
  await expect(page).toHaveURL(/\/app\/appointments\/\d+$/);
  const patient = name.replace(/^\d\d:\d\d\s*/, '').replace(/\s*\(.*\)$/, '');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(patient);
});

test('a busy day of the month grid shows "+alte N", which opens the day with all its appointments', async ({
  page,
}) => {
  await signIn(page, 'doctor');
  const { data: calendars } = (await (await page.request.get('/api/calendars')).json()) as {
    data: Calendar[];
  };
  const ask = async (id: number, body: object) =>
    (await (await page.request.post(`/api/calendars/${id}/appointments`, { data: body })).json()) as Events;
  // A calendar with a busy day this month whose appointments are at different times (the day
  // view then draws each one: the public requests' 08:00 pile is stacked behind its own "+N").
  const grid = resolveRange({ date: today() });
  let found: { calendar: Calendar; date: string; more: number; day: Events } | undefined;
  for (const calendar of calendars) {
    const month = await ask(calendar.id, { ...grid, perDay: 3, includeInactive: false });
    for (const m of month.data.more) {
      const day = await ask(calendar.id, { start: m.date, end: addDays(m.date, 1), includeInactive: false });
      const starts = day.data.events.map((e) => e.start);
      if (new Set(starts).size === starts.length) {
        found = { calendar, date: m.date, more: m.count, day };
        break;
      }
    }
    if (found) break;
  }
  if (!found) throw new Error('the demo data has no busy day this month');
  const { calendar: cal, date, more, day } = found;
  expect(day.data.events).toHaveLength(3 + more);

  const calendar = await openCalendar(page, calendars, cal);
  const cell = calendar.locator(`[role="cell"][data-date="${date}"]`);
  await expect(cell.getByRole('button', { name: EVENT })).toHaveCount(3);
  const link = cell.getByRole('button', { name: `+alte ${more}` });
  await expect(link).toBeVisible();
  // Each event's accessible name starts with what it shows (WCAG 2.5.3, as Lighthouse checks it).
  await expectNoA11yViolations(page, {
    include: `[data-testid="calendar-${cal.id}"]`,
    enableRules: ['label-content-name-mismatch'],
  });

  // From the keyboard: the day view, fetched whole, with every appointment of that day.
  const dayLoad = page.waitForResponse(
    (r) =>
      r.url().endsWith(`/api/calendars/${cal.id}/appointments`) &&
      r.ok() &&
      r.request().postDataJSON().start === date,
  );
  await link.focus();
  await page.keyboard.press('Enter');
  const sent = (await dayLoad).request().postDataJSON();
  expect(sent.perDay).toBeUndefined();
  await expect(calendar.getByRole('tab', { name: /^Zi/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId(`event-count-${cal.id}`)).toHaveText(
    `Programări în interval: ${day.data.counts.active}`,
  );
  const shown = calendar.getByRole('button', { name: EVENT });
  await expect(shown).toHaveCount(day.data.events.length);
  for (const e of day.data.events) await expect(shown.filter({ hasText: e.patient }).first()).toBeVisible();
});

test("a shaded day's reason keeps clear of its number on a phone; an event's time stays whole on a desktop", async ({
  page,
}) => {
  await signIn(page, 'superadmin');
  const { data: calendars } = (await (await page.request.get('/api/calendars')).json()) as {
    data: Calendar[];
  };
  // The calendar with the most events this month, and a day of its grid already gone (nobody
  // books it), or its last one when the grid starts today.
  const grid = resolveRange({ date: today() });
  const counted = await Promise.all(
    calendars.map(async (c) => {
      const res = await page.request.post(`/api/calendars/${c.id}/appointments`, {
        data: { ...grid, perDay: 3, includeInactive: false },
      });
      return { c, n: ((await res.json()) as Events).data.events.length };
    }),
  );
  const cal = counted.sort((x, y) => y.n - x.n)[0].c;
  const day = grid.start < today() ? grid.start : addDays(grid.end, -1);
  const added = await page.request.post(`/api/admin/calendars/${cal.id}/unavailable-days`, {
    data: { from: day, to: day, reason: 'Sărbătoare legală' },
  });
  expect(added.status()).toBe(201);
  const { id: rangeId } = (await added.json()) as { id: number };
  try {
    for (const width of [360, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const calendar = await openCalendar(page, calendars, cal);
      const cell = calendar.locator(`[role="cell"][data-date="${day}"]`);
      await expect(cell).toContainText('Sărbătoare legală');
      // The boxes of the reason's lines and of the day's number, as drawn: none may cross.
      const crossing = await cell.evaluate((c) => {
        const lines = (el: Element | null) => {
          if (!el) throw new Error('missing element');
          const r = document.createRange();
          r.selectNodeContents(el);
          return [...r.getClientRects()].filter((b) => b.width > 0);
        };
        const reason = lines(c.querySelector('.clinic-shade-title'));
        const [number] = lines(c.querySelector('[role="presentation"] > [aria-hidden="true"]'));
        return reason.some(
          (b) =>
            b.left < number.right && b.right > number.left && b.top < number.bottom && b.bottom > number.top,
        );
      });
      expect(crossing, `${width} px`).toBe(false);
      await page.screenshot({ path: test.info().outputPath(`calendar-shade-${width}.png`), fullPage: true });
    }
    // At 1440 px an event's time is whole ("08:00"); its name is what gets cut.
    const times = page.getByTestId(`calendar-${cal.id}`).locator('[role="cell"] .clinic-event-time');
    await expect(times.first()).toBeVisible();
    const cut = await times.evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth).length);
    expect(cut).toBe(0);
  } finally {
    await page.request.delete(`/api/admin/calendars/${cal.id}/unavailable-days/${rangeId}`);
  }
});
