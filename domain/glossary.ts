/**
 * The product's Romanian terms (issue 19, item 13): one name for one thing, with diacritics
 * (comma-below ș ț). Labels, headings, e-mails and PDFs take their words from here where the same
 * thing is named in several places. The texts the spec quotes verbatim (messages, the left-menu
 * names "Pacienti" and "Programari") are not terms: they stay as the spec writes them, where they are.
 */
export const TERMS = {
  patient: 'Pacient',
  patients: 'Pacienți',
  appointment: 'Programare',
  appointments: 'Programări',
  doctor: 'Medic',
  /** The patient's general practitioner (gp_name, gp_email, gp_phone). */
  familyDoctor: 'Medic de familie',
  familyDoctorEmail: 'E-mail medic de familie',
  familyDoctorPhone: 'Telefon medic de familie',
  /** state_residency: the county of residence (an ISO code resolved to its name). */
  county: 'Județ de reședință',
  insuranceStatus: 'Statut asigurat',
  vaccinated: 'Vaccinat COVID-19',
  phone: 'Telefon',
  email: 'E-mail',
  cnp: 'CNP',
  /** The status of an appointment or a document (the spec's "status"). */
  status: 'Status',
  /** The state of an account, an outgoing message or a record under retention (not a status). */
  state: 'Stare',
  consultation: 'Consultație',
  consultations: 'Consultații',
  remoteConsultation: 'Consultație la distanță',
  medicalLetter: 'Scrisoare medicală',
  document: 'Document',
  documents: 'Documente',
  calendar: 'Calendar',
  calendars: 'Calendare',
  /** A doctor's time off (the "My Account" page). */
  timeOff: 'Concediu',
} as const;
