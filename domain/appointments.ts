import { clinicInstant, DATE_RE, TIME_RE } from './dates';
import { dayField } from './fields';
import { z } from './zod-setup';

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
export const APPOINTMENT_STATUSES = [...BUILTIN_STATUSES, 'custom'] as const;

export const STATUS_LABELS: Record<AppointmentStatus, string> = {
  request: 'Cerere',
  appointment_request: 'Cerere programare',
  scheduled: 'Programat',
  scheduled_paperless: 'Confirmat fără acte',
  scheduled_with_papers: 'Confirmat cu acte',
  custom: 'Status personalizat',
};

/**
 * The one name of an appointment's status, wherever it is shown: a custom status's own title
 * ("Anulat de pacient", "Test de efort") when the appointment carries one, the label otherwise
 * (issue 22: not "Programat" in one place and "Status personalizat" in another).
 */
export function statusLabel(status: string, customTitle?: string | null): string {
  if (customTitle && (status === 'custom' || status === 'scheduled')) return customTitle;
  return STATUS_LABELS[status as AppointmentStatus] ?? status;
}

export const REGISTRATION_TIME = '08:00';
/** Appointment dates may be chosen from today up to this many months ahead. */
export const MAX_MONTHS_AHEAD = 60;

/** Messages of SPEC §8 (verbatim, typo included) and the server's refusals. */
export const APPOINTMENT_MESSAGES = {
  created: 'Programarea a fost creata',
  deleted: 'Programarea a fost stearsa',
  assigned: 'Programarea a fost asignata cu succes',
  confirmFailed: 'Nu s-a putut confirma programarea',
  createFailed: 'A aparut o eroare, va rugam incercati mai tarziu.',
  deleteFailed: 'A aparut o eroare, va rugam incercti mai tarziu.',
  required: 'Required',
  patientSearchHint: 'Introduceți cel puțin 2 litere',
  statusSet: 'Statusul programării a fost actualizat',
  confirmed: 'Programarea a fost confirmată',
  slotTaken: 'Intervalul ales nu mai este disponibil.',
  doctorSlotTaken: 'Medicul are deja o programare la această dată și oră.',
  outsideAvailability: 'Ora aleasă nu face parte din programul calendarului în acea zi.',
  unavailableDay: 'Data aleasă nu este disponibilă în acest calendar.',
  doctorTimeOff: 'Medicul este în concediu în data aleasă.',
  outOfRange: `Data programării trebuie să fie între azi și ${MAX_MONTHS_AHEAD} de luni de acum.`,
  notFound: 'Programarea nu a fost găsită.',
  statusNotFound: 'Statusul ales nu există.',
  calendarNotFound: 'Calendarul ales nu există.',
  doctorNotFound: 'Medicul ales nu există sau nu este activ.',
  patientNotFound: 'Pacientul ales nu există.',
  cannotConfirmPaperless:
    'Doar o cerere poate fi confirmată fără acte (statusul curent nu permite această acțiune).',
  cannotConfirmWithPapers:
    'Doar o programare confirmată fără acte poate fi confirmată cu acte (statusul curent nu permite această acțiune).',
  noShowMarked: 'Programarea a fost marcată ca neprezentare.',
  noShowTooEarly: 'Neprezentarea se poate marca doar după ora programării.',
  noShowNoSlot: 'Doar o programare cu dată, oră și loc poate fi marcată ca neprezentare.',
  noShowFromMenu: 'Statusul „Neprezentat” se pune cu acțiunea „Neprezentat”, după ora programării.',
  completedFromMenu: 'Statusul „Efectuată” se pune încheind consultația la distanță.',
  spamMarked: 'Cererile au fost marcate ca spam.',
  spamNotRequest: 'Doar cererile trimise din formularul public și încă neconfirmate pot fi marcate ca spam.',
  spamChooseOne: 'Alegeți cel puțin o cerere.',
  spamTooMany: 'Cel mult 100 de cereri o dată.',
  cannotSetStatus:
    'Statusul personalizat se poate seta doar după confirmarea cu acte sau pentru o programare deja stabilită.',
} as const;

// ------------------------------------------------------------------ transitions (DESIGN §6)

/** What the status dropdown offers and the server accepts. */
export type AppointmentAction = 'confirm_paperless' | 'confirm_with_papers' | 'set_custom';

export const ACTION_LABELS: Record<AppointmentAction, string> = {
  confirm_paperless: 'Confirmă fără acte',
  confirm_with_papers: 'Confirmă cu acte',
  set_custom: 'Setează status',
};

const TRANSITIONS: Record<AppointmentStatus, readonly AppointmentAction[]> = {
  request: ['confirm_paperless'],
  appointment_request: ['confirm_paperless'],
  scheduled_paperless: ['confirm_with_papers'],
  scheduled_with_papers: ['set_custom'],
  scheduled: ['set_custom'],
  custom: ['set_custom'],
};

export function allowedActions(status: string): readonly AppointmentAction[] {
  return TRANSITIONS[status as AppointmentStatus] ?? [];
}

export function canDo(status: string, action: AppointmentAction): boolean {
  return allowedActions(status).includes(action);
}

/**
 * Whether a custom status may be set from the current status: one that needs a slot only after
 * the confirm path (SPEC §4); one that needs none (`without_appointment`: a cancellation, a
 * referral) from every status, so a request can be cancelled before it is confirmed (issue 22).
 */
export function canSetStatus(current: string, target: { without_appointment: boolean }): boolean {
  return target.without_appointment || canDo(current, 'set_custom');
}

/** The custom statuses the status dropdown offers from the current status. */
export function settableStatuses<T extends { without_appointment: boolean }>(
  current: string,
  statuses: readonly T[],
): T[] {
  return statuses.filter((s) => canSetStatus(current, s));
}

export const CONFIRM_TARGETS = ['scheduled_paperless', 'scheduled_with_papers'] as const;
export type ConfirmTarget = (typeof CONFIRM_TARGETS)[number];

export function confirmAction(target: ConfirmTarget): AppointmentAction {
  return target === 'scheduled_paperless' ? 'confirm_paperless' : 'confirm_with_papers';
}

/** The status an action leads to. */
export function statusAfter(action: AppointmentAction): AppointmentStatus {
  return action === 'confirm_paperless'
    ? 'scheduled_paperless'
    : action === 'confirm_with_papers'
      ? 'scheduled_with_papers'
      : 'custom';
}

/** Why an action is refused from a status (Romanian, for the 409 answer). */
export function refusalMessage(action: AppointmentAction): string {
  return action === 'confirm_paperless'
    ? APPOINTMENT_MESSAGES.cannotConfirmPaperless
    : action === 'confirm_with_papers'
      ? APPOINTMENT_MESSAGES.cannotConfirmWithPapers
      : APPOINTMENT_MESSAGES.cannotSetStatus;
}

/** Badge colour (SPEC §4): primary for appointment_request, secondary otherwise. */
export function statusBadgeColor(status: string): 'primary' | 'secondary' {
  return status === 'appointment_request' ? 'primary' : 'secondary';
}

// ------------------------------------------------------------------ payloads (SPEC §7)

const id = z.coerce.number().int().positive();
/** Empty strings and null from a form are "not chosen". */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalId = z.preprocess(blankToUndefined, id.optional());
const optionalDate = z.preprocess(blankToUndefined, dayField.optional());
const optionalTime = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(TIME_RE, 'Ora trebuie sa fie in formatul HH:MM.')
    .transform((t) => t.slice(0, 5))
    .optional(),
);

type SlotFields = { calendar_id?: number; date?: string; time?: string };

/** calendar, date and time are 'Required' unless the status is without_appointment (SPEC §5). */
export function requireSlot(v: SlotFields & { without_appointment?: boolean }, ctx: z.RefinementCtx) {
  if (v.without_appointment) return;
  for (const field of ['calendar_id', 'date', 'time'] as const) {
    if (v[field] === undefined)
      ctx.addIssue({ code: 'custom', path: [field], message: APPOINTMENT_MESSAGES.required });
  }
}

export const confirmSchema = z.strictObject({
  appointment_id: id,
  status: z.enum(CONFIRM_TARGETS),
});

const setAppointmentBase = z.strictObject({
  appointment_id: id,
  status_id: z.preprocess(blankToUndefined, id.optional()),
  without_appointment: z.boolean().default(false),
  calendar_id: optionalId,
  date: optionalDate,
  time: optionalTime,
  /** Staff confirmed taking a slot held by a waitlist offer (issue 54, item 11); 409 without it. */
  take_held: z.boolean().optional(),
});
/**
 * The set-appointment payload as the server takes it: whether calendar, date and time are needed
 * is decided from the status in the database, not from the flag the browser sends.
 */
export const setAppointmentSchema = setAppointmentBase.superRefine((v, ctx) => {
  if (v.status_id === undefined)
    ctx.addIssue({ code: 'custom', path: ['status_id'], message: APPOINTMENT_MESSAGES.required });
});
/** The browser's set-appointment form: 'Required' slot fields unless without_appointment. */
export const setAppointmentFormSchema = setAppointmentSchema.superRefine(requireSlot);
export type SetAppointmentInput = z.input<typeof setAppointmentSchema>;

const newAppointmentBase = z.strictObject({
  doctor_id: z.string({ error: APPOINTMENT_MESSAGES.required }).min(1, APPOINTMENT_MESSAGES.required),
  patient_id: z.preprocess(blankToUndefined, id.optional()),
  status_id: z.preprocess(blankToUndefined, id.optional()),
  without_appointment: z.boolean().optional(),
  calendar_id: optionalId,
  date: optionalDate,
  time: optionalTime,
  /** Staff confirmed taking a slot held by a waitlist offer (issue 54, item 11); 409 without it. */
  take_held: z.boolean().optional(),
});
/** The new-appointment payload as the server takes it (slot needs decided from the status). */
export const newAppointmentSchema = newAppointmentBase.superRefine((v, ctx) => {
  for (const field of ['patient_id', 'status_id'] as const)
    if (v[field] === undefined)
      ctx.addIssue({ code: 'custom', path: [field], message: APPOINTMENT_MESSAGES.required });
});
/** The browser's new-appointment form: slot fields 'Required' unless without_appointment. */
export const newAppointmentFormSchema = newAppointmentSchema.superRefine(requireSlot);
export type NewAppointmentInput = z.input<typeof newAppointmentSchema>;

/** POST /appointment/no-show: the patient did not come (issue 15), after the appointment's time. */
export const noShowSchema = z.strictObject({ appointment_id: id });

/** POST /appointment/spam: public requests staff mark as spam (issue 20 §2), all or none. */
export const SPAM_BATCH_MAX = 100;
export const markSpamSchema = z.strictObject({
  ids: z
    .array(id, { error: APPOINTMENT_MESSAGES.spamChooseOne })
    .min(1, APPOINTMENT_MESSAGES.spamChooseOne)
    .max(SPAM_BATCH_MAX, APPOINTMENT_MESSAGES.spamTooMany),
});

export const assignDoctorSchema = z.strictObject({
  appointmentId: id,
  doctor_id: z.string({ error: APPOINTMENT_MESSAGES.required }).trim().min(1, APPOINTMENT_MESSAGES.required),
});

/** `filters` of GET /appointment (JSON text). */
export const appointmentFiltersSchema = z
  .object({
    name: z.string().max(150).optional(),
    doctor: z.string().max(100).optional(),
    date: z.string().regex(DATE_RE).optional(),
    status: z.enum(APPOINTMENT_STATUSES).optional(),
    status_id: z.number().int().positive().optional(),
    cnp: z.string().max(13).optional(),
    phone: z.string().max(30).optional(),
    /** Public requests unanswered for 36 hours or more (the page promises an answer in 48). */
    near_deadline: z.boolean().optional(),
  })
  .strict();
export type AppointmentFilters = z.infer<typeof appointmentFiltersSchema>;

/** `filters` of GET /appointment/appointment-patients. */
export const patientSearchSchema = z
  .object({
    name: z
      .string({ error: APPOINTMENT_MESSAGES.patientSearchHint })
      .trim()
      .min(2, APPOINTMENT_MESSAGES.patientSearchHint)
      .max(150, 'Textul căutat poate avea cel mult 150 de caractere.'),
  })
  .strict();

/**
 * Whether "Neprezentat" may be recorded now: the appointment holds a slot and its start (clinic
 * time) has passed. The server refuses otherwise (409); the status menu offers it only then.
 */
export function noShowDue(
  a: { holdsSlot: boolean; date: string | null; time: string | null },
  now: Date,
): boolean {
  if (!a.holdsSlot || !a.date) return false;
  return clinicInstant(a.date, a.time ?? '00:00').getTime() <= now.getTime();
}
