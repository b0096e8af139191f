/**
 * The outbox as staff see it (/app/admin/outbox): states, channels, the list's filters and reply,
 * and the masks that keep recipients out of the page (an administrator checks that messages go,
 * not to whom). No body and no attachment ever leaves the server through this page.
 */

import { ok, pageReply } from './api';
import { z } from './zod-setup';

export const OUTBOX_STATES = ['pending', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

export const OUTBOX_CHANNELS = ['email', 'sms'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

export const OUTBOX_STATE_LABELS: Record<OutboxState, string> = {
  pending: 'În coadă',
  sending: 'Se trimite',
  sent: 'Trimis',
  failed: 'Netrimis',
  cancelled: 'Anulat',
};

export const OUTBOX_CHANNEL_LABELS: Record<OutboxChannel, string> = { email: 'E-mail', sms: 'SMS' };

export const OUTBOX_MESSAGES = {
  notFound: 'Mesajul nu a fost găsit.',
  retried: 'Mesajul a fost pus din nou în coada de trimitere.',
  cancelled: 'Mesajul a fost anulat și nu va mai fi trimis.',
  cannotRetry: 'Doar un mesaj aflat în coadă sau netrimis poate fi trimis din nou.',
  cannotCancel: 'Doar un mesaj aflat în coadă sau netrimis poate fi anulat.',
} as const;

export const outboxFiltersSchema = z
  .object({
    state: z.enum(OUTBOX_STATES, 'Starea nu este cunoscută.'),
    channel: z.enum(OUTBOX_CHANNELS, 'Canalul nu este cunoscut.'),
  })
  .partial()
  .strict();
export type OutboxFilters = z.infer<typeof outboxFiltersSchema>;

export const outboxRow = z.object({
  id: z.number().int(),
  channel: z.string(),
  /** Masked: `m***@domeniu.ro`, `+40 7** *** 123`. */
  recipient: z.string(),
  subject: z.string(),
  state: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxRow = z.infer<typeof outboxRow>;

export const outboxListReply = pageReply('data', outboxRow);
export type OutboxListReply = z.infer<typeof outboxListReply>;

const budgetUse = z.object({ sent: z.number().int(), limit: z.number().int() });
export const outboxSummaryReply = ok({
  failed: z.number().int(),
  /** SMS sent in the last hour and 24 hours against SMS_PER_HOUR and SMS_PER_DAY; `reached`: they wait. */
  sms_budget: z.object({ hour: budgetUse, day: budgetUse, reached: z.boolean() }),
});
export type OutboxSummaryReply = z.infer<typeof outboxSummaryReply>;

/** `maria.pop@domeniu.ro` → `m***@domeniu.ro`. */
/** The outbox page's notice while the SMS budget holds messages back. */
export const smsBudgetNotice = (b: OutboxSummaryReply['sms_budget']) =>
  b.hour.sent >= b.hour.limit
    ? `S-a atins limita de ${b.hour.limit} SMS pe oră: mesajele așteaptă și pleacă pe măsură ce se eliberează locuri.`
    : `S-a atins limita de ${b.day.limit} SMS în 24 de ore: mesajele așteaptă și pleacă pe măsură ce se eliberează locuri.`;

export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address[0]}***${address.slice(at)}`;
}

/** `+40722123123` → `+40 7** *** 123` (the country code, the first digit, the last three). */
export function maskPhone(number: string): string {
  const digits = number.replace(/[^\d]/g, '');
  if (number.startsWith('+40') && digits.length === 11) return `+40 ${digits[2]}** *** ${digits.slice(-3)}`;
  if (digits.length < 6) return '***';
  return `${number.startsWith('+') ? '+' : ''}${digits.slice(0, 2)}*** ${digits.slice(-3)}`;
}

export function maskRecipient(channel: string, to: string): string {
  return channel === 'sms' ? maskPhone(to) : maskEmail(to);
}

const EMAIL_IN_TEXT = /[^\s<>"'(),;:]+@[^\s<>"'(),;:]+\.[A-Za-z]{2,}/g;
const PHONE_IN_TEXT = /\+?\d[\d ]{8,}\d/g;

/** A patient's link (`/p/{token}`, a token of 22 characters, 43 in older links, or a part of one). */
const PATIENT_LINK_IN_TEXT = /\/p\/[A-Za-z0-9_-]+/g;

/**
 * A relay's error text with every address, number and patient link in it masked (it is shown
 * and stored): a gateway that echoes the message must not put a working link on the outbox page.
 */
export function maskRecipientsIn(text: string): string {
  return text
    .replace(PATIENT_LINK_IN_TEXT, '/p/***')
    .replace(EMAIL_IN_TEXT, (m) => maskEmail(m))
    .replace(PHONE_IN_TEXT, (m) => maskPhone(m));
}
