/** POST /api/appointment and GET /api/appointment/check-register-date: rules, messages, rows. */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONSENT_TEXT, CONSENT_TEXT_VERSION } from '../../../domain/registration';
import {
  appointments,
  auditEvents,
  calendars,
  calendarUnavailableDays,
  consents,
  outbox,
  patients,
} from '../../db/schema';
import { makeConsentText, makePatient, nextCnp } from '../../test/factories';
import { checkDate, counts, dateFilter, form, requestIdOf, setupRegistration, submit } from './test/helpers';

const { ctx, db, calendarId } = await setupRegistration();
await db
  .insert(calendarUnavailableDays)
  .values({ calendarId, fromDate: '2026-12-01', toDate: '2026-12-03', reason: 'Concediu' });
// An unavailable day of ANOTHER calendar must not close the public one.
const [other] = await db.select().from(calendars).where(eq(calendars.publicRequests, false));
await db
  .insert(calendarUnavailableDays)
  .values({ calendarId: other.id, fromDate: '2026-12-04', toDate: '2026-12-04' });

const BAD = { status: 0, message: 'Data selectata nu este disponibila!' };

describe('GET /api/appointment/check-register-date (today is Wednesday 25.11.2026 in Bucharest)', () => {
  it.each([
    ['2026-11-25', 'today'],
    ['2026-11-26', 'a Thursday'],
    ['2026-11-30', 'the Monday before an unavailable period'],
    ['2026-12-04', 'the Friday after it (closed only on another calendar)'],
    ['2031-11-25', 'exactly 60 months ahead'],
  ])('%s (%s) is OK', async (d) => {
    const res = await checkDate(ctx, dateFilter(d));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1 });
  });

  it.each([
    ['2026-11-24', 'yesterday'],
    ['2026-11-28', 'a Saturday'],
    ['2026-11-29', 'a Sunday'],
    ['2026-12-01', 'first unavailable day'],
    ['2026-12-02', 'inside the unavailable period'],
    ['2026-12-03', 'last unavailable day'],
    ['2031-11-26', 'one day beyond 60 months'],
    ['2036-01-07', 'years beyond 60 months'],
  ])('%s (%s) is BAD with the spec message', async (d) => {
    const res = await checkDate(ctx, dateFilter(d));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(BAD);
  });

  it.each([
    [undefined, 'no filters'],
    ['', 'empty filters'],
    ['{"selected_date":', 'filters that are not JSON'],
    [JSON.stringify({ selected_date: '2026-02-30' }), 'an impossible date'],
    [JSON.stringify({ selected_date: '26.11.2026' }), 'a date in another format'],
    [JSON.stringify({ selected_date: 20261126 }), 'a number'],
    [JSON.stringify({ selected_date: '2026-11-26', extra: 1 }), 'an unknown key'],
  ])('answers 400 for %s (%s)', async (filters, _why) => {
    const res = await checkDate(ctx, filters);
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(0);
  });
});

describe('POST /api/appointment: a complete request', () => {
  it('creates the patient, the request at 08:00, the consent, the e-mail and the audit event', async () => {
    const body = form({ cnp: nextCnp(), appt_date: '2026-11-26', phone: '0722 123 456' });
    const res = await submit(ctx, body, '203.0.113.7');
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json).toMatchObject({
      status: 1,
      appointment: { id: 0, selected_date: '2026-11-26', selected_time: '08:00' },
    });
    const [a] = await db
      .select()
      .from(appointments)
      .where(eq(appointments.id, await requestIdOf(db, body)));
    expect(a).toMatchObject({
      status: 'request',
      selectedDate: '2026-11-26',
      calendarId,
      publicRequest: true,
      holdsSlot: false,
      doctorId: null,
    });
    expect(a.selectedTime?.slice(0, 5)).toBe('08:00');
    expect(a.requestData).toMatchObject({
      name: 'Ștefan Mureșan',
      cnp: body.cnp,
      phone: '+40722123456',
      gp_phone: '+40264123456',
      state_residency: 'RO-CJ',
      insurance_status: 'insured-employed',
      vaccine: 1,
    });
    expect(a.requestData).not.toHaveProperty('agreement');
    const [p] = await db.select().from(patients).where(eq(patients.id, a.patientId));
    expect(p).toMatchObject({
      name: 'Ștefan Mureșan',
      nameSearch: 'stefan muresan',
      cnp: body.cnp,
      phone: '+40722123456',
      email: 'stefan@example.ro',
      gpName: 'Dr. Elena Pop',
      gpEmail: 'dr.pop@example.ro',
      gpPhone: '+40264123456',
      insuranceStatus: 'insured-employed',
      stateResidency: 'RO-CJ',
      covidVaccine: 1,
    });
    const [c] = await db.select().from(consents).where(eq(consents.appointmentId, a.id));
    expect(c).toMatchObject({ patientId: p.id, textVersion: CONSENT_TEXT_VERSION, ip: '203.0.113.7' });
    expect(c.givenAt).toBeInstanceOf(Date);
    const mails = await db.select().from(outbox).where(eq(outbox.to, 'stefan@example.ro'));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('26.11.2026, ora 08:00');
    expect(mails[0].text).toContain('48 de ore');
    expect(mails[0].text).toContain(ctx.app.deps.config.CONTACT_EMAIL);
    const events = await db.select().from(auditEvents).where(eq(auditEvents.action, 'registration.create'));
    const event = events.find((e) => e.entityId === String(a.id));
    expect(event?.details).toMatchObject({
      patientCreated: true,
      consentId: c.id,
      consentVersion: CONSENT_TEXT_VERSION,
    });
    expect(event?.actorId).toBeNull();
  });

  it('sends no e-mail when none is given (the SMS only), and keeps empty optional fields empty', async () => {
    const before = await counts(db);
    const body = form({ email: '', gp_name: '', gp_email: '', gp_phone: '' });
    const res = await submit(ctx, body);
    expect(res.statusCode).toBe(201);
    const after = await counts(db);
    expect(after.appointments).toBe(before.appointments + 1);
    const [a] = await db
      .select()
      .from(appointments)
      .where(eq(appointments.id, await requestIdOf(db, body)));
    const queued = await db.select().from(outbox).where(eq(outbox.appointmentId, a.id));
    expect(queued.map((m) => m.channel)).toEqual(['sms']);
    expect(after.outbox).toBe(before.outbox + 1);
    const [p] = await db.select().from(patients).where(eq(patients.id, a.patientId));
    expect(p).toMatchObject({ email: null, gpName: null, gpEmail: null, gpPhone: null });
  });

  it('links an existing patient by CNP without overwriting the record', async () => {
    const cnp = nextCnp();
    const existing = await makePatient(db, {
      name: 'Maria Ionescu',
      cnp,
      phone: '+40744000111',
      email: null,
      insuranceStatus: 'insured-retired',
      stateResidency: 'RO-B',
    });
    const body = form({ cnp, name: 'Maria Ionescu-Pop', phone: '0755 000 222' });
    const res = await submit(ctx, body);
    expect(res.statusCode).toBe(201);
    const [a] = await db
      .select()
      .from(appointments)
      .where(eq(appointments.id, await requestIdOf(db, body)));
    expect(a.patientId).toBe(existing.id);
    expect(a.requestData).toMatchObject({ name: 'Maria Ionescu-Pop', phone: '+40755000222' });
    const [p] = await db.select().from(patients).where(eq(patients.id, existing.id));
    expect(p).toEqual(existing);
  });

  it('keeps one request per CNP and day, and answers a repeat exactly like a new request', async () => {
    const cnp = nextCnp();
    const first = await submit(ctx, form({ cnp, appt_date: '2026-12-07' }));
    expect(first.statusCode).toBe(201);
    const before = await counts(db);
    const again = await submit(ctx, form({ cnp, appt_date: '2026-12-07', name: 'Alt Nume' }));
    // Same status, same body: no id of the existing record, no sign that it exists.
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.json().appointment.id).toBe(0);
    expect(await counts(db)).toEqual(before);
    // Another day is another request.
    const otherDay = await submit(ctx, form({ cnp, appt_date: '2026-12-08' }));
    expect(otherDay.statusCode).toBe(201);
    const [p] = await db.select().from(patients).where(eq(patients.cnp, cnp));
    const rows = await db
      .select()
      .from(appointments)
      .where(and(eq(appointments.patientId, p.id), eq(appointments.publicRequest, true)));
    expect(rows).toHaveLength(2);
  });
});

describe('POST /api/appointment: refusals create nothing', () => {
  const M = {
    date: 'Va rugam selectati data programarii.',
    time: 'Va rugam selectati ora programarii.',
    name: 'Va rugam introduceti numele.',
    cnp: 'Va rugam introduceti CNP valid.',
    phoneRequired: 'Va rugam introduceti numarul de telefon.',
    phoneInvalid: 'Numarul de telefon introdus este invalid',
    agreement: 'Trebuie sa fiti de acord.',
    insurance: 'Va rugam selectati statutul asiguratului.',
    vaccine: 'Va rugam selectati daca pacientul este vaccinat',
    state: 'Va rugam selectati judetul de resedinta.',
  };

  it.each([
    ['appt_date', { appt_date: undefined }, M.date],
    ['appt_date', { appt_date: '' }, M.date],
    ['appt_date', { appt_date: '2026-02-30' }, M.date],
    ['appt_time', { appt_time: undefined }, M.time],
    ['appt_time', { appt_time: '09:00' }, M.time],
    ['name', { name: undefined }, M.name],
    ['name', { name: '   ' }, M.name],
    ['name', { name: '12345' }, 'Numele trebuie să conțină litere.'],
    ['cnp', { cnp: undefined }, M.cnp],
    ['cnp', { cnp: '1850312401234' }, M.cnp],
    ['cnp', { cnp: '185031240123' }, M.cnp],
    ['phone', { phone: undefined }, M.phoneRequired],
    ['phone', { phone: '' }, M.phoneRequired],
    ['phone', { phone: '0790 123 456' }, M.phoneInvalid],
    ['phone', { phone: '12345' }, M.phoneInvalid],
    ['agreement', { agreement: false }, M.agreement],
    ['agreement', { agreement: undefined }, M.agreement],
    ['agreement', { agreement: 'true' }, M.agreement],
    ['insurance_status', { insurance_status: undefined }, M.insurance],
    ['insurance_status', { insurance_status: 'insured' }, M.insurance],
    ['vaccine', { vaccine: undefined }, M.vaccine],
    ['vaccine', { vaccine: 2 }, M.vaccine],
    ['state_residency', { state_residency: undefined }, M.state],
    ['state_residency', { state_residency: 'RO-XX' }, M.state],
    ['email', { email: 'not-an-email' }, 'Adresa de e-mail este invalidă.'],
    ['gp_email', { gp_email: 'dr.pop@' }, 'Adresa de e-mail a medicului de familie este invalidă.'],
    ['gp_phone', { gp_phone: '0790 000 000' }, 'Numărul de telefon al medicului de familie este invalid.'],
  ])('%s %j -> 400 "%s"', async (field, override, message) => {
    const before = await counts(db);
    const res = await submit(ctx, form(override));
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json.status).toBe(0);
    expect(json.errors[field]).toBe(message);
    expect(await counts(db)).toEqual(before);
  });

  it('lists every invalid field of an empty form with its message', async () => {
    const res = await submit(ctx, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      appt_date: M.date,
      appt_time: M.time,
      name: M.name,
      cnp: M.cnp,
      phone: M.phoneRequired,
      agreement: M.agreement,
      insurance_status: M.insurance,
      vaccine: M.vaccine,
      state_residency: M.state,
    });
  });

  it.each([
    ['2026-11-24', 'a past day'],
    ['2026-11-28', 'a Saturday'],
    ['2026-11-29', 'a Sunday'],
    ['2026-12-02', 'an unavailable day'],
    ['2031-11-26', 'beyond 60 months'],
  ])('refuses %s (%s) with the spec message', async (d) => {
    const before = await counts(db);
    const res = await submit(ctx, form({ appt_date: d }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ...BAD, errors: { appt_date: BAD.message } });
    expect(await counts(db)).toEqual(before);
  });
});

describe('the consent text and the version recorded', () => {
  it('GET /api/appointment/consent-text gives the current text with the institute named', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/appointment/consent-text',
      remoteAddress: '10.9.0.1',
    });
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json).toMatchObject({ status: 1, version: CONSENT_TEXT_VERSION });
    expect(json.text).toContain(ctx.app.deps.config.INSTITUTE_NAME);
    expect(json.text).not.toContain('{institut}');
    expect(json.text).toContain('GDPR');
  });

  it('records the version the page showed; a new version becomes the current one; unknown ones are refused', async () => {
    await makeConsentText(db, {
      version: 'gdpr-2027-01',
      text: 'Text nou al acordului pentru {institut}.',
      createdAt: new Date('2027-01-01T00:00:00Z'),
    });
    const current = (await ctx.app.inject({ method: 'GET', url: '/api/appointment/consent-text' })).json();
    expect(current).toMatchObject({
      version: 'gdpr-2027-01',
      text: `Text nou al acordului pentru ${ctx.app.deps.config.INSTITUTE_NAME}.`,
    });

    const versionOf = async (body: Record<string, unknown>) => {
      const [c] = await db
        .select()
        .from(consents)
        .where(eq(consents.appointmentId, await requestIdOf(db, body)));
      return c.textVersion;
    };
    // The text each consent keeps is the one the page showed, the institute named (issue 54, item 15).
    const shownTextOf = async (body: Record<string, unknown>) => {
      const [c] = await db
        .select()
        .from(consents)
        .where(eq(consents.appointmentId, await requestIdOf(db, body)));
      return c.shownText;
    };
    const institute = ctx.app.deps.config.INSTITUTE_NAME;
    const old = form({ consent_version: CONSENT_TEXT_VERSION });
    const shownOld = await submit(ctx, old);
    expect(shownOld.statusCode).toBe(201);
    expect(await versionOf(old)).toBe(CONSENT_TEXT_VERSION);
    expect(await shownTextOf(old)).toBe(CONSENT_TEXT.replaceAll('{institut}', institute));
    expect(await shownTextOf(old)).not.toContain('{institut}');
    const fresh = form({ consent_version: 'gdpr-2027-01' });
    await submit(ctx, fresh);
    expect(await versionOf(fresh)).toBe('gdpr-2027-01');
    expect(await shownTextOf(fresh)).toBe(`Text nou al acordului pentru ${institute}.`);
    const unsaid = form();
    await submit(ctx, unsaid);
    expect(await versionOf(unsaid)).toBe('gdpr-2027-01');

    const before = await counts(db);
    const unknown = await submit(ctx, form({ consent_version: 'gdpr-1999-01' }));
    expect(unknown.statusCode).toBe(409);
    const message = 'Textul acordului s-a schimbat. Vă rugăm reîncărcați pagina și citiți-l din nou.';
    expect(unknown.json()).toMatchObject({ status: 0, message, errors: { agreement: message } });
    expect(await counts(db)).toEqual(before);
  });
});
