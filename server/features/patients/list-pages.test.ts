/**
 * Pages of the patient list by a doctor or a status alone (docs/decisions/0065-doctor-status-names.md):
 * read in name order from the appointments' own indexes, each patient once however many
 * appointments they have, the pages as the rule gives them.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PatientListItem } from '../../../domain/patients';
import { makeAppointment, makePatient } from '../../test/factories';
import { type Staff, setupTestApp, signedInStaff } from '../../test/harness';

const ctx = await setupTestApp();
const db = ctx.database.db;
let staff: Staff;
let doctors: Staff[] = [];

beforeAll(async () => {
  staff = await signedInStaff(ctx, { superadmin: true });
  doctors = [
    await signedInStaff(ctx, { doctor: true, firstName: 'Ioana', lastName: 'Popescu' }),
    await signedInStaff(ctx, { doctor: true, firstName: 'Mihai', lastName: 'Dobre' }),
  ];
  const statuses = ['request', 'scheduled', 'scheduled_paperless'] as const;
  // 90 patients, some with two or three appointments (other doctors, other statuses), some with
  // none; names that sort apart from their ids, one renamed after its appointments were made.
  for (let i = 0; i < 90; i++) {
    const p = await makePatient(db, {
      name: `${['Zamfir', 'Albu', 'Marin', 'Ene'][i % 4]} Pacient ${89 - i}`,
    });
    for (let k = 0; k < i % 4; k++)
      await makeAppointment(db, {
        patientId: p.id,
        doctorId: doctors[(i + k) % 2].id,
        status: statuses[(i + 2 * k) % 3],
        date: `2026-0${4 + k}-1${i % 10}`,
        time: '09:00',
      });
    if (i === 5) {
      // Renamed through the patient form, as staff do: its appointments' copies of the name follow (0089).
      const res = await ctx.app.inject({
        method: 'PUT',
        url: '/api/patients',
        headers: staff.headers,
        payload: {
          patientId: p.id,
          name: 'Aaron Primul',
          phone: '0722123456',
          insurance_status: 'uninsured',
          state_residency: 'RO-B',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  }
});

/** The patients with an appointment matching `condition`, in name order, as the database sorts. */
async function expected(condition: ReturnType<typeof sql>): Promise<number[]> {
  const res = (await db.execute(
    sql`select p.id from patients p where exists (select 1 from appointments a where a.patient_id = p.id and ${condition})
        order by p.name_search, p.id`,
  )) as unknown as { rows: { id: number }[] };
  return res.rows.map((r) => r.id);
}

async function allPages(filters: object): Promise<{ ids: number[]; latest: PatientListItem[] }> {
  const ids: number[] = [];
  const latest: PatientListItem[] = [];
  for (let page = 1; page <= 10; page++) {
    const res = await ctx.app.inject({
      url: `/api/patients?filters=${encodeURIComponent(JSON.stringify(filters))}&page=${page}&perPage=20`,
      headers: staff.headers,
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json().patients as PatientListItem[];
    if (!rows.length) break;
    ids.push(...rows.map((r) => r.id));
    latest.push(...rows);
  }
  return { ids, latest };
}

describe('patients of a doctor or a status', () => {
  it("pages through a doctor's patients in name order, each once, with their latest appointment of that doctor", async () => {
    for (const doctor of doctors) {
      const want = await expected(sql`a.doctor_id = ${doctor.id}`);
      expect(want.length).toBeGreaterThan(20);
      const got = await allPages({ doctor: doctor.id });
      expect(got.ids).toEqual(want);
      expect(got.latest.every((r) => r.doctor_id === doctor.id)).toBe(true);
    }
  });

  it("pages through a status's patients in name order, each once", async () => {
    for (const status of ['request', 'scheduled', 'scheduled_paperless']) {
      const want = await expected(sql`a.status = ${status}`);
      expect(want.length).toBeGreaterThan(20);
      expect((await allPages({ status })).ids, status).toEqual(want);
    }
  });
});
