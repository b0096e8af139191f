import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../../../domain/admin';
import { appointmentStatuses, auditEvents } from '../../../db/schema';
import { csvCell } from '../../../platform/audit/log';
import { makeAppointment, makeAuditEvent, makePatient } from '../../../test/factories';
import { type Staff, setupTestApp, signedInStaff } from '../../../test/harness';

const ctx = await setupTestApp();
const db = ctx.database.db;
let boss: Staff;
let patientId: number;

beforeAll(async () => {
  boss = await signedInStaff(ctx, { superadmin: true, doctor: false, firstName: 'Sef', lastName: 'Admin' });
  patientId = (await makePatient(db, { name: 'Ion Pop' })).id;
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who = boss) =>
  ctx.app.inject({ method, url, payload, headers: who.headers });

describe('custom statuses', () => {
  it('creates, renames, hides and deletes; a status in use cannot be deleted, only hidden', async () => {
    const created = await call('POST', '/api/admin/statuses', {
      title: 'Internat',
      without_appointment: true,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    await makeAppointment(db, { patientId, status: 'custom', customStatusId: id });

    const del = await call('DELETE', `/api/admin/statuses/${id}`);
    expect([del.statusCode, del.json().message]).toEqual([409, ADMIN_MESSAGES.statusInUse]);
    const kind = await call('PUT', `/api/admin/statuses/${id}`, {
      title: 'Internat',
      without_appointment: false,
    });
    expect([kind.statusCode, kind.json().message]).toEqual([409, ADMIN_MESSAGES.statusKindInUse]);
    expect(
      (
        await call('PUT', `/api/admin/statuses/${id}`, {
          title: 'Internat pe sectie',
          without_appointment: true,
        })
      ).statusCode,
    ).toBe(200);

    expect((await call('POST', `/api/admin/statuses/${id}/hide`)).statusCode).toBe(200);
    const offered = (await call('GET', '/api/appointment/statuses')).json();
    expect(JSON.stringify(offered)).not.toContain('Internat');
    const list = (await call('GET', '/api/admin/statuses')).json().data;
    expect(list.filter((s: { id: number }) => s.id === id)).toEqual([
      { id, title: 'Internat pe sectie', without_appointment: true, hidden: true, inUse: 1 },
    ]);
    expect((await call('POST', `/api/admin/statuses/${id}/unhide`)).statusCode).toBe(200);
    expect(JSON.stringify((await call('GET', '/api/appointment/statuses')).json())).toContain(
      'Internat pe sectie',
    );

    const unused = (await call('POST', '/api/admin/statuses', { title: 'Temporar' })).json().id;
    expect((await call('DELETE', `/api/admin/statuses/${unused}`)).statusCode).toBe(200);
    expect(
      await db.select().from(appointmentStatuses).where(eq(appointmentStatuses.id, unused)),
    ).toHaveLength(0);
    expect((await call('DELETE', `/api/admin/statuses/${unused}`)).statusCode).toBe(404);
    expect((await call('POST', '/api/admin/statuses', { title: '' })).statusCode).toBe(400);
  });

  it('is refused to an admin', async () => {
    const admin = await signedInStaff(ctx, { doctor: false, role: 'admin' });
    expect((await call('POST', '/api/admin/statuses', { title: 'X' }, admin)).statusCode).toBe(403);
    expect((await call('DELETE', '/api/admin/statuses/1', undefined, admin)).statusCode).toBe(403);
  });
});

describe('audit log', () => {
  it('shows who read which patient, filtered, newest first, paginated', async () => {
    const doctor = await signedInStaff(ctx, { doctor: true, firstName: 'Maria', lastName: 'Ionescu' });
    expect((await call('GET', `/api/patients/${patientId}`, undefined, doctor)).statusCode).toBe(200);
    const q = (filters: object, extra = '') =>
      call('GET', `/api/admin/audit?filters=${encodeURIComponent(JSON.stringify(filters))}${extra}`);

    const reads = (await q({ actorId: doctor.id, action: 'patient.read' })).json();
    expect(reads._meta).toEqual({ total: 1, page: 1, perPage: 20, pageCount: 1 });
    expect(reads.data[0]).toMatchObject({
      actorName: 'Maria Ionescu',
      patientName: 'Ion Pop',
      actorEmail: doctor.email,
      action: 'patient.read',
      patientId,
    });

    for (let i = 0; i < 3; i++) await call('GET', `/api/patients/${patientId}`, undefined, doctor);
    const page2 = (await q({ patientId }, '&page=2&perPage=10')).json();
    expect(page2._meta).toMatchObject({ total: 4, page: 2, pageCount: 1 });
    const all = (await q({ patientId })).json().data;
    const ids = all.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    // Dates are Bucharest days: an event at 23:30 UTC on the 1st is on the 2nd in Bucharest.
    await makeAuditEvent(db, {
      actorId: boss.id,
      action: 'test.night',
      at: new Date('2026-06-01T23:30:00Z'),
    });
    expect((await q({ action: 'test.night', from: '2026-06-02', to: '2026-06-02' })).json()._meta.total).toBe(
      1,
    );
    expect((await q({ action: 'test.night', from: '2026-06-01', to: '2026-06-01' })).json()._meta.total).toBe(
      0,
    );

    expect((await q({ unknown: 1 })).statusCode).toBe(400);
    expect((await q({ patientId: 'x' })).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/audit?filters=nu-e-json')).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/audit?perPage=7')).statusCode).toBe(400);
    const actions = (await call('GET', '/api/admin/audit/actions')).json().data;
    expect(actions).toEqual(expect.arrayContaining(['patient.read', 'test.night']));
  });

  it('exports the same filtered rows as CSV without formula injection, and audits the export', async () => {
    await makeAuditEvent(db, {
      actorId: boss.id,
      action: 'test.csv',
      entityId: '=HYPERLINK("http://rau.example")',
      details: { note: 'virgula, "ghilimele"' },
    });
    const res = await call(
      'GET',
      `/api/admin/audit/export.csv?filters=${encodeURIComponent(JSON.stringify({ action: 'test.csv' }))}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="jurnal-audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(
      'id,data_ora,utilizator,email,actiune,entitate,id_entitate,id_pacient,pacient,ip,detalii',
    );
    expect(lines[1]).toContain(
      `,Sef Admin,${boss.email},test.csv,,"'=HYPERLINK(""http://rau.example"")",,,,`,
    );
    expect(lines[1]).toContain('"{""note"":""virgula, \\""ghilimele\\""""}"');
    const [exp] = await db.select().from(auditEvents).where(eq(auditEvents.action, 'admin.audit.export'));
    expect(exp).toMatchObject({ actorId: boss.id, details: { filters: { action: 'test.csv' }, rows: 1 } });
  });

  it('neutralises every formula prefix', () => {
    expect(['=1', '+1', '-1', '@x', 'ok', '', null].map(csvCell)).toEqual([
      "'=1",
      "'+1",
      "'-1",
      "'@x",
      'ok',
      '',
      '',
    ]);
  });
});
