import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BUILTIN_STATUSES } from '../../domain/appointments';
import { isValidCnp } from '../../domain/validation/cnp';
import * as s from '../db/schema';
import { setupTestApp, signIn } from '../test/harness';
import { DEMO_ACCOUNTS, seedDemoData, seedDemoDataIfEmpty } from './demo-data';

const ctx = await setupTestApp();

describe('demo data', () => {
  it('fills an empty database with a realistic institute, once', async () => {
    const config = ctx.app.deps.config;
    const result = await seedDemoData(ctx.database.db, config);
    expect(result.banner).toContain('superadmin@institut.example');
    expect(result.banner).toContain(result.password);
    expect(await seedDemoDataIfEmpty(ctx.database.db, config)).toBeNull();

    const db = ctx.database.db;
    const [{ n: patients }] = await db.select({ n: count() }).from(s.patients);
    expect(patients).toBeGreaterThanOrEqual(200);
    const all = await db.select({ cnp: s.patients.cnp }).from(s.patients);
    expect(all.every((p) => isValidCnp(p.cnp))).toBe(true);

    const statuses = await db
      .select({ status: s.appointments.status })
      .from(s.appointments)
      .groupBy(s.appointments.status);
    for (const st of [...BUILTIN_STATUSES, 'custom']) expect(statuses.map((r) => r.status)).toContain(st);
    const [{ past }] = await db
      .select({ past: count() })
      .from(s.appointments)
      .where(sql`${s.appointments.selectedDate} < current_date`);
    const [{ future }] = await db
      .select({ future: count() })
      .from(s.appointments)
      .where(sql`${s.appointments.selectedDate} >= current_date`);
    expect(past).toBeGreaterThan(20);
    expect(future).toBeGreaterThan(20);

    const cals = await db.select().from(s.calendars);
    expect(cals.length).toBeGreaterThanOrEqual(2);
    expect(cals.filter((c) => c.publicRequests)).toHaveLength(1);
    const [{ n: avail }] = await db.select({ n: count() }).from(s.calendarAvailability);
    expect(avail).toBeGreaterThan(10);
    const [{ n: off }] = await db.select({ n: count() }).from(s.timeOff);
    expect(off).toBeGreaterThan(0);
    const [{ n: statusCount }] = await db.select({ n: count() }).from(s.appointmentStatuses);
    expect(statusCount).toBeGreaterThan(3);

    // The printed sign-in works, and the unauthorised demo account stays unauthorised.
    const cookie = await signIn(ctx.app, 'superadmin@institut.example', result.password);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/user/user-details', headers: { cookie } });
    expect(me.json()).toMatchObject({ status: 1, superadmin: true, authorized: true });
    const pending = DEMO_ACCOUNTS.find((a) => 'authorized' in a)!;
    const [row] = await db.select().from(s.users).where(eq(s.users.email, pending.email));
    expect(row.authorized).toBe(false);
  });
});
