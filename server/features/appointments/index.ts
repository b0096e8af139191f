/** What other features may use of appointments (docs/ARCHITECTURE.md "Features talk over their exports"). */
export {
  doctorAppointmentsBetween,
  doctorSlotAppointments,
  type PatientAppointmentColumns,
  withAppointments,
} from './others-repository';
export {
  cancelByPatient,
  cancelUntil,
  confirmAttendanceByPatient,
  type PatientFacingAppointment,
  patientFacingAppointment,
  requestRescheduleByPatient,
} from './patient-actions';
export type { FreedSlot } from './service';
export { bookFromWaitlist, slotIsHeld } from './waitlist-booking';
