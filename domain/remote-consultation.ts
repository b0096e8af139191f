/**
 * The remote consultation held for an appointment (issue 48): started from the appointment with
 * the channel, the patient's consent and how their identity was checked; ended with an outcome;
 * resumed after a failed connection; numbered in the year's consultation register when it ends
 * completed (docs/decisions/0097-remote-consultation-record.md).
 */
import { z } from './zod-setup';

export const REMOTE_CHANNELS = [
  'whatsapp_video',
  'whatsapp_audio',
  'whatsapp_chat',
  'phone',
  'other',
] as const;
export type RemoteChannel = (typeof REMOTE_CHANNELS)[number];
export const CHANNEL_LABELS: Record<RemoteChannel, string> = {
  whatsapp_video: 'WhatsApp video',
  whatsapp_audio: 'WhatsApp audio',
  whatsapp_chat: 'WhatsApp chat',
  phone: 'telefon',
  other: 'alt canal',
};

export const CONSENT_ANSWERS = ['given', 'refused'] as const;
export type ConsentAnswer = (typeof CONSENT_ANSWERS)[number];
export const CONSENT_LABELS: Record<ConsentAnswer, string> = {
  given: 'Acord dat',
  refused: 'Refuz',
};

export const IDENTITY_CHECKS = ['id_card_video', 'cnp_and_birth_date', 'known_patient', 'other'] as const;
export type IdentityCheck = (typeof IDENTITY_CHECKS)[number];
export const IDENTITY_LABELS: Record<IdentityCheck, string> = {
  id_card_video: 'Act de identitate arătat pe video',
  cnp_and_birth_date: 'CNP și data nașterii confirmate',
  known_patient: 'Pacient cunoscut',
  other: 'Altă metodă',
};

/** How a doctor ends a remote consultation; connection_failed leaves it open to a resume. */
export const END_OUTCOMES = ['completed', 'no_answer', 'connection_failed', 'in_person_needed'] as const;

/** A start more than this far before the slot is refused: the consultation is not held yet. */
export const START_AHEAD_MAX_HOURS = 24;
export const OTHER_TEXT_MAX = 200;
export const NO_ANSWER_TRIES_MAX = 20;

export const REMOTE_TEXTS = {
  channelRequired: 'Alegeți canalul consultației.',
  channelOtherRequired: 'Scrieți canalul folosit.',
  consentRequired: 'Consemnați acordul pacientului pentru consultația la distanță.',
  identityRequired: 'Alegeți cum a fost verificată identitatea pacientului.',
  identityOtherRequired: 'Scrieți cum a fost verificată identitatea.',
  identityWithRefusal: 'Fără acordul pacientului identitatea nu se consemnează.',
  textTooLong: `Textul poate avea cel mult ${OTHER_TEXT_MAX} de caractere.`,
  outcomeRequired: 'Alegeți cum s-a încheiat consultația.',
  triesInvalid: `Numărul de încercări este între 1 și ${NO_ANSWER_TRIES_MAX}.`,
  triesOnlyNoAnswer: 'Numărul de încercări se consemnează doar când pacientul nu a răspuns.',
  monthInvalid: 'Luna trebuie să fie în formatul YYYY-MM.',
  calendarInvalid: 'Calendarul nu este valid.',
  appointmentNotFound: 'Programarea nu a fost găsită.',
  notRemote: 'Programarea nu este într-un calendar de consultații la distanță.',
  noSlot: 'Programarea nu are o dată și o oră: consultația la distanță pornește de la o programare.',
  tooEarly: `Consultația poate începe cel mult cu ${START_AHEAD_MAX_HOURS} de ore înainte de programare.`,
  alreadyStarted: 'Consultația acestei programări a fost deja începută de un alt medic.',
  notStarted: 'Consultația acestei programări nu a fost începută.',
  alreadyEnded: 'Consultația a fost deja încheiată.',
  notInterrupted: 'Doar o consultație întreruptă poate fi reluată.',
  notOpen: 'Consultația nu este în desfășurare: reluați-o înainte de a o încheia.',
  endBeforeStart: 'Ora de încheiere nu poate fi înaintea începerii consultației.',
  started: 'Consultația a început.',
  refused: 'Refuzul pacientului a fost consemnat.',
  ended: 'Consultația a fost încheiată.',
  resumed: 'Consultația a fost reluată.',
  groupTitle: 'Consultație la distanță',
} as const;

const otherText = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(OTHER_TEXT_MAX, REMOTE_TEXTS.textTooLong);

/** POST /appointment/{id}/consultation/start */
export const consultationStartSchema = z
  .strictObject({
    channel: z.enum(REMOTE_CHANNELS, { error: REMOTE_TEXTS.channelRequired }),
    channel_other: otherText(REMOTE_TEXTS.channelOtherRequired).optional(),
    consent: z.enum(CONSENT_ANSWERS, { error: REMOTE_TEXTS.consentRequired }),
    identity_check: z.enum(IDENTITY_CHECKS, { error: REMOTE_TEXTS.identityRequired }).optional(),
    identity_other: otherText(REMOTE_TEXTS.identityOtherRequired).optional(),
  })
  .superRefine((v, ctx) => {
    const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.channel === 'other' && !v.channel_other) add('channel_other', REMOTE_TEXTS.channelOtherRequired);
    if (v.consent === 'given' && !v.identity_check) add('identity_check', REMOTE_TEXTS.identityRequired);
    if (v.consent === 'refused' && v.identity_check) add('identity_check', REMOTE_TEXTS.identityWithRefusal);
    if (v.identity_check === 'other' && !v.identity_other)
      add('identity_other', REMOTE_TEXTS.identityOtherRequired);
  });
export type ConsultationStart = z.infer<typeof consultationStartSchema>;

/** POST /appointment/{id}/consultation/end */
export const consultationEndSchema = z
  .strictObject({
    outcome: z.enum(END_OUTCOMES, { error: REMOTE_TEXTS.outcomeRequired }),
    /** How many times the doctor tried to reach the patient (no_answer). */
    tries: z
      .number({ error: REMOTE_TEXTS.triesInvalid })
      .int(REMOTE_TEXTS.triesInvalid)
      .min(1, REMOTE_TEXTS.triesInvalid)
      .max(NO_ANSWER_TRIES_MAX, REMOTE_TEXTS.triesInvalid)
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.tries !== undefined && v.outcome !== 'no_answer')
      ctx.addIssue({ code: 'custom', path: ['tries'], message: REMOTE_TEXTS.triesOnlyNoAnswer });
  });
export type ConsultationEnd = z.infer<typeof consultationEndSchema>;

/** POST /appointment/{id}/consultation/resume: nothing to send. */
export const consultationResumeSchema = z.strictObject({});

const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

/** GET /consultation-register(.csv)?month=YYYY-MM&doctor_id=&calendar_id= */
export const registerQuerySchema = z.strictObject({
  month: z.string({ error: REMOTE_TEXTS.monthInvalid }).regex(MONTH_RE, REMOTE_TEXTS.monthInvalid),
  doctor_id: z.string().trim().min(1).max(100).optional(),
  calendar_id: z.coerce
    .number({ error: REMOTE_TEXTS.calendarInvalid })
    .int(REMOTE_TEXTS.calendarInvalid)
    .positive(REMOTE_TEXTS.calendarInvalid)
    .optional(),
});
export type RegisterQuery = z.infer<typeof registerQuerySchema>;

/** The click-to-chat or call link of the channel to the patient's stored phone; null without one. */
export function contactLink(channel: RemoteChannel, phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (!digits) return null;
  // Romanian numbers are stored as 07xxxxxxxx or +40 7xx: wa.me takes the international digits.
  const international = digits.startsWith('00')
    ? digits.slice(2)
    : digits.startsWith('0')
      ? `40${digits.slice(1)}`
      : digits;
  if (channel.startsWith('whatsapp_')) return `https://wa.me/${international}`;
  if (channel === 'phone') return `tel:+${international}`;
  return null;
}

const interval = z.object({
  started_at: z.string(),
  ended_at: z.string().nullable(),
  ended_as: z.string().nullable(),
});

/** One remote consultation as the API gives it. */
export const remoteConsultationView = z.object({
  id: z.number().int(),
  appointment_id: z.number().int().nullable(),
  patient_id: z.number().int(),
  group_guid: z.string().nullable(),
  doctor_id: z.string().nullable(),
  channel: z.enum(REMOTE_CHANNELS),
  channel_other: z.string().nullable(),
  consent: z.enum(CONSENT_ANSWERS),
  consent_at: z.string(),
  identity_check: z.enum(IDENTITY_CHECKS).nullable(),
  identity_other: z.string().nullable(),
  /** in_progress (an open interval), interrupted (may resume), ended. */
  state: z.enum(['in_progress', 'interrupted', 'ended']),
  outcome: z.string().nullable(),
  ended_at: z.string().nullable(),
  register: z.object({ number: z.number().int(), year: z.number().int() }).nullable(),
  intervals: z.array(interval),
});
export type RemoteConsultationView = z.infer<typeof remoteConsultationView>;

/** GET /appointment/{id}/consultation: the consultation (null before a start) and the link. */
export const consultationStateReply = z.object({
  status: z.literal(1),
  data: z.object({
    consultation: remoteConsultationView.nullable(),
    /** The appointment's calendar holds remote consultations: start is offered. */
    remote: z.boolean(),
    links: z.object({ whatsapp: z.string().nullable(), phone: z.string().nullable() }),
  }),
});

export const consultationActionReply = z.object({
  status: z.literal(1),
  message: z.string(),
  data: remoteConsultationView,
});

/** One line of the consultation register. */
export const registerEntry = z.object({
  number: z.number().int(),
  year: z.number().int(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  channel: z.string(),
  patient_name: z.string(),
  patient_cnp: z.string().nullable(),
  doctor: z.string().nullable(),
  calendar: z.string().nullable(),
  consent: z.string(),
  identity_check: z.string(),
});
export type RegisterEntry = z.infer<typeof registerEntry>;

export const registerReply = z.object({ status: z.literal(1), data: z.array(registerEntry) });
export type ConsultationStateReply = z.infer<typeof consultationStateReply>;
export type ConsultationActionReply = z.infer<typeof consultationActionReply>;

/**
 * The line a letter's introduction, the consults tab and the appointment's summary print for a
 * remote consultation (issue 48 §4): "consultație la distanță prin WhatsApp video, 02.03.2026,
 * 10:00–10:25". `day` is DD.MM.YYYY, the times HH:MM.
 */
export function remoteConsultationLine(c: {
  channel: string;
  day: string;
  start: string;
  end: string;
}): string {
  return `consultație la distanță prin ${c.channel}, ${c.day}, ${c.start}–${c.end}`;
}
