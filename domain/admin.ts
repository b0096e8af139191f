/**
 * Administration (superadmins only): staff accounts, calendars and their availability, custom
 * appointment statuses, the audit log. One schema per payload, used by the admin forms and the
 * server routes alike.
 */

import { listReply, ok, pageReply } from './api';
import { statusRef } from './appointment-replies';
import { ROLES } from './auth';
import { minutesOfDay, timeOfMinutes } from './dates';
import { CONTROL_CHARS_MESSAGE, withoutControlChars } from './text';
import { z } from './zod-setup';

export const ADMIN_MESSAGES = {
  emailTaken: 'Există deja un cont cu această adresă de e-mail.',
  // Queued, not yet sent: the outbox sends it (and the outbox page shows if it could not).
  invited: 'Invitația a fost pusă în coada de trimitere.',
  staffNotFound: 'Contul nu a fost găsit.',
  staffUpdated: 'Contul a fost actualizat.',
  lastSuperadmin: 'Trebuie să rămână cel puțin un superadministrator activ.',
  selfDeactivate: 'Nu vă puteți dezactiva propriul cont.',
  alreadyHasPassword: 'Acest cont are deja o parolă; persoana poate folosi "Am uitat parola".',
  deactivated: 'Contul a fost dezactivat, iar sesiunile lui au fost închise.',
  reactivated: 'Contul a fost reactivat.',
  twoFactorReset: 'Autentificarea în doi pași a fost resetată.',
  settingsSaved: 'Setările au fost salvate.',
  ownTwoFactorFirst:
    'Activați mai întâi autentificarea în doi pași pentru propriul cont (Contul meu), apoi o puteți cere întregului personal.',
  calendarNotFound: 'Calendarul nu a fost găsit.',
  calendarInUse: 'Calendarul are programări și nu poate fi șters.',
  calendarSaved: 'Calendarul a fost salvat.',
  calendarDeleted: 'Calendarul a fost șters.',
  availabilityOverlap: 'Intervalul se suprapune cu un alt interval din aceeași zi.',
  availabilityOrder: 'Ora de început trebuie să fie înaintea orei de sfârșit.',
  entryNotFound: 'Intervalul nu a fost găsit.',
  dayRangeOrder: 'Data de început trebuie să fie cel târziu data de sfârșit.',
  statusNotFound: 'Statusul nu a fost găsit.',
  statusInUse: 'Statusul este folosit de programări și nu poate fi șters; îl puteți ascunde.',
  statusBuiltin:
    'Statusul este folosit de aplicație (pagina pacientului, neprezentări) și nu poate fi șters; îl puteți redenumi.',
  statusKindInUse:
    'Statusul este folosit de programări; nu se poate schimba dacă necesită sau nu o programare.',
  saved: 'Modificările au fost salvate.',
  deleted: 'Înregistrarea a fost ștearsă.',
} as const;

export const ROLE_LABELS: Record<(typeof ROLES)[number], string> = {
  doctor: 'Medic',
  admin: 'Administrator',
  superadmin: 'Superadministrator',
};

export const WEEKDAY_LABELS = ['Duminică', 'Luni', 'Marți', 'Miercuri', 'Joi', 'Vineri', 'Sâmbătă'];
/** Monday first, as a Romanian week is read. */
export const WEEKDAY_ORDER = [1, 2, 3, 4, 5, 6, 0];

/** How long an invitation link stays valid. */
export const INVITATION_HOURS = 48;

// ------------------------------------------------------------------ staff

/** A required one-line text (a name, a title): `requiredMessage` when empty, at most `max` characters. */
const requiredLine = (requiredMessage: string, max: number) =>
  z.string().trim().min(1, requiredMessage).max(max).refine(withoutControlChars, CONTROL_CHARS_MESSAGE);

const personName = requiredLine('Câmpul este obligatoriu.', 100);

export const staffInviteSchema = z.strictObject({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'Introduceți adresa de e-mail.')
    .email('Adresa de e-mail nu este validă.')
    .max(200),
  firstName: personName,
  lastName: personName,
  role: z.enum(ROLES),
  doctor: z.boolean().default(false),
  superadmin: z.boolean().default(false),
});
export type StaffInvite = z.infer<typeof staffInviteSchema>;

/** Printed on medical letters (the national model): the doctor's specialty, e.g. "cardiologie". */
export const specialtyField = z
  .string()
  .trim()
  .max(100, 'Specialitatea are cel mult 100 de caractere.')
  .transform((v) => v || null)
  .nullable();
/** The parafă (stamp) code of a doctor: letters and digits, e.g. "C12345". */
export const parafaCodeField = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{0,12}$/, 'Codul de parafă are cel mult 12 litere și cifre.')
  .transform((v) => v || null)
  .nullable();

export const staffUpdateSchema = z
  .object({
    firstName: personName,
    lastName: personName,
    role: z.enum(ROLES),
    doctor: z.boolean(),
    superadmin: z.boolean(),
    authorized: z.boolean(),
    specialty: specialtyField,
    parafaCode: parafaCodeField,
  })
  .partial()
  .strict();
export type StaffUpdate = z.infer<typeof staffUpdateSchema>;

export const settingsSchema = z.object({ requireTwoFactor: z.boolean() }).strict();
export type AdminSettings = z.infer<typeof settingsSchema>;

export const INVITATION_DELIVERIES = ['queued', 'sent', 'failed'] as const;
export type InvitationDelivery = (typeof INVITATION_DELIVERIES)[number];
export const INVITATION_DELIVERY_LABELS: Record<InvitationDelivery, string> = {
  queued: 'Invitație în coada de trimitere',
  sent: 'Invitație trimisă',
  failed: 'Invitație netrimisă (vezi Coada de mesaje)',
};

export const staffRow = z.object({
  id: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.string(),
  doctor: z.boolean(),
  superadmin: z.boolean(),
  authorized: z.boolean(),
  active: z.boolean(),
  specialty: z.string().nullable(),
  parafaCode: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  /** False until the invited person sets a password through the e-mailed link. */
  hasPassword: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
  /** Until the password is set: whether the newest invitation e-mail went out (the outbox's state). */
  invitation: z.enum(INVITATION_DELIVERIES).nullable(),
});
export type StaffRow = z.infer<typeof staffRow>;

export const staffListReply = listReply(staffRow);
export type StaffListReply = z.infer<typeof staffListReply>;
export const staffInvitedReply = ok({ id: z.string(), message: z.string() });
export type StaffInvitedReply = z.infer<typeof staffInvitedReply>;
export const settingsReply = ok({ data: z.object({ requireTwoFactor: z.boolean() }) });
export type SettingsReply = z.infer<typeof settingsReply>;
export const settingsSavedReply = ok({
  message: z.string(),
  data: z.object({ requireTwoFactor: z.boolean() }),
});
export type SettingsSavedReply = z.infer<typeof settingsSavedReply>;

/** `{ status: 1, id, message }`: a created row (calendar, availability entry, unavailable days, status). */
export { type CreatedReply, createdReply } from './api';

// ------------------------------------------------------------------ calendars

const hhmm = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'Ora trebuie sa fie in formatul HH:MM.');
const day = z.iso.date('Data trebuie sa fie in formatul AAAA-LL-ZZ.');

export const calendarSchema = z
  .object({
    title: requiredLine('Introduceți titlul calendarului.', 120),
    /** The calendar that takes the public remote-consultation requests (at most one). */
    publicRequests: z.boolean().default(false),
    /**
     * "Consultații la distanță": the institute calls the patient; messages and the patient's page
     * are worded for a call (no identity card, "disponibil la telefon"). Absent: on for a new
     * calendar that takes the public requests, off for another; an edit keeps what it was.
     */
    remote: z.boolean().optional(),
    /** Public requests per day; empty = the configured default. */
    dailyCapacity: z
      .number()
      .int()
      .min(1, 'Capacitatea trebuie să fie cel puțin 1.')
      .max(10000)
      .nullable()
      .default(null),
  })
  .strict();
export type CalendarInput = z.infer<typeof calendarSchema>;

export const availabilitySchema = z
  .object({
    weekday: z.number().int().min(0).max(6),
    from: hhmm,
    to: hhmm,
  })
  .strict()
  .refine((v) => v.from.slice(0, 5) < v.to.slice(0, 5), {
    message: ADMIN_MESSAGES.availabilityOrder,
    path: ['to'],
  });
export type AvailabilityInput = z.infer<typeof availabilitySchema>;

/**
 * [from, to) cut into consecutive entries of `minutes` (a shorter tail is dropped); 0 keeps it
 * whole. A morning of 30-minute consultations is entered this way.
 */
export function splitInterval(from: string, to: string, minutes: number): { from: string; to: string }[] {
  if (!minutes) return [{ from, to }];
  const out: { from: string; to: string }[] = [];
  for (let m = minutesOfDay(from); m + minutes <= minutesOfDay(to); m += minutes)
    out.push({ from: timeOfMinutes(m), to: timeOfMinutes(m + minutes) });
  return out;
}

export const unavailableDaysSchema = z
  .object({
    from: day,
    to: day,
    reason: z.string().trim().max(200).optional().default(''),
  })
  .strict()
  .refine((v) => v.from <= v.to, { message: ADMIN_MESSAGES.dayRangeOrder, path: ['to'] });
export type UnavailableDaysInput = z.infer<typeof unavailableDaysSchema>;

export const adminCalendar = z.object({
  id: z.number().int(),
  title: z.string(),
  publicRequests: z.boolean(),
  dailyCapacity: z.number().int().nullable(),
  /** Consultations held at a distance (the institute calls the patient). */
  remote: z.boolean(),
  appointments: z.number().int(),
  availability: z.array(
    z.object({ id: z.number().int(), weekday: z.number().int(), from: z.string(), to: z.string() }),
  ),
  unavailableDays: z.array(
    z.object({ id: z.number().int(), from: z.string(), to: z.string(), reason: z.string().nullable() }),
  ),
});
export type AdminCalendar = z.infer<typeof adminCalendar>;
export const adminCalendarListReply = listReply(adminCalendar);
export type AdminCalendarListReply = z.infer<typeof adminCalendarListReply>;

// ------------------------------------------------------------------ statuses

export const statusSchema = z
  .object({
    title: requiredLine('Introduceți denumirea statusului.', 80),
    without_appointment: z.boolean().default(false),
  })
  .strict();
export type StatusInput = z.infer<typeof statusSchema>;

/** A status as the appointments show it, with what only the admin page needs. */
export const adminStatus = statusRef.extend({
  hidden: z.boolean(),
  /** How many appointments carry it (a status in use cannot be deleted). */
  inUse: z.number().int(),
});
export type AdminStatus = z.infer<typeof adminStatus>;
export const adminStatusListReply = listReply(adminStatus);
export type AdminStatusListReply = z.infer<typeof adminStatusListReply>;

// ------------------------------------------------------------------ audit

export const auditFiltersSchema = z
  .object({
    actorId: z.string().min(1).max(100),
    patientId: z.number().int().positive(),
    action: z.string().min(1).max(100),
    from: day,
    to: day,
  })
  .partial()
  .strict();
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

export const auditRow = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  patientId: z.number().int().nullable(),
  patientName: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.unknown(),
});
export type AuditRow = z.infer<typeof auditRow>;
export const auditListReply = pageReply('data', auditRow);
export type AuditListReply = z.infer<typeof auditListReply>;
export const auditActionsReply = listReply(z.string());
export type AuditActionsReply = z.infer<typeof auditActionsReply>;

export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  patient: 'Pacient',
  user: 'Cont',
  calendar: 'Calendar',
  status: 'Status',
  document: 'Document',
  appointment: 'Programare',
  consultation: 'Consultație',
  setting: 'Setare',
  outbox: 'Mesaj',
  audit: 'Jurnal',
};
