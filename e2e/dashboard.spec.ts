/**
 * The dashboard as staff meet it (issue 7): the stat cards (1 card visible on a phone), the latest
 * pending appointments linking to their appointment, the weekly chart, and the calendar of all
 * appointments with its count in the title, in month, week and day views with prev/next/today.
 */
import { expect, signIn, test } from './fixtures';

type Stats = {
  pending: number;
  completed: number;
  rescheduled: number;
  last_appointments: { id: number; patient: string }[];
};

test('stat cards, latest pending appointments and the weekly chart', async ({ page }) => {
  await signIn(page, 'doctor');
  const { stats } = (await (await page.request.get('/api/dashboard')).json()) as { stats: Stats };
  await page.goto('/app/dashboard');
  await expect(page.getByRole('heading', { name: 'Acasă', level: 1 })).toBeVisible();
  await expect(page.getByTestId('stat-pending-value')).toHaveText(String(stats.pending));
  await expect(page.getByTestId('stat-completed-value')).toHaveText(String(stats.completed));
  await expect(page.getByTestId('stat-rescheduled-value')).toHaveText(String(stats.rescheduled));
  // SPEC §2: the Messages card shows the pending count (25 only when there is none).
  await expect(page.getByTestId('stat-messages-value')).toHaveText(String(stats.pending));

  const latest = page.getByTestId('latest-appointments');
  const first = stats.last_appointments[0];
  await expect(latest.getByRole('link').first()).toHaveAttribute('href', `/app/appointments/${first.id}`);
  await expect(latest.getByRole('link').first()).toContainText(first.patient);
  await expect(page.getByTestId('weekly-chart')).toContainText('Programări pe săptămâni');
  await expect(page.getByTestId('weekly-chart').locator('svg.recharts-surface').first()).toBeVisible();
  await expect(page.getByTestId('weekly-chart')).toContainText('Status personalizat'); // the legend

  await latest.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/app/appointments/${first.id}$`));
});

test('calendar of all appointments: count in the title, month, week and day views', async ({ page }) => {
  await signIn(page, 'doctor');
  await page.goto('/app/dashboard');
  const calendar = page.getByTestId('dashboard-calendar');
  const title = page.getByTestId('calendar-title');

  const countFor = async () => {
    const res = await page.waitForResponse((r) => r.url().endsWith('/api/dashboard/calendar') && r.ok());
    return ((await res.json()) as { count: number }).count;
  };
  const monthCount = countFor();
  await expect(calendar.getByRole('tab', { name: /Lună/ })).toHaveAttribute('aria-selected', 'true');
  await expect(title).toHaveText(`Toate programările (${await monthCount})`);

  const weekCount = countFor();
  await calendar.getByRole('tab', { name: /Săptămână/ }).click();
  const week = await weekCount;
  await expect(title).toHaveText(`Toate programările (${week})`);
  // the time axis of the week view (exact: an event's "08:00 – 08:30" may be hidden in a crowded slot)
  await expect(calendar.getByText('08:00', { exact: true }).first()).toBeVisible();

  const dayCount = countFor();
  await calendar.getByRole('tab', { name: /^Zi/ }).click();
  await expect(title).toHaveText(`Toate programările (${await dayCount})`);

  const heading = calendar.getByRole('heading').first();
  const today = await heading.textContent();
  await calendar.getByRole('button', { name: 'Înainte' }).click();
  await expect(heading).not.toHaveText(today ?? '');
  await calendar.getByRole('button', { name: 'Azi' }).click();
  await expect(heading).toHaveText(today ?? '');
});

test('on a phone the carousel shows one card at a time', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'doctor');
  await page.goto('/app/dashboard');
  const first = await page.getByTestId('stat-pending').boundingBox();
  const second = await page.getByTestId('stat-completed').boundingBox();
  expect(first && second).toBeTruthy();
  expect(first!.x).toBeGreaterThanOrEqual(0);
  expect(second!.x).toBeGreaterThanOrEqual(390 - 30); // beyond the visible width
  // The arrows sit on the card's edges and cover none of its words or figure.
  await expect(page.getByTestId('stat-pending-value')).toBeVisible();
  const previous = await page.getByRole('button', { name: 'Cardurile anterioare' }).boundingBox();
  const next = await page.getByRole('button', { name: 'Cardurile următoare' }).boundingBox();
  for (const text of [
    page.getByTestId('stat-pending').getByText('În așteptare'),
    page.getByTestId('stat-pending-value'),
    page.getByTestId('stat-pending').getByText('cereri fără programare', { exact: false }),
  ]) {
    const box = await text.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(previous!.x + previous!.width);
    expect(box!.x + box!.width).toBeLessThanOrEqual(next!.x);
  }
});

test('on a phone the no-show rates read without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page, 'doctor');
  const byDoctor = (await (await page.request.get('/api/dashboard/journey')).json()).no_show.by_doctor;
  await page.goto('/app/dashboard');
  const list = page.getByRole('list', { name: 'Pe medic' });
  await expect(list.getByRole('listitem')).toHaveCount(byDoctor.length);
  const first = byDoctor[0];
  await expect(list.getByRole('listitem').first()).toContainText(
    `Neprezentări: ${first.total ? Math.round((100 * first.no_shows) / first.total) : '–'}`,
  );
  // The tables of wider screens are not drawn, so nothing in the card scrolls sideways.
  await expect(page.getByRole('table', { name: 'Pe medic' })).toBeHidden();
  const report = page.getByRole('heading', { name: /Neprezentări în ultimele/ }).locator('..');
  const wider = await report.evaluate(
    (card) => [card, ...card.querySelectorAll('*')].filter((e) => e.scrollWidth > e.clientWidth + 1).length,
  );
  expect(wider).toBe(0);
});

test('search from the top bar (Ctrl+K), results link to the patient, and an empty state', async ({
  page,
}) => {
  await signIn(page, 'doctor');
  const { patients } = (await (await page.request.get('/api/patients?perPage=10')).json()) as {
    patients: { id: number; patient: string }[];
  };
  const target = patients[0];
  // Typed without diacritics and in lower case, as staff often do.
  const typed = target.patient
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  await page.goto('/app/dashboard');
  const box = page.getByTestId('top-search');
  await expect(box).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(box).toBeFocused();
  await box.fill(typed);
  await box.press('Enter');
  await expect(page).toHaveURL(`/app/pages/search/${encodeURIComponent(typed)}`);
  const results = page.getByTestId('search-results');
  await expect(results.getByRole('link', { name: target.patient, exact: true }).first()).toBeVisible();
  await results.getByRole('link', { name: target.patient, exact: true }).first().click();
  await expect(page).toHaveURL(/\/app\/patients\/\d+/);

  await page.goto('/app/pages/search/zzqxw');
  await expect(page.getByTestId('search-empty')).toContainText(
    'Nu am găsit niciun pacient pentru această căutare.',
  );
});

test('the 48-hour warning leads to the unanswered requests; the no-show rates are shown', async ({
  page,
}) => {
  await signIn(page, 'doctor');
  const figures = await (await page.request.get('/api/dashboard/journey')).json();
  // The demo data has a few public requests waiting since the day before yesterday.
  expect(figures.near_deadline.count).toBeGreaterThan(0);
  await page.goto('/app/dashboard');
  const warning = page.getByRole('alert').filter({ hasText: 'Aproape de termenul de 48 de ore' });
  const n = figures.near_deadline.count;
  await expect(warning).toContainText(`${n === 1 ? 'O cerere' : `${n} cereri`} așteaptă un răspuns`);
  const overall = figures.no_show.overall;
  await expect(page.getByRole('heading', { name: /Neprezentări în ultimele 90 de zile/ })).toContainText(
    overall.total ? `${Math.round((100 * overall.no_shows) / overall.total)} %` : '–',
  );
  await warning.getByRole('link', { name: 'Vezi cererile' }).click();
  await expect(page).toHaveURL(/\/app\/appointments\?termen=48$/);
  await expect(page.getByRole('switch', { name: /Aproape de termenul de 48 de ore/ })).toBeChecked();
  const rows = page.getByRole('table').getByRole('row');
  // Header + the requests (the first page of them).
  await expect(rows).toHaveCount(Math.min(figures.near_deadline.count, 20) + 1);
  await expect(page.getByRole('table').locator('[data-status]').first()).toHaveText('Cerere');
});

test('the page does not move when its figures arrive', async ({ page }) => {
  await signIn(page, 'admin');
  // Hold the figures until the page has drawn their places, then let them in together.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/dashboard(\/journey|\/weekly)?$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { shifted: number };
    w.shifted = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!e.hadRecentInput) w.shifted += e.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/app/dashboard');
  await expect(page.getByRole('status', { name: 'Se încarcă programările în așteptare' })).toBeVisible();
  release();
  await expect(page.getByTestId('latest-appointments').getByRole('link').first()).toBeVisible();
  await expect(page.getByTestId('stat-pending-value')).toBeVisible();
  await expect(page.getByTestId('weekly-chart').locator('svg.recharts-surface').first()).toBeVisible();
  await expect(page.getByText(/Neprezentări în ultimele/)).toBeVisible();
  // What a user sees move: the cumulative layout shift (0.154 before the placeholders had the
  // rows' height; Lighthouse's "good" ends at 0.1).
  const shifted = await page.evaluate(() => (window as unknown as { shifted: number }).shifted);
  expect(shifted).toBeLessThan(0.01);
});
