import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PATIENT_MESSAGES } from '../../../domain/patients';
import { appointments, auditEvents, calendars, patients } from '../../db/schema';
import {
  MONDAY_AFTER_MIDNIGHT,
  makeAppointment,
  makeDocument,
  movableClock,
  patientForm,
} from '../../test/factories';
import { type Staff, setupTestApp, signedInStaff } from '../../test/harness';

const ctx = await setupTestApp({ clock: movableClock(MONDAY_AFTER_MIDNIGHT) });
const db = ctx.database.db;
let staff: Staff;

beforeAll(async () => {
  staff = await signedInStaff(ctx, { firstName: 'Ioana', lastName: 'Popescu', superadmin: true });
});

const post = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/patients', payload, headers: staff.headers });
const put = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PUT', url: '/api/patients', payload, headers: staff.headers });
const auditRows = (action: string, patientId: number) =>
  db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.patientId, patientId)));

describe('POST /api/patients', () => {
  it('creates a patient with normalised phones and records it', async () => {
    const form = patientForm({ name: 'Ana-Maria Știrbu' });
    const res = await post(form);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ status: 1, id: expect.any(Number) });
    const [row] = await db.select().from(patients).where(eq(patients.id, body.id));
    expect(row).toMatchObject({
      name: 'Ana-Maria Știrbu',
      nameSearch: 'ana-maria stirbu',
      cnp: form.cnp,
      phone: '+40722123456',
      email: 'maria.pop@example.com',
      gpName: 'Dr. Vasile Ene',
      gpEmail: 'dr.ene@example.com',
      gpPhone: '+40244111222',
      insuranceStatus: 'insured-employed',
      stateResidency: 'RO-B',
      covidVaccine: 1,
      createdBy: staff.id,
    });
    expect(await auditRows('patient.create', body.id)).toHaveLength(1);
  });

  it('leaves the optional fields empty', async () => {
    const res = await post(patientForm({ email: '', gp_name: '', gp_email: '', gp_phone: '', vaccine: 0 }));
    expect(res.statusCode).toBe(201);
    const [row] = await db.select().from(patients).where(eq(patients.id, res.json().id));
    expect(row).toMatchObject({ email: null, gpName: null, gpEmail: null, gpPhone: null, covidVaccine: 0 });
  });

  it('answers each SPEC §5 message verbatim', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ cnp: '1234567890123' }, 'cnp', PATIENT_MESSAGES.cnp],
      [{ cnp: undefined }, 'cnp', PATIENT_MESSAGES.cnp],
      [{ name: '' }, 'name', PATIENT_MESSAGES.name],
      [{ name: '   ' }, 'name', PATIENT_MESSAGES.name],
      [{ phone: '' }, 'phone', PATIENT_MESSAGES.phoneRequired],
      [{ phone: '0622 123 456' }, 'phone', PATIENT_MESSAGES.phoneInvalid],
      [{ insurance_status: undefined }, 'insurance_status', PATIENT_MESSAGES.insurance],
      [{ insurance_status: 'rich' }, 'insurance_status', PATIENT_MESSAGES.insurance],
      [{ vaccine: undefined }, 'vaccine', PATIENT_MESSAGES.vaccine],
      [{ vaccine: '2' }, 'vaccine', PATIENT_MESSAGES.vaccine],
      [{ state_residency: '' }, 'state_residency', PATIENT_MESSAGES.state],
      [{ state_residency: 'RO-XX' }, 'state_residency', PATIENT_MESSAGES.state],
      [{ email: 'not-an-email' }, 'email', PATIENT_MESSAGES.email],
      [{ gp_email: 'x@' }, 'gp_email', PATIENT_MESSAGES.gpEmail],
      [{ gp_phone: '123' }, 'gp_phone', PATIENT_MESSAGES.gpPhone],
    ];
    for (const [override, field, message] of cases) {
      const res = await post(patientForm(override));
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), JSON.stringify(override)).toMatchObject({
        status: 0,
        message,
        errors: { [field]: message },
      });
    }
  });

  it('refuses a CNP that already exists with 409', async () => {
    const form = patientForm();
    expect((await post(form)).statusCode).toBe(201);
    const again = await post({ ...form, name: 'Alt Nume' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 0, message: 'Există deja un pacient cu acest CNP.' });
    expect(
      await db
        .select()
        .from(patients)
        .where(eq(patients.cnp, String(form.cnp))),
    ).toHaveLength(1);
  });

  it('refuses two simultaneous creations of one CNP but keeps one', async () => {
    const form = patientForm();
    const results = await Promise.all([post(form), post(form)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('GET /api/patients/:id', () => {
  it('answers 404 for an unknown patient and 400 for a bad id', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/patients/999999', headers: staff.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 0, message: 'Pacientul nu a fost găsit.' });
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/patients/abc', headers: staff.headers });
    expect(bad.statusCode).toBe(400);
  });

  it('returns the record with county, insurance label, documents and appointments, and audits the read', async () => {
    const form = patientForm({ state_residency: 'RO-IS', insurance_status: 'insured-OPSNAJ' });
    const id = (await post(form)).json().id;
    const [cal] = await db.insert(calendars).values({ title: 'Cabinet 2' }).returning();
    await makeDocument(db, id);
    const apptId = (
      await makeAppointment(db, {
        patientId: id,
        doctorId: staff.id,
        status: 'scheduled',
        date: '2026-12-03',
        time: '11:15',
      })
    ).id;
    await db.update(appointments).set({ calendarId: cal.id }).where(eq(appointments.id, apptId));
    const res = await ctx.app.inject({ method: 'GET', url: `/api/patients/${id}`, headers: staff.headers });
    expect(res.statusCode).toBe(200);
    const p = res.json().patient;
    expect(p).toMatchObject({
      id,
      patient_id: id,
      patient: 'Maria Pop',
      cnp: form.cnp,
      patient_phone: '+40722123456',
      gp_name: 'Dr. Vasile Ene',
      gp_phone: '+40244111222',
      insurance_status: 'insured-OPSNAJ',
      insurance_label: 'Asigurat CASAOPSNAJ',
      state_residency: 'RO-IS',
      state_name: 'Iași',
      covid_vaccine: 1,
      consultations: [],
    });
    expect(p.documents).toEqual([
      expect.objectContaining({ title: 'EKG', filename: 'ekg.pdf', type: 'pdf', status: 'tosend' }),
    ]);
    expect(p.appointments).toEqual([
      {
        id: apptId,
        patient: 'Maria Pop',
        patient_phone: '+40722123456',
        patient_email: 'maria.pop@example.com',
        doctor: 'Ioana Popescu',
        doctor_id: staff.id,
        selected_date: '2026-12-03',
        selected_time: '11:15',
        status: 'scheduled',
        apstatus: null,
        calendar: { id: cal.id, title: 'Cabinet 2' },
      },
    ]);
    const reads = await auditRows('patient.read', id);
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ actorId: staff.id, entityType: 'patient', entityId: String(id) });
  });
});

describe('PUT /api/patients (profile)', () => {
  it('updates the profile, keeps the CNP and answers the toast text', async () => {
    const form = patientForm();
    const id = (await post(form)).json().id;
    const res = await put({
      patientId: id,
      name: 'Maria Ionescu-Pop',
      phone: '+40 733 222 111',
      email: '',
      gp_name: 'Dr. Radu',
      gp_email: '',
      gp_phone: '',
      insurance_status: 'uninsured',
      state_residency: 'RO-CJ',
      vaccine: '0',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, message: 'Patient updated' });
    const [row] = await db.select().from(patients).where(eq(patients.id, id));
    expect(row).toMatchObject({
      name: 'Maria Ionescu-Pop',
      nameSearch: 'maria ionescu-pop',
      cnp: form.cnp,
      phone: '+40733222111',
      email: null,
      gpName: 'Dr. Radu',
      gpEmail: null,
      insuranceStatus: 'uninsured',
      stateResidency: 'RO-CJ',
      covidVaccine: 0,
    });
    expect(await auditRows('patient.update', id)).toHaveLength(1);
  });

  it('applies the edit rules: no CNP check, no vaccine rule, same messages', async () => {
    const id = (await post(patientForm({ vaccine: 1 }))).json().id;
    const base = {
      patientId: id,
      name: 'X Y',
      phone: '0722123456',
      insurance_status: 'uninsured',
      state_residency: 'RO-B',
    };
    const ok = await put({ ...base, cnp: 'not checked' });
    expect(ok.statusCode).toBe(200);
    const [row] = await db.select().from(patients).where(eq(patients.id, id));
    expect(row.covidVaccine).toBe(1);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', PATIENT_MESSAGES.name],
      [{ phone: '' }, 'phone', PATIENT_MESSAGES.phoneRequired],
      [{ phone: '07221234' }, 'phone', PATIENT_MESSAGES.phoneInvalid],
      [{ insurance_status: '' }, 'insurance_status', PATIENT_MESSAGES.insurance],
      [{ state_residency: undefined }, 'state_residency', PATIENT_MESSAGES.state],
    ];
    for (const [override, field, message] of cases) {
      const res = await put({ ...base, ...override });
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({ status: 0, message, errors: { [field]: message } });
    }
  });

  it('answers 404 for an unknown patient and 400 without patientId', async () => {
    const base = { name: 'X', phone: '0722123456', insurance_status: 'uninsured', state_residency: 'RO-B' };
    expect((await put({ ...base, patientId: 987654 })).statusCode).toBe(404);
    expect((await put(base)).statusCode).toBe(400);
  });

  it('does not let the public in', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/patients',
      payload: { patientId: 1, name: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});
