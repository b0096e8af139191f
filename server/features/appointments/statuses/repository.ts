/** SQL of the custom appointment statuses' administration (owner: appointments). */
import { asc, count, eq } from 'drizzle-orm';
import type { AdminStatus, StatusInput } from '../../../../domain/admin';
import type { Db } from '../../../db/client';
import { appointmentStatuses, appointments } from '../../../db/schema/appointments';

export type StatusRow = typeof appointmentStatuses.$inferSelect;

/** Every status, hidden ones included, with how many appointments carry it. */
export async function listStatuses(db: Db): Promise<AdminStatus[]> {
  const rows = await db
    .select({
      id: appointmentStatuses.id,
      title: appointmentStatuses.title,
      without_appointment: appointmentStatuses.withoutAppointment,
      hidden: appointmentStatuses.hidden,
      inUse: count(appointments.id),
    })
    .from(appointmentStatuses)
    .leftJoin(appointments, eq(appointments.customStatusId, appointmentStatuses.id))
    .groupBy(appointmentStatuses.id)
    .orderBy(asc(appointmentStatuses.title), asc(appointmentStatuses.id));
  return rows.map((r) => ({ ...r, inUse: Number(r.inUse) }));
}

/** How many appointments carry the status. */
export async function usage(tx: Db, id: number): Promise<number> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(appointments)
    .where(eq(appointments.customStatusId, id));
  return Number(n);
}

/** The status, locked until the transaction ends (a concurrent edit waits), or undefined. */
export async function lockStatus(tx: Db, id: number): Promise<StatusRow | undefined> {
  const [s] = await tx.select().from(appointmentStatuses).where(eq(appointmentStatuses.id, id)).for('update');
  return s;
}

export async function insertStatus(tx: Db, input: StatusInput): Promise<number> {
  const [row] = await tx
    .insert(appointmentStatuses)
    .values({ title: input.title, withoutAppointment: input.without_appointment })
    .returning({ id: appointmentStatuses.id });
  return row.id;
}

export async function updateStatus(
  tx: Db,
  id: number,
  set: Partial<Pick<StatusRow, 'title' | 'withoutAppointment' | 'hidden'>>,
) {
  await tx.update(appointmentStatuses).set(set).where(eq(appointmentStatuses.id, id));
}

export async function deleteStatus(tx: Db, id: number) {
  await tx.delete(appointmentStatuses).where(eq(appointmentStatuses.id, id));
}
