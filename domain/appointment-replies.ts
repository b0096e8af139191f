/**
 * What the appointment routes answer (SPEC §3, §7): the list row, the detail, the pickers' data
 * and each route's reply schema. The web infers its types from these.
 */

import { createdReply, listReply, ok, pageReply } from './api';
import { pickerPatientSchema } from './privacy';
import { z } from './zod-setup';

// ------------------------------------------------------------------ answers (SPEC §3)

export const statusRef = z.object({
  id: z.number().int(),
  title: z.string(),
  without_appointment: z.boolean(),
});
export type StatusRef = z.infer<typeof statusRef>;
export const calendarRef = z.object({ id: z.number().int(), title: z.string() });
export type CalendarRef = z.infer<typeof calendarRef>;
export const doctorRef = z.object({ id: z.string(), name: z.string() });
export const vacation = z.object({ id: z.number().int(), from: z.string(), to: z.string() });
export const doctorWithVacations = doctorRef.extend({ vacations: z.array(vacation) });

/** The stored status (APPOINTMENT_STATUSES in practice; the column is text, so the answer says string). */
const appointmentStatus = z.string();

export const appointmentRow = z.object({
  id: z.number().int(),
  patient_id: z.number().int(),
  patient: z.string(),
  patient_phone: z.string(),
  patient_email: z.string().nullable(),
  cnp: z.string(),
  covid_vaccine: z.number().int(),
  doctor: z.string().nullable(),
  doctor_id: z.string().nullable(),
  status: appointmentStatus,
  appointment_status: appointmentStatus,
  apstatus: statusRef.nullable(),
  selected_date: z.string().nullable(),
  selected_time: z.string().nullable(),
  appointment_date: z.string().nullable(),
  appt_date: z.string().nullable(),
  calendar: calendarRef.nullable(),
  holds_slot: z.boolean(),
  /** The patient confirmed on the self-service page that they will come (issue 15). */
  patient_confirmed: z.boolean(),
  /** The patient asked on the self-service page for another date. */
  reschedule_requested: z.boolean(),
});
export type AppointmentRow = z.infer<typeof appointmentRow>;

/** What the patient did on the self-service page, as staff see it on the appointment (ISO instants). */
export const patientActions = z.object({
  attendance_confirmed_at: z.string().nullable(),
  reschedule_requested_at: z.string().nullable(),
  reschedule_note: z.string().nullable(),
  /** When the patient cancelled it themselves; null when they did not. */
  cancelled_at: z.string().nullable(),
});
export type PatientActions = z.infer<typeof patientActions>;

export const patientPanel = z.object({
  id: z.number().int(),
  patient_id: z.number().int(),
  name: z.string(),
  cnp: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  state_residency: z.string(),
  county: z.string().nullable(),
  insurance_status: z.string(),
  insurance_label: z.string(),
  covid_vaccine: z.number().int(),
  gp_name: z.string().nullable(),
  gp_email: z.string().nullable(),
  gp_phone: z.string().nullable(),
});
export type PatientPanel = z.infer<typeof patientPanel>;

export const appointmentDetail = appointmentRow.extend({
  patientData: patientPanel,
  request_data: z.unknown(),
  created_at: z.string(),
  /** How the patient receives the journey's messages; empty: none (staff see NO_CONTACT_MESSAGE). */
  contact_channels: z.array(z.enum(['email', 'sms'])),
  patient_actions: patientActions,
});
export type AppointmentDetail = z.infer<typeof appointmentDetail>;

/**
 * An appointment as a person reads it (the search's cards, the patient's self-service page): day,
 * time, calendar and doctor by name, the stored status.
 */
export const appointmentSummary = z.object({
  date: z.string().nullable(),
  time: z.string().nullable(),
  calendar: z.string().nullable(),
  doctor: z.string().nullable(),
  status: z.string(),
});

export const nextAppointment = z.object({
  id: z.number().int(),
  date: z.string(),
  time: z.string(),
  patient: z.string(),
});
export type NextAppointment = z.infer<typeof nextAppointment>;

export const availabilityData = z.object({
  unavailableDays: z.array(z.string()),
  availability: z.array(
    z.object({ day: z.string(), weekday: z.number().int(), from: z.string(), to: z.string() }),
  ),
  appointments: z.array(z.object({ selected_date: z.string(), selected_time: z.string() })),
  /** Slots held by an open waitlist offer until `until` (ISO instant): booking one asks first. */
  held: z.array(z.object({ selected_date: z.string(), selected_time: z.string(), until: z.string() })),
});
export type AvailabilityData = z.infer<typeof availabilityData>;

// ------------------------------------------------------------------ replies (route `response`)

export const appointmentListReply = pageReply('appointments', appointmentRow).extend({
  nextAppointments: z.array(nextAppointment),
});
export type AppointmentListReply = z.infer<typeof appointmentListReply>;
export const appointmentStatusesReply = listReply(statusRef);
export type AppointmentStatusesReply = z.infer<typeof appointmentStatusesReply>;
export const appointmentDoctorsReply = listReply(doctorWithVacations);
export type AppointmentDoctorsReply = z.infer<typeof appointmentDoctorsReply>;
export const newAppointmentOptions = z.object({
  doctors: z.array(doctorWithVacations),
  statuses: z.array(statusRef),
  calendars: z.array(calendarRef),
});
export const newAppointmentOptionsReply = ok({ data: newAppointmentOptions });
export type NewAppointmentOptionsReply = z.infer<typeof newAppointmentOptionsReply>;
export const appointmentCreatedReply = createdReply;
export type AppointmentCreatedReply = z.infer<typeof appointmentCreatedReply>;
export const appointmentPatientsReply = ok({ data: z.object({ patients: z.array(pickerPatientSchema) }) });
export type AppointmentPatientsReply = z.infer<typeof appointmentPatientsReply>;
export const availabilityReply = ok({ data: availabilityData });
export type AvailabilityReply = z.infer<typeof availabilityReply>;
export const appointmentReply = ok({ appointment: appointmentDetail });
export type AppointmentReply = z.infer<typeof appointmentReply>;
