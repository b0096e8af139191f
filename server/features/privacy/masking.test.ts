/**
 * Minimum exposure: no list answer carries a whole CNP (only its last 4 digits), filtering by a
 * whole CNP still finds the patient, and the two detail reads that show it whole are audited.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { maskCnp } from '../../../domain/privacy';
import { auditEvents } from '../../db/schema';
import {
  makeAppointment,
  makeDocument,
  makePatient,
  nextRealWeekday as nextWeekday,
} from '../../test/factories';
import { setupTestApp, signedInStaff } from '../../test/harness';

const ctx = await setupTestApp();
const db = ctx.database.db;
const staff = await signedInStaff(ctx, { doctor: true });
const cnp = '2750409123457';
const p = await makePatient(db, { name: 'Ileana Cosânzeana', cnp, phone: '0733 444 555' });
const { id: apptId } = await makeAppointment(db, {
  patientId: p.id,
  status: 'scheduled',
  selectedDate: nextWeekday(),
  selectedTime: '09:00',
});
await makeDocument(db, p.id);

const get = (url: string, query: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, query, headers: staff.headers });
const f = (o: object) => JSON.stringify(o);

describe('CNP in lists', () => {
  it('maskCnp keeps the last 4 digits', () => {
    expect(maskCnp(cnp)).toBe('*********3457');
    expect(maskCnp('ANON-12')).toBe('ANON-12');
    expect(maskCnp('')).toBe('');
  });

  it.each([
    ['patients', '/api/patients', { filters: f({ cnp }) }],
    ['patients (prefix)', '/api/patients', { filters: f({ cnp: cnp.slice(0, 7) }) }],
    ['appointments', '/api/appointment', { filters: f({ cnp }), hideOlder: 'false' }],
    ['appointment picker', '/api/appointment/appointment-patients', { filters: f({ name: 'ileana' }) }],
    ['documents', '/api/documents', { filters: f({ cnp }) }],
    ['document picker', '/api/documents/patients', { filters: f({ name: 'ileana' }) }],
    ['search by CNP', '/api/search', { q: cnp }],
    ['search by name', '/api/search', { q: 'Cosânzeana' }],
    ['dashboard', '/api/dashboard', {}],
  ])('%s: found by the whole CNP or name, shown masked', async (what, url, query) => {
    const res = await get(url, query as Record<string, string>);
    expect(res.statusCode, what).toBe(200);
    expect(res.body).not.toContain(cnp);
    if (what !== 'dashboard') {
      expect(res.body).toContain('Ileana Cosânzeana');
      expect(res.body).toContain('*********3457');
    }
  });
});

describe('CNP on detail pages', () => {
  it('is whole on the patient and appointment details, and both reads are audited', async () => {
    const patient = await get(`/api/patients/${p.id}`);
    expect(patient.json().patient.cnp).toBe(cnp);
    const appt = await get(`/api/appointment/${apptId}`);
    expect(appt.json().appointment.patientData.cnp).toBe(cnp);
    const reads = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'patient.read'), eq(auditEvents.patientId, p.id)));
    expect(reads.map((r) => [r.entityType, r.entityId, r.actorId])).toEqual([
      ['patient', String(p.id), staff.id],
      ['appointment', String(apptId), staff.id],
    ]);
  });
});
