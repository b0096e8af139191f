/** Appointment statuses (SPEC §4); custom statuses live in the database. */
export const BUILTIN_STATUSES = [
  'request',
  'appointment_request',
  'scheduled',
  'scheduled_paperless',
  'scheduled_with_papers',
] as const;
export type BuiltinStatus = (typeof BUILTIN_STATUSES)[number];
/** An appointment carrying a custom status has status 'custom' and a custom_status_id. */
export type AppointmentStatus = BuiltinStatus | 'custom';

export const STATUS_LABELS: Record<AppointmentStatus, string> = {
  request: 'Cerere',
  appointment_request: 'Cerere programare',
  scheduled: 'Programat',
  scheduled_paperless: 'Confirmat fara acte',
  scheduled_with_papers: 'Confirmat cu acte',
  custom: 'Status personalizat',
};

export const REGISTRATION_TIME = '08:00';
/** Appointment dates may be chosen from today up to this many months ahead. */
export const MAX_MONTHS_AHEAD = 60;
