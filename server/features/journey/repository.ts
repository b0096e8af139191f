/** The SQL of the patient journey: what a message about an appointment needs (read only). */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments, calendars, patients } from '../../db/schema';

export type AppointmentFacts = {
  id: number;
  status: string;
  holdsSlot: boolean;
  publicRequest: boolean;
  date: string | null;
  /** HH:MM:SS as stored. */
  time: string | null;
  calendar: string | null;
  patientName: string;
  email: string | null;
  phone: string | null;
};

export async function appointmentFacts(db: Db, id: number): Promise<AppointmentFacts | null> {
  const [row] = await db
    .select({
      id: appointments.id,
      status: appointments.status,
      holdsSlot: appointments.holdsSlot,
      publicRequest: appointments.publicRequest,
      date: appointments.selectedDate,
      time: appointments.selectedTime,
      calendar: calendars.title,
      patientName: patients.name,
      email: patients.email,
      phone: patients.phone,
    })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .leftJoin(calendars, eq(calendars.id, appointments.calendarId))
    .where(eq(appointments.id, id));
  return row ?? null;
}

/** The calendar's title (the place named in a message about an appointment that is gone). */
export async function calendarTitle(db: Db, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await db.select({ title: calendars.title }).from(calendars).where(eq(calendars.id, id));
  return row?.title ?? null;
}

export async function patientContact(db: Db, id: number) {
  const [row] = await db
    .select({ name: patients.name, email: patients.email, phone: patients.phone })
    .from(patients)
    .where(eq(patients.id, id));
  return row ?? null;
}
