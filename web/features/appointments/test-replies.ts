/**
 * What the server answers the appointment modals and the status menu, for the component tests:
 * typed with the route reply types of domain/, so a change of the contract fails here too.
 */
import type {
  AppointmentDetail,
  AppointmentPatientsReply,
  AvailabilityReply,
  NewAppointmentOptionsReply,
  StatusRef,
} from '../../../domain/appointment-replies';

/** "Now" in the tests: Monday 4 March 2030, 09:00 in Bucharest. */
export const NOW = new Date('2030-03-04T07:00:00Z');
/** The Monday after: the day the tests book. */
export const NEXT_MONDAY = '2030-03-11';

export const CONSULT: StatusRef = { id: 1, title: 'Consult cardiologic', without_appointment: false };
export const REFERRED: StatusRef = { id: 2, title: 'Trimis la alt medic', without_appointment: true };

export const optionsReply: NewAppointmentOptionsReply = {
  status: 1,
  data: {
    doctors: [
      { id: 'doc-ana', name: 'Dr. Ana Pop', vacations: [] },
      { id: 'doc-mihai', name: 'Dr. Mihai Ionescu', vacations: [] },
    ],
    statuses: [CONSULT, REFERRED],
    calendars: [
      { id: 10, title: 'Cardiologie' },
      { id: 11, title: 'Ecografie' },
    ],
  },
};

export const patientsReply: AppointmentPatientsReply = {
  status: 1,
  data: {
    patients: [
      { id: 7, name: 'Ion Popescu', cnp: '180******1234', birth_date: '1980-01-15' },
      { id: 8, name: 'Ioana Marin', cnp: '295******5678', birth_date: null },
    ],
  },
};

/**
 * A calendar's availability: Mondays 09:00, 09:30 and 10:00 (half an hour each), Tuesdays none,
 * a Wednesday entry at 11:00; with `date`, the starts already booked that day.
 */
export function availabilityReply(booked: string[] = [], date?: string): AvailabilityReply {
  return {
    status: 1,
    data: {
      unavailableDays: [],
      availability: [
        { day: 'monday', weekday: 1, from: '09:00:00', to: '09:30:00' },
        { day: 'monday', weekday: 1, from: '09:30:00', to: '10:00:00' },
        { day: 'monday', weekday: 1, from: '10:00:00', to: '10:30:00' },
        { day: 'wednesday', weekday: 3, from: '11:00:00', to: '11:30:00' },
      ],
      appointments: date ? booked.map((t) => ({ selected_date: date, selected_time: t })) : [],
      held: [],
    },
  };
}

/** An appointment as the detail page has it, in `status`, without a slot unless given one. */
export function appointmentDetail(overrides: Partial<AppointmentDetail> = {}): AppointmentDetail {
  return {
    id: 42,
    patient_id: 7,
    patient: 'Ion Popescu',
    patient_phone: '0722123456',
    patient_email: null,
    cnp: '1800115123456',
    covid_vaccine: 1,
    doctor: 'Dr. Ana Pop',
    doctor_id: 'doc-ana',
    status: 'scheduled_with_papers',
    appointment_status: 'scheduled_with_papers',
    apstatus: null,
    selected_date: null,
    selected_time: null,
    appointment_date: null,
    appt_date: null,
    calendar: null,
    holds_slot: false,
    patient_confirmed: false,
    reschedule_requested: false,
    patientData: {
      id: 42,
      patient_id: 7,
      name: 'Ion Popescu',
      cnp: '1800115123456',
      phone: '0722123456',
      email: null,
      state_residency: 'B',
      county: 'București',
      insurance_status: 'insured',
      insurance_label: 'Asigurat',
      covid_vaccine: 1,
      gp_name: null,
      gp_email: null,
      gp_phone: null,
    },
    request_data: null,
    created_at: '2030-03-01T10:00:00Z',
    contact_channels: ['sms'],
    patient_actions: {
      attendance_confirmed_at: null,
      reschedule_requested_at: null,
      reschedule_note: null,
      cancelled_at: null,
    },
    ...overrides,
  };
}
