import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { APPOINTMENT_MESSAGES } from '../../../../domain/appointments';
import type { App } from '../../../app';
import type { Db } from '../../../db/client';
import { appointments } from '../../../db/schema/appointments';
import { makeAppointment, makeCalendar, makePatient, makeStatus } from '../../../test/factories';
import type { Staff } from '../../../test/harness';

/**
 * `count` appointments waiting with papers, all set at once to one slot (04.03 10:30 on a new
 * calendar) by `staff`, through the `nodes` in turn: exactly one wins, every other answers 409
 * "slot taken", one row holds the slot and the losers are untouched.
 */
export async function raceForOneSlot(db: Db, staff: Staff, nodes: App[], count: number) {
  const cal = await makeCalendar(db);
  const status = await makeStatus(db, { title: 'Control' });
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const p = await makePatient(db);
    ids.push((await makeAppointment(db, { patientId: p.id, status: 'scheduled_with_papers' })).id);
  }
  const results = await Promise.all(
    ids.map((appointment_id, i) =>
      nodes[i % nodes.length].inject({
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
  expect(codes.filter((c) => c === 409)).toHaveLength(count - 1);
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
  expect(untouched).toHaveLength(count - 1);
}
