/**
 * What other features may use of appointments (docs/ARCHITECTURE.md "One door per table"):
 * the service (the waitlist books through it, the patient's page acts through it) and the reads
 * of one appointment. Its tables are read elsewhere only through the published view
 * appointment_facts (server/db/views.ts).
 */

export {
  dashboardFigures,
  noShowRates,
  requestsNearDeadline,
  weeklyCounts,
} from './repository/figures';
export {
  type AppointmentFacts,
  appointmentFacts,
  appointmentsOfPatient,
  doctorAppointmentsBetween,
  doctorSlotAppointments,
  type PatientFacingAppointment,
  patientFacingAppointment,
} from './repository/reads';
export {
  appointmentRowsOfPatient,
  clearRequestDataOf,
  isPatientsAppointment,
  slotIsHeld,
} from './repository/writes';
export { type AppointmentsService, cancelUntil, createAppointmentsService } from './service';
export {
  appointmentForConsultation,
  recordConsultationOutcome,
} from './service/consultation-outcome';
export { listStatuses as listStatusesForAdmin } from './statuses/repository';
export { createStatusesService } from './statuses/service';
export { subscribeAppointments } from './subscribe';
