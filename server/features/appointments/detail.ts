/** One appointment as its page shows it: the card, what the patient did on their page, the patient's panel. */
import type { AppointmentDetail } from '../../../domain/appointment-replies';
import { contactChannels } from '../../../domain/sms';
import type { Db } from '../../db/client';
import { patientPanel } from '../patients';
import { toRow } from './repository/cards';
import { appointmentWithRow } from './repository/reads';

export async function appointmentDetail(db: Db, id: number): Promise<AppointmentDetail | null> {
  const found = await appointmentWithRow(db, id);
  if (!found) return null;
  const { card, row } = found;
  const panel = await patientPanel(db, row.patientId);
  if (!panel) return null;
  return {
    ...toRow(card),
    request_data: row.requestData,
    created_at: row.createdAt.toISOString(),
    contact_channels: contactChannels(panel),
    patient_actions: {
      attendance_confirmed_at: row.attendanceConfirmedAt?.toISOString() ?? null,
      reschedule_requested_at: row.rescheduleRequestedAt?.toISOString() ?? null,
      reschedule_note: row.rescheduleNote,
      cancelled_at: row.cancelledBy === 'patient' ? (row.cancelledAt?.toISOString() ?? null) : null,
    },
    patientData: panel,
  };
}
