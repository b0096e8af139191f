/** Shared by the patient API tests: patients and appointments written straight to the database. */
import { foldText } from '../../../domain/text';
import { makeCnp } from '../../../domain/validation/cnp';
import { normalizePhone } from '../../../domain/validation/phone';
import type { Db } from '../../db/client';
import { appointments, patients } from '../../db/schema';

/** Monday 23 November 2026, 00:30 in Bucharest (22:30 UTC on the 22nd): "today" differs from UTC's. */
export const NOW = new Date('2026-11-22T22:30:00Z');
export const fixedClock = (at: Date = NOW) => ({ now: () => at });

let serial = 0;
/** A valid CNP not used before in this test file. */
export function nextCnp(birth = '1961-03-14'): string {
  serial++;
  return makeCnp(serial % 2 ? 1 : 2, birth, '40', serial);
}

export function patientForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Maria Pop',
    cnp: nextCnp(),
    email: 'maria.pop@example.com',
    phone: '0722 123 456',
    gp_name: 'Dr. Vasile Ene',
    gp_email: 'dr.ene@example.com',
    gp_phone: '0244 111 222',
    insurance_status: 'insured-employed',
    state_residency: 'RO-B',
    vaccine: '1',
    ...overrides,
  };
}

export async function insertPatient(
  db: Db,
  p: { name: string; cnp?: string; phone?: string; covid?: 0 | 1; gpEmail?: string | null },
): Promise<{ id: number; cnp: string }> {
  const cnp = p.cnp ?? nextCnp();
  const [row] = await db
    .insert(patients)
    .values({
      name: p.name,
      nameSearch: foldText(p.name),
      cnp,
      phone: normalizePhone(p.phone ?? '0711 000 000')!,
      insuranceStatus: 'insured-retired',
      stateResidency: 'RO-CJ',
      covidVaccine: p.covid ?? 0,
      gpName: 'Dr. Elena Mureșan',
      gpEmail: p.gpEmail === undefined ? 'dr.muresan@example.com' : p.gpEmail,
    })
    .returning({ id: patients.id });
  return { id: row.id, cnp };
}

export async function insertAppointment(
  db: Db,
  a: {
    patientId: number;
    doctorId?: string | null;
    date: string;
    time?: string;
    status?: string;
    customStatusId?: number;
  },
): Promise<number> {
  const [row] = await db
    .insert(appointments)
    .values({
      patientId: a.patientId,
      doctorId: a.doctorId ?? null,
      status: a.customStatusId ? 'custom' : (a.status ?? 'scheduled'),
      customStatusId: a.customStatusId ?? null,
      selectedDate: a.date,
      selectedTime: a.time ?? '09:00',
    })
    .returning({ id: appointments.id });
  return row.id;
}
