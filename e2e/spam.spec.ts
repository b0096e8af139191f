/**
 * Staff mark requests a script sent as spam from the appointment list (issue 20 §2): they pick
 * the requests, confirm, and the requests and the patients they created are gone.
 */
import { makeCnp } from '../domain/validation/cnp';
import {
  expect,
  expectNoA11yViolations,
  openPublicDay,
  signedInRequest,
  signIn,
  test,
  withProofOfWork,
} from './fixtures';

for (const width of [1440, 360]) {
  test(`two public requests marked as spam from the list leave no trace (${width} px)`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const staff = await signedInRequest(baseURL, 'admin');
    const day = await openPublicDay(staff);
    const stamp = `${width}${Date.now() % 100000}`;
    const names = [`Spam Unu ${stamp}`, `Spam Doi ${stamp}`];
    for (const [i, name] of names.entries()) {
      const res = await staff.post('/api/appointment', {
        data: await withProofOfWork(staff, {
          appt_date: day,
          appt_time: '08:00',
          name,
          cnp: makeCnp(1, '1990-01-01', '40', (Number(stamp) + i) % 1000),
          phone: '0722 000 111',
          state_residency: 'RO-B',
          insurance_status: 'uninsured',
          vaccine: 0,
          agreement: true,
        }),
      });
      expect(res.ok(), await res.text()).toBe(true);
    }

    await signIn(page, 'doctor');
    await page.goto('/app/appointments');
    await page.getByRole('textbox', { name: 'Pacient', exact: true }).fill(stamp);
    const table = page.getByRole('table');
    for (const name of names) await expect(table.getByRole('link', { name })).toBeVisible();
    for (const name of names)
      await page.getByRole('checkbox', { name: `Selectează cererea lui ${name}` }).check();
    const bar = page.getByRole('region', { name: 'Cereri selectate' });
    await expect(bar).toContainText('Selectate: 2 cereri');
    await expectNoA11yViolations(page);
    await bar.getByRole('button', { name: 'Marchează ca spam' }).click();
    const dialog = page.getByRole('dialog', { name: 'Marcați 2 cereri ca spam?' });
    await expect(dialog).toContainText('locurile lor din ziua cerută devin libere');
    // Checked once it has faded in: mid-transition colours are not the ones a person reads.
    await expect(dialog).toHaveCSS('opacity', '1');
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Marchează ca spam' }).click();
    await expect(page.getByText('Cererile au fost marcate ca spam. (2, pacienți șterși: 2)')).toBeVisible();
    await expect(bar).toBeHidden();
    for (const name of names) await expect(page.getByRole('link', { name })).toHaveCount(0);
    // The patients the requests created are gone from the registry too.
    const left = await staff.get('/api/patients', { params: { filters: JSON.stringify({ name: stamp }) } });
    expect((await left.json())._meta.total).toBe(0);
    await staff.dispose();
  });
}
