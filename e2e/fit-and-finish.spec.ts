/**
 * Issue 19 "Fit and finish": the places where a new user still tripped (one describe per item).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { addDays } from '../domain/dates';
import { showMonthOf, today } from './dates';
import { ACCOUNTS, DEMO_PASSWORD, expect, expectNoA11yViolations, fillLogin, signIn, test } from './fixtures';

const port = Number(process.env.E2E_PORT ?? '3100');

test.describe('item 1: signing in on another address of the server', () => {
  test('with PUBLIC_URL set, another address is refused with a Romanian message on the page', async ({
    page,
  }) => {
    // The e2e server's PUBLIC_URL is http://localhost:PORT; 127.0.0.1 is the same server.
    await page.goto(`http://127.0.0.1:${port}/user/login`);
    await fillLogin(page, ACCOUNTS.doctor, DEMO_PASSWORD);
    await expect(page.getByTestId('login-refused')).toContainText('Autentificarea a fost refuzată');
    await expect(page).toHaveURL(/\/user\/login/);
  });

  test.describe('without PUBLIC_URL (the embedded default)', () => {
    const otherPort = port + 1;
    let server: ChildProcess;
    let dataDir: string;
    let output = '';

    test.beforeAll(async () => {
      test.setTimeout(180_000);
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinic-e2e-origin-'));
      server = spawn(process.execPath, ['dist/server/main.js'], {
        env: {
          ...process.env,
          PORT: String(otherPort),
          HOST: '127.0.0.2',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          PUBLIC_URL: '',
          DEMO_DATA: 'auto',
          DEMO_PASSWORD,
          NODE_ENV: 'production',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server.stdout?.on('data', (d) => {
        output += String(d);
      });
      await expect
        .poll(
          async () => {
            const res = await fetch(`http://127.0.0.2:${otherPort}/api/ready`).catch(() => null);
            return res?.status ?? 0;
          },
          { timeout: 170_000, intervals: [500] },
        )
        .toBe(200);
    });

    test.afterAll(async () => {
      if (server && server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    test('prints the address it listens on and signs in there', async ({ page }) => {
      await expect.poll(() => output).toContain(`http://127.0.0.2:${otherPort}`);
      await page.goto(`http://127.0.0.2:${otherPort}/user/login`);
      await fillLogin(page, ACCOUNTS.doctor, DEMO_PASSWORD);
      await expect(page).toHaveURL(new RegExp(`127\\.0\\.0\\.2:${otherPort}/app`));
      await expect(page.getByTestId('login-refused')).toHaveCount(0);
    });
  });
});

test.describe('item 8: the public 404 page', () => {
  for (const width of [1440, 360]) {
    test(`a mistyped public address answers 404 with a Romanian page and ways on (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ['/user/registr', '/programare']) {
        const res = await page.goto(path);
        expect(res?.status()).toBe(404);
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await expect(page.getByRole('heading', { level: 1, name: 'Pagina căutată nu există' })).toBeVisible();
      }
      await expect(page.getByRole('banner')).toBeVisible();
      await expectNoA11yViolations(page);
      await page.screenshot({ path: test.info().outputPath(`finish-404-${width}.png`), fullPage: true });
      await page.getByRole('link', { name: 'Solicită o consultație' }).click();
      await expect(page).toHaveURL(/\/user\/register$/);
      await page.goto('/user/registr');
      await page.getByRole('link', { name: 'Pagina principală', exact: true }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  }

  test('known pages answer 200; staff paths keep the spec text', async ({ page }) => {
    expect((await page.goto('/user/register'))?.status()).toBe(200);
    expect((await page.goto('/error'))?.status()).toBe(200);
    await expect(page.getByText('Ooops... looks like an error occurred!')).toBeVisible();
  });
});

test.describe('item 6: unknown records and the login page while signed in', () => {
  for (const width of [1440, 360]) {
    test(`unknown appointment and patient ids are said inside the shell, with a way back (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await signIn(page, 'doctor');
      const cases = [
        [
          '/app/appointments/999999999',
          'Programarea nu a fost găsită',
          'Înapoi la programări',
          /\/app\/appointments$/,
        ],
        [
          '/app/appointments/abc',
          'Programarea nu a fost găsită',
          'Înapoi la programări',
          /\/app\/appointments$/,
        ],
        ['/app/patients/999999999', 'Pacientul nu a fost găsit', 'Înapoi la pacienți', /\/app\/patients$/],
        ['/app/patients/abc', 'Pacientul nu a fost găsit', 'Înapoi la pacienți', /\/app\/patients$/],
      ] as const;
      for (const [path, title, back, list] of cases) {
        await page.goto(path);
        const panel = page.getByTestId('not-found');
        await expect(panel.getByText(title)).toBeVisible();
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        // Inside the shell: the main menu is there.
        await expect(page.getByRole('navigation').first()).toBeAttached();
        if (path.endsWith('999999999'))
          await page.screenshot({ path: test.info().outputPath(`finish-notfound-${width}.png`) });
        await panel.getByRole('link', { name: back }).click();
        await expect(page).toHaveURL(list);
      }
    });
  }

  test('/user/login while signed in goes to the app', async ({ page }) => {
    await signIn(page, 'doctor');
    await page.goto('/user/login');
    await expect(page).toHaveURL(/\/app\/dashboard$/);
  });
});

test.describe('items 10 and 11: CNP paste and names', () => {
  // A valid CNP (control digit) of 14.03.1985.
  const cnp = '1850314401239';

  test('a pasted CNP with spaces keeps its 13 digits in every CNP field', async ({ page }) => {
    await page.goto('/user/register');
    const field = page.getByLabel('CNP');
    /** Pastes into an empty field (again, when the app replaced the static first paint meanwhile). */
    const paste = async (text: string) =>
      expect(async () => {
        await field.fill('');
        await field.focus();
        await page.keyboard.insertText(text);
        await expect(field).toHaveValue(cnp, { timeout: 1000 });
      }).toPass();
    await paste(` ${cnp}`);
    await paste('1850 3144 01239');

    await signIn(page, 'superadmin');
    await page.goto('/app/docs/documents');
    const filter = page.getByRole('textbox', { name: 'CNP' });
    await filter.focus();
    await page.keyboard.insertText(` ${cnp}`);
    await expect(filter).toHaveValue(cnp);
  });

  test('a name without letters is refused on the form', async ({ page }) => {
    await page.goto('/user/register');
    const name = page.getByLabel('Nume și prenume');
    await name.fill('12345');
    await name.blur();
    await expect(page.getByText('Numele trebuie să conțină litere.')).toBeVisible();
  });
});

test.describe('items 9 and 12: the public form date', () => {
  /** The first weekday from tomorrow the server answers OK for. */
  async function okDay(page: Page): Promise<string> {
    let day = addDays(today(), 1);
    for (let i = 0; i < 180; i++, day = addDays(day, 1)) {
      const res = await page.request.get('/api/appointment/check-register-date', {
        params: { filters: JSON.stringify({ selected_date: day }) },
      });
      if ((await res.json()).status === 1) return day;
    }
    throw new Error('no OK day in the next 180 days');
  }

  async function showDay(page: Page, day: string) {
    await page.getByRole('button', { name: /Data programării/ }).click();
    // The calendar's code arrives on first use (decision 0042): month buttons once it is open.
    await expect(page.getByRole('button', { name: 'Luna următoare' })).toBeVisible();
    return showMonthOf(page, day);
  }

  test('the single 08:00 slot is preselected and the focus returns to the date field (1440 px)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const day = await okDay(page);
    await page.goto('/user/register');
    await (await showDay(page, day)).click();
    await expect(page.getByTestId('slot-0800')).toBeChecked();
    await expect(page.getByRole('button', { name: /Data programării/ })).toBeFocused();
    await page.screenshot({ path: test.info().outputPath('finish-slot-1440.png') });
  });

  test('a date check without network says so and offers a retry (360 px)', async ({ page, context }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    const day = await okDay(page);
    await page.goto('/user/register');
    const dayButton = await showDay(page, day);
    await context.setOffline(true);
    await dayButton.click();
    await expect(page.getByText(/nu a putut fi verificată: nu există legătură cu serverul/)).toBeVisible();
    await expect(
      page.getByText('Nu există ore disponibile pentru data aleasă.', { exact: false }),
    ).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('finish-offline-360.png'), fullPage: true });
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Încearcă din nou' }).click();
    await expect(page.getByTestId('slot-0800')).toBeChecked();
  });
});

test('item 7: the dashboard says how pending appointments are ordered, nearest first', async ({ page }) => {
  await signIn(page, 'doctor');
  const res = await page.request.get('/api/dashboard');
  const { stats } = (await res.json()) as {
    stats: { last_appointments: { id: number; date: string; time: string | null }[] };
  };
  const keys = stats.last_appointments.map((r) => `${r.date} ${r.time ?? ''}`);
  expect(keys).toEqual([...keys].sort());
  await page.goto('/app/dashboard');
  await expect(page.getByTestId('latest-order')).toHaveText('După dată și oră, cele mai apropiate întâi');
  if (stats.last_appointments.length > 0)
    await expect(page.getByTestId('latest-appointments').getByRole('link').first()).toHaveAttribute(
      'href',
      `/app/appointments/${stats.last_appointments[0].id}`,
    );
});

test.describe('item 4: search on a phone', () => {
  test('below 768 px a top-bar button opens the search (360 px); at 1440 px the field stays', async ({
    page,
  }) => {
    await signIn(page, 'doctor');
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/app/dashboard');
    await expect(page.getByTestId('top-search')).toBeHidden();
    await page.getByRole('button', { name: 'Căutare pacienți' }).click();
    const dialog = page.getByRole('dialog', { name: 'Căutare pacienți' });
    await expect(dialog.getByRole('textbox', { name: 'Text căutat' })).toBeFocused();
    await page.screenshot({ path: test.info().outputPath('finish-search-360.png') });
    await page.keyboard.type('Ionescu');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/pages\/search\/Ionescu$/);
    await expect(dialog).toHaveCount(0);

    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(page.getByTestId('top-search')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Căutare pacienți' })).toBeHidden();
  });
});

test.describe('item 2: calendars show what happens', () => {
  type Event = { id: number; patient: string; start: string; active: boolean };

  for (const width of [1440, 360]) {
    test(`cancelled appointments hidden behind a switch, not counted, full name on hover (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, 'doctor');
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/dashboard/calendar') && r.ok());
      await page.goto('/app/dashboard');
      const body = (await (await answer).json()) as {
        count: number;
        appointments: Event[];
        counts: { active: number; inactive: number };
      };
      // The month grid gets the appointments that happen only (three a day), and both counts.
      expect(body.appointments.every((e) => e.active)).toBe(true);
      expect(body.count).toBe(body.counts.active);
      const active = body.appointments;
      await expect(page.getByTestId('calendar-title')).toHaveText(`Toate programările (${body.count})`);
      const calendar = page.getByTestId('dashboard-calendar');
      await expect(calendar.locator('.event-inactive')).toHaveCount(0);
      const toggle = calendar.getByRole('switch', {
        name: `Arată programările anulate (${body.counts.inactive})`,
      });
      await expect(toggle).toBeVisible();

      // The hover/focus text has the full name and the time.
      if (active.length > 0) {
        const first = calendar.locator('[role="listitem"] [title]').first();
        await expect(first).toHaveAttribute('title', /^\d{2}:\d{2} .+ · /);
      }
      // Nothing spills out of its day cell.
      const spill = await calendar.evaluate((root) => {
        let n = 0;
        for (const ev of root.querySelectorAll('[role="gridcell"] [role="listitem"]')) {
          const cell = ev.closest('[role="gridcell"]');
          if (!cell) continue;
          const a = ev.getBoundingClientRect();
          const b = cell.getBoundingClientRect();
          if (a.right > b.right + 1 || a.left < b.left - 1) n++;
        }
        return n;
      });
      expect(spill).toBe(0);
      await page.screenshot({ path: test.info().outputPath(`finish-calendar-${width}.png`), fullPage: true });

      if (body.counts.inactive > 0) {
        const withInactive = page.waitForResponse(
          (r) => r.url().endsWith('/api/dashboard/calendar') && r.request().postDataJSON().includeInactive,
        );
        await toggle.check({ force: true });
        await withInactive;
        await expect(calendar.locator('.event-inactive').first()).toBeAttached();
        await expect(calendar.locator('.event-inactive').first()).toHaveCSS(
          'text-decoration-line',
          'line-through',
        );
      }

      // The week view's heading carries the dates (the title, and the columns where they fit).
      await calendar.getByRole('tab', { name: 'Săptămână' }).click();
      await expect(calendar.getByRole('heading', { level: 2 }).or(calendar.locator('h2')).first()).toHaveText(
        /\d{1,2}\D+\d{1,2}/,
      );
      if (width === 1440)
        await expect(
          calendar
            .locator('[role="columnheader"]')
            .filter({ hasText: /\d{2}\.\d{2}/ })
            .first(),
        ).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`finish-week-${width}.png`), fullPage: true });
    });
  }
});

test.describe('item 3: search in any word order', () => {
  test('a name typed in the other word order is found from the top bar; a text over the limit says so', async ({
    page,
  }) => {
    await signIn(page, 'doctor');
    // A demo patient's "Family Given" name, typed "Given Family" ("Petru Matei" for "Matei Petru").
    const res = await page.request.get('/api/patients', { params: { page: 1, perPage: 50 } });
    const name = ((await res.json()) as { patients: { patient: string }[] }).patients
      .map((p) => p.patient)
      .find((n) => /^\p{L}+ \p{L}+$/u.test(n))!;
    expect(name, 'a demo patient with a two-word name').toBeTruthy();
    const reversed = name.split(' ').reverse().join(' ');
    await page.goto('/app/dashboard');
    await page.getByTestId('top-search').fill(reversed);
    await page.keyboard.press('Enter');
    await expect(
      page.getByTestId('search-results').getByRole('link', { name, exact: true }).first(),
    ).toBeVisible();

    await page.goto(`/app/pages/search/${'a'.repeat(101)}`);
    await expect(page.getByText('Textul căutat poate avea cel mult 100 de caractere.')).toBeVisible();
    await expect(page.getByText('Introduceți cel puțin 2 caractere.')).toHaveCount(0);
  });
});
