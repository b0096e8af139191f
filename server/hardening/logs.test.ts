/**
 * The logs carry no personal data: the app runs with the production logger configuration (at the
 * most verbose level) writing into memory, goes through the main flows, and the output must not
 * contain any CNP, phone number, e-mail address, password, cookie or token that went through it.
 */
import { describe, expect, it } from 'vitest';
import { makeCnp } from '../../domain/validation/cnp';
import { PDF } from '../features/documents/test/samples';
import { addCalendars } from '../features/registration/test/helpers';
import { createStaffUser } from '../platform/auth/staff';
import { loggerOptions } from '../platform/logging';
import { setupTestApp } from '../test/harness';
import { multipart } from './seed';

const lines: string[] = [];
const stream = { write: (s: string) => void lines.push(s) };
const REG_NOW = new Date('2026-11-25T08:00:00Z');
const clock = { at: null as Date | null, now: () => clock.at ?? new Date() };
const ctx = await setupTestApp({ logger: loggerOptions('trace', stream), clock });
const log = () => lines.join('');

const STAFF_EMAIL = 'maria.secret-staff@institut.example';
const PASSWORD = 'Parola-Foarte-Secreta-2026';
const WRONG_PASSWORD = 'Parola-Gresita-Secreta-9';
const patient = {
  name: 'Zamfira Ulmeanu',
  cnp: makeCnp(2, '1971-04-19', '12', 321),
  email: 'zamfira.ulmeanu@example.ro',
  phone: '0745 987 654',
  gp_name: 'Dr. Ovidiu Caraman',
  gp_email: 'dr.caraman@example.ro',
  gp_phone: '0264 555 777',
  insurance_status: 'insured-employed',
  state_residency: 'RO-CJ',
  vaccine: '1',
};
const requester = {
  appt_date: '2026-11-26',
  appt_time: '08:00',
  name: 'Ilarion Vornicescu',
  cnp: makeCnp(1, '1958-09-02', '40', 654),
  email: 'ilarion.vornicescu@example.ro',
  phone: '0733 246 810',
  gp_name: 'Dr. Elena Pop',
  gp_email: 'dr.elena.pop@example.ro',
  gp_phone: '0264 123 456',
  state_residency: 'RO-CJ',
  insurance_status: 'insured-employed',
  vaccine: 1,
  agreement: true,
};

/** Every way a value may show up: as sent, digits only, E.164 and national phone forms. */
function forms(value: string): string[] {
  const out = new Set([value]);
  const digits = value.replace(/\D/g, '');
  if (digits.length >= 9 && !value.includes('@')) {
    out.add(digits);
    out.add(`+4${digits}`);
    out.add(digits.slice(-9));
  }
  return [...out];
}

describe('logs', () => {
  it('keep no CNP, phone, e-mail, password, cookie, token or typed search of the main flows', async () => {
    await createStaffUser(ctx.database.db, {
      email: STAFF_EMAIL,
      password: PASSWORD,
      firstName: 'Maria',
      lastName: 'Secret',
      doctor: true,
      superadmin: true,
      authorized: true,
    });
    const failed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: STAFF_EMAIL, password: WRONG_PASSWORD },
    });
    expect(failed.statusCode).toBe(401);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: STAFF_EMAIL, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    const setCookies = ([] as string[]).concat(signIn.headers['set-cookie'] ?? []);
    const cookie = setCookies.map((c) => c.split(';')[0]).join('; ');
    const bearer = String(signIn.headers['set-auth-token'] ?? '');
    const headers = { cookie };

    const created = await ctx.app.inject({ method: 'POST', url: '/api/patients', headers, payload: patient });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const patientId = created.json().id ?? created.json().patient?.id;
    expect(patientId).toBeGreaterThan(0);
    // The same CNP again: a refusal, whose message must not echo it into the log either.
    const dup = await ctx.app.inject({ method: 'POST', url: '/api/patients', headers, payload: patient });
    expect(dup.statusCode).toBe(409);

    await addCalendars(ctx.database.db);
    clock.at = REG_NOW;
    const reg = await ctx.app.inject({ method: 'POST', url: '/api/appointment', payload: requester });
    clock.at = null;
    expect(reg.statusCode, reg.body).toBeLessThan(300);

    const { payload, contentType } = multipart([
      { name: 'title', value: `Analize ${patient.cnp}` },
      { name: 'patient_id', value: String(patientId) },
      {
        name: 'document',
        filename: `${patient.cnp}-${patient.phone}.pdf`,
        data: PDF,
        type: 'application/pdf',
      },
    ]);
    const up = await ctx.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { ...headers, 'content-type': contentType },
      payload,
    });
    expect(up.statusCode, up.body).toBeLessThan(300);

    const search = await ctx.app.inject({ method: 'GET', url: `/api/search?q=${patient.cnp}`, headers });
    expect(search.statusCode, search.body).toBeLessThan(300);
    const byPhone = await ctx.app.inject({
      method: 'GET',
      url: `/api/patients?filters=${encodeURIComponent(JSON.stringify({ phone: patient.phone, cnp: patient.cnp }))}`,
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(byPhone.statusCode, byPhone.body).toBeLessThan(300);

    const consult = await ctx.app.inject({
      method: 'PUT',
      url: '/api/patients',
      headers,
      payload: {
        patientId,
        consultationTitle: 'Consultatie',
        reason: `<p>Sunati la ${patient.phone} sau scrieti la ${patient.email}</p>`,
      },
    });
    expect(consult.statusCode, consult.body).toBeLessThan(300);

    // The private calendar feed: its token is a credential, so the log shows the route only.
    const feed = await ctx.app.inject({ method: 'POST', url: '/api/my-account/calendar-feed', headers });
    expect(feed.statusCode, feed.body).toBe(200);
    const feedPath: string = feed.json().path;
    const feedToken = feedPath.replace('/api/calendar-feed/', '').replace('.ics', '');
    expect((await ctx.app.inject({ method: 'GET', url: feedPath })).statusCode).toBe(200);
    // The search page's path is what the user typed (a CNP, a name); and paths no route knows.
    for (const text of [patient.cnp, patient.name, patient.email]) {
      await ctx.app.inject({ method: 'GET', url: `/app/pages/search/${encodeURIComponent(text)}`, headers });
    }
    await ctx.app.inject({ method: 'GET', url: `/api/patients/by-cnp/${patient.cnp}`, headers });
    await ctx.app.inject({ method: 'GET', url: `/app/x/${encodeURIComponent(patient.gp_email)}`, headers });

    // A failed query's error message lists its parameters: the logged error must not.
    ctx.app.log.error(
      { err: new Error(`Failed query: select * from patients where cnp = $1\nparams: ${patient.cnp}`) },
      'unhandled error',
    );

    const text = log();
    expect(text).toContain('"statusCode":200'); // the requests were logged at all
    expect(text).toContain('"path":"/api/search"');
    expect(text).toContain('"path":"/api/calendar-feed/:file"');
    expect(text).toContain('"path":"/app/pages/search/[redacted]"');
    const secrets = [
      ...forms(patient.cnp),
      ...forms(patient.phone),
      ...forms(patient.gp_phone),
      patient.email,
      patient.gp_email,
      ...forms(requester.cnp),
      ...forms(requester.phone),
      requester.email,
      requester.gp_email,
      STAFF_EMAIL,
      PASSWORD,
      WRONG_PASSWORD,
      ...setCookies.map((c) => c.split(';')[0].split('=').slice(1).join('=')),
      ...setCookies.map(
        (c) => decodeURIComponent(c.split(';')[0].split('=').slice(1).join('=')).split('.')[0],
      ),
      bearer,
      feedToken,
    ].filter((s) => s.length >= 6);
    for (const secret of secrets) expect(text, `the log contains ${secret}`).not.toContain(secret);
    // Names are personal data too.
    for (const name of [patient.name, requester.name]) expect(text).not.toContain(name);
  });
});
