/** The form's own value shapes (inputs hold strings; the shared schema turns them into the request). */
export type RegistrationValues = {
  appt_date: string | null;
  appt_time: string;
  name: string;
  cnp: string;
  email: string;
  phone: string;
  gp_name: string;
  gp_email: string;
  gp_phone: string;
  state_residency: string;
  insurance_status: string;
  vaccine: string;
  agreement: boolean;
  website: string;
};

export const EMPTY_VALUES: RegistrationValues = {
  appt_date: null,
  appt_time: '',
  name: '',
  cnp: '',
  email: '',
  phone: '',
  gp_name: '',
  gp_email: '',
  gp_phone: '',
  state_residency: '',
  insurance_status: '',
  vaccine: '',
  agreement: false,
  website: '',
};

/** Order of the fields on the page, to move the focus to the first one with an error. */
export const FIELD_ORDER: (keyof RegistrationValues)[] = [
  'appt_date',
  'appt_time',
  'name',
  'cnp',
  'phone',
  'email',
  'state_residency',
  'insurance_status',
  'vaccine',
  'gp_name',
  'gp_email',
  'gp_phone',
  'agreement',
];

export type DateState =
  | { kind: 'none' }
  | { kind: 'checking' }
  | { kind: 'ok' }
  | { kind: 'bad'; message: string }
  | { kind: 'error'; message: string; network: boolean };
