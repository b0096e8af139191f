/**
 * The appointment writes' queries (SQL only in repositories, docs/ARCHITECTURE.md): the service
 * decides what changes and why; these read and write the rows inside its transaction.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointmentStatuses, appointments, patients, registrationDays } from '../../db/schema';

export type AppointmentRow = typeof appointments.$inferSelect;
type AppointmentChanges = Partial<Omit<typeof appointments.$inferInsert, 'id' | 'patientId' | 'createdAt'>>;

/** The appointment, locked until the transaction ends; null when there is none. */
export async function lockAppointmentRow(tx: Db, id: number): Promise<AppointmentRow | null> {
  const [row] = await tx.select().from(appointments).where(eq(appointments.id, id)).for('update');
  return row ?? null;
}

/** A custom status staff may choose (not hidden); null when there is none. */
export async function visibleStatus(tx: Db, id: number) {
  const [st] = await tx
    .select()
    .from(appointmentStatuses)
    .where(and(eq(appointmentStatuses.id, id), eq(appointmentStatuses.hidden, false)));
  return st ?? null;
}

export async function patientContact(tx: Db, id: number) {
  const [pt] = await tx
    .select({ id: patients.id, name: patients.name, email: patients.email })
    .from(patients)
    .where(eq(patients.id, id));
  return pt ?? null;
}

/** One place fewer taken on a public calendar's day (never below zero). */
export async function releaseRegistrationDay(tx: Db, calendarId: number, day: string): Promise<void> {
  await tx
    .update(registrationDays)
    .set({ count: sql`greatest(${registrationDays.count} - 1, 0)` })
    .where(and(eq(registrationDays.calendarId, calendarId), eq(registrationDays.day, day)));
}

/** Changes an appointment; `updatedAt` is set to now. */
export async function updateAppointment(tx: Db, id: number, changes: AppointmentChanges): Promise<void> {
  await tx
    .update(appointments)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(appointments.id, id));
}

export async function insertAppointment(tx: Db, values: typeof appointments.$inferInsert): Promise<number> {
  const [created] = await tx.insert(appointments).values(values).returning({ id: appointments.id });
  return created.id;
}

export async function deleteAppointmentRow(tx: Db, id: number): Promise<void> {
  await tx.delete(appointments).where(eq(appointments.id, id));
}
