/**
 * Consent text versions (a change is a new version; the public form records the current one),
 * consent withdrawal, and the retention review list (RETENTION_YEARS after the last contact).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PRIVACY_MESSAGES } from '../../../domain/privacy';
import { auditEvents, consents, patients } from '../../db/schema';
import {
  makeAppointment,
  makeConsentText,
  makeConsultationGroup,
  makeDocument,
  makePatient,
  makePublicCalendar,
  nextRealWeekday as nextWeekday,
} from '../../test/factories';
import { type Staff, setupTestApp, signedInStaff } from '../../test/harness';
import { person } from './test/data';

const ctx = await setupTestApp({ env: { RETENTION_YEARS: '8' } });
const db = ctx.database.db;
await makePublicCalendar(ctx.database.db);
const admin = await signedInStaff(ctx, { superadmin: true, doctor: false });
const doctor = await signedInStaff(ctx, { doctor: true });

/** A new consent text version, sent as `who`. */
const addConsentText = (who: Staff, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/privacy/consent-texts', headers: who.headers, payload });

async function register(who = person()) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/appointment',
    remoteAddress: '203.0.113.9',
    payload: {
      appt_date: nextWeekday(),
      appt_time: '08:00',
      name: who.name,
      cnp: who.cnp,
      phone: who.phone,
      state_residency: 'RO-B',
      insurance_status: 'uninsured',
      vaccine: 0,
      agreement: true,
    },
  });
  expect(res.statusCode).toBe(201);
  const [p] = await db.select().from(patients).where(eq(patients.cnp, who.cnp));
  return p.id;
}

describe('consent texts', () => {
  it('starts with the version the form showed before versions were stored', async () => {
    const res = await ctx.app.inject({ url: '/api/privacy/consent-texts', headers: doctor.headers });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toHaveLength(1);
    expect(data[0].version).toBe('gdpr-2026-11');
    expect(data[0].text).toMatch(/^Sunt de acord ca \{institut\} să prelucreze datele mele personale/);
  });

  it('takes a new version from a superadmin only, refuses duplicates and bad input', async () => {
    const body = { version: 'gdpr-2027-01', text: 'Sunt de acord cu prelucrarea datelor (versiunea 2027).' };
    const asDoctor = await addConsentText(doctor, body);
    expect(asDoctor.statusCode).toBe(403);
    const ok = await addConsentText(admin, body);
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toEqual({
      status: 1,
      message: PRIVACY_MESSAGES.versionCreated,
      version: 'gdpr-2027-01',
    });
    const again = await addConsentText(admin, { ...body, text: 'Alt text' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 0, message: PRIVACY_MESSAGES.versionExists });
    const bad = await addConsentText(admin, { version: 'X', text: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ version: PRIVACY_MESSAGES.version, text: PRIVACY_MESSAGES.text });
    const list = (await ctx.app.inject({ url: '/api/privacy/consent-texts', headers: admin.headers })).json();
    expect(list.data.map((t: { version: string }) => t.version)).toEqual(['gdpr-2027-01', 'gdpr-2026-11']);
  });

  it('records the current version on the public form, and the patient detail shows it with its text', async () => {
    const id = await register();
    const [c] = await db.select().from(consents).where(eq(consents.patientId, id));
    expect(c.textVersion).toBe('gdpr-2027-01');
    const res = await ctx.app.inject({ url: `/api/privacy/patients/${id}`, headers: doctor.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 1,
      privacy: {
        patient_id: id,
        anonymised_at: null,
        consents: [
          {
            id: c.id,
            text_version: 'gdpr-2027-01',
            text: 'Sunt de acord cu prelucrarea datelor (versiunea 2027).',
            given_at: c.givenAt.toISOString(),
            withdrawn_at: null,
            appointment_id: c.appointmentId,
          },
        ],
      },
    });
  });

  it('shows a consent given before its text was kept as its version with the institute named', async () => {
    const id = await register();
    // As migration 0037 left the rows before it: the version only.
    await db.update(consents).set({ shownText: null }).where(eq(consents.patientId, id));
    await makeConsentText(db, {
      version: 'gdpr-old',
      text: 'Sunt de acord ca {institut} să prelucreze datele.',
      createdAt: new Date('2020-01-01T00:00:00Z'),
    });
    await db.update(consents).set({ textVersion: 'gdpr-old' }).where(eq(consents.patientId, id));
    const res = await ctx.app.inject({ url: `/api/privacy/patients/${id}`, headers: doctor.headers });
    expect(res.json().privacy.consents[0].text).toBe(
      `Sunt de acord ca ${ctx.app.deps.config.INSTITUTE_NAME} să prelucreze datele.`,
    );
  });

  it('records a withdrawal once, audited', async () => {
    const id = await register();
    const [c] = await db.select().from(consents).where(eq(consents.patientId, id));
    const url = `/api/privacy/patients/${id}/consents/${c.id}/withdraw`;
    const wrongPatient = await ctx.app.inject({
      method: 'POST',
      url: `/api/privacy/patients/${id + 1000}/consents/${c.id}/withdraw`,
      headers: doctor.headers,
    });
    expect(wrongPatient.statusCode).toBe(404);
    const res = await ctx.app.inject({ method: 'POST', url, headers: doctor.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 1, message: PRIVACY_MESSAGES.consentWithdrawn });
    const [after] = await db.select().from(consents).where(eq(consents.id, c.id));
    expect(after.withdrawnAt).toBeInstanceOf(Date);
    const again = await ctx.app.inject({ method: 'POST', url, headers: doctor.headers });
    expect(again.statusCode).toBe(409);
    const events = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'privacy.consent.withdraw'));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorId: doctor.id, patientId: id, entityId: String(c.id) });
  });
});

describe('GET /api/privacy/retention-due', () => {
  it('lists patients whose last contact is older than RETENTION_YEARS, oldest first, masked', async () => {
    // Without an e-mail address: contact details play no part in the retention rule.
    const add = (name: string, createdAt: string) =>
      makePatient(db, { name, email: null, createdAt: new Date(createdAt) });
    const old = await add('Vechi Fără Contact', '2010-03-01T10:00:00Z');
    const oldAppt = await add('Vechi Cu Programare', '2009-01-01T10:00:00Z');
    await makeAppointment(db, { patientId: oldAppt.id, status: 'scheduled', date: '2012-05-05' });
    const recentAppt = await add('Vechi Revenit', '2005-01-01T10:00:00Z');
    await makeAppointment(db, { patientId: recentAppt.id, status: 'scheduled', date: '2025-01-10' });
    const recentConsult = await add('Vechi Consultat', '2005-01-01T10:00:00Z');
    await makeConsultationGroup(db, recentConsult.id, {
      date: '2024-06-01',
      createdAt: new Date('2024-06-01T10:00:00Z'),
    });
    const recentDoc = await add('Vechi Cu Document', '2005-01-01T10:00:00Z');
    await makeDocument(db, recentDoc.id, { createdAt: new Date('2023-01-01T10:00:00Z') });

    const asDoctor = await ctx.app.inject({ url: '/api/privacy/retention-due', headers: doctor.headers });
    expect(asDoctor.statusCode).toBe(403);
    const res = await ctx.app.inject({
      url: '/api/privacy/retention-due',
      query: { page: '1', perPage: '10' },
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 1,
      retention_years: 8,
      _meta: { total: 2, page: 1, perPage: 10, pageCount: 1 },
    });
    expect(body.data).toEqual([
      {
        id: old.id,
        patient: old.name,
        cnp: `*********${old.cnp.slice(-4)}`,
        last_contact: '2010-03-01',
        anonymised_at: null,
      },
      {
        id: oldAppt.id,
        patient: oldAppt.name,
        cnp: `*********${oldAppt.cnp.slice(-4)}`,
        last_contact: '2012-05-05',
        anonymised_at: null,
      },
    ]);
    expect(res.body).not.toContain(old.cnp);
    const page2 = await ctx.app.inject({
      url: '/api/privacy/retention-due',
      query: { page: '2', perPage: '10' },
      headers: admin.headers,
    });
    expect(page2.json()).toMatchObject({ _meta: { total: 2, page: 2, pageCount: 1 }, data: [] });
  });
});
