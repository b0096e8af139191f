/**
 * The calendars area (issue 7): one tab per calendar with the first selected, a doctor filter
 * ('all doctors', clearable) that changes the events fetched for the visible range, and a click
 * on an event opening its appointment.
 */
import { expect, signIn, test } from './fixtures';

type Calendar = { id: number; title: string };
type Events = { data: { events: { id: number }[] } };

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
  let answer = (await (await firstLoad).json()) as Events;
  await expect(page.getByTestId(`event-count-${calendars[0].id}`)).toHaveText(
    `Programări în interval: ${answer.data.events.length}`,
  );

  // Another calendar: its own events.
  const second = calendars[1];
  const secondLoad = eventsOf(second.id);
  await page.getByRole('tab', { name: second.title }).click();
  answer = (await (await secondLoad).json()) as Events;
  const all = answer.data.events.length;
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
  const byDoctor = ((await (await filtered).json()) as Events).data.events.length;
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
  const events = calendar.getByRole('button', { name: /^\d\d:\d\d / });
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
