import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { APPOINTMENT_MESSAGES } from '../../../domain/appointments';
import { appointments } from '../../db/schema';
import {
  MONDAY_10,
  makeAppointment,
  makeCalendar,
  makePatient,
  makeStatus,
  movableClock,
} from '../../test/factories';
import { setupTestApp, signedInStaff } from '../../test/harness';

const clock = movableClock(MONDAY_10);

const ctx = await setupTestApp({ clock });
const db = ctx.database.db;

it('100 concurrent set-appointment calls for one slot: exactly one wins, 99 get 409', async () => {
  const staff = await signedInStaff(ctx);
  const cal = await makeCalendar(db);
  const status = await makeStatus(db, { title: 'Control' });
  const ids: number[] = [];
  for (let i = 0; i < 100; i++) {
    const p = await makePatient(db);
    ids.push((await makeAppointment(db, { patientId: p.id, status: 'scheduled_with_papers' })).id);
  }
  const results = await Promise.all(
    ids.map((appointment_id) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/appointment/set-appointment',
        headers: staff.headers,
        payload: {
          appointment_id,
          status_id: status.id,
          calendar_id: cal.id,
          date: '2026-03-04',
          time: '10:30',
        },
      }),
    ),
  );
  const codes = results.map((r) => r.statusCode);
  expect(codes.filter((c) => c === 200)).toHaveLength(1);
  expect(codes.filter((c) => c === 409)).toHaveLength(99);
  for (const r of results.filter((x) => x.statusCode === 409))
    expect(r.json()).toEqual({ status: 0, message: APPOINTMENT_MESSAGES.slotTaken });
  const holders = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.calendarId, cal.id), eq(appointments.holdsSlot, true)));
  expect(holders).toHaveLength(1);
  // The losers are untouched.
  const untouched = await db
    .select()
    .from(appointments)
    .where(eq(appointments.status, 'scheduled_with_papers'));
  expect(untouched).toHaveLength(99);
});
