/**
 * The patient journey's messages (issue 15): what the patient receives, on which channel and
 * when, queued in the outbox inside the transaction of the change that causes it, so a change
 * that rolls back sends nothing and one that commits cannot lose its message.
 *
 * Each message is one outbox row per (appointment, channel, purpose); the purpose carries the
 * appointment's date and time (`reminder:24@2026-12-01T09:30`), so the partial unique index
 * `outbox_purpose_uq` queues it at most once even when two nodes schedule it, and a moved
 * appointment gets new rows while the old ones are cancelled (docs/decisions/0039-sms-gateway.md).
 */

import { clinicInstant, clinicTime, clinicToday, hhmm } from '../../../domain/dates';
import { contactChannels, quietHoursUntil } from '../../../domain/sms';
import { normalizePhone } from '../../../domain/validation/phone';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { AppointmentBefore, DomainEvents, Events } from '../../platform/events';
import {
  cancelPendingForAppointment,
  insertMessagesOnce,
  linkPlaceholder,
  type NewOutboxRow,
  replaceWaitingMessages,
  sentAboutAppointment,
} from '../../platform/outbox';
import { type AppointmentFacts, appointmentFacts } from '../appointments';
import { calendarPlace } from '../calendars';
import { patientContact } from '../patients';
import { type LinkSecrets, linkSecrets, selfServiceUrl } from '../self-service';
import * as texts from './messages';

export type JourneyOptions = {
  links: LinkSecrets;
  sender: texts.Sender;
  /** Hours before an appointment holding a slot when reminders go (REMINDER_HOURS). */
  reminderHours: readonly number[];
  now: () => Date;
};

type Contact = { name: string; email: string | null; phone: string | null };

/** The statuses after which the patient was told a date (a confirmed request). */
const CONFIRMED = new Set(['scheduled_paperless', 'scheduled_with_papers']);

const stamp = (date: string, time: string) => `${date}T${hhmm(time)}`;

/**
 * Whether the public form's message may go by SMS. The form can name any phone number, so a
 * number nobody vouched for (no appointment made or confirmed by staff or by the patient) gets at
 * most one SMS a day, however many requests name it (SMS pumping, issue 54); the e-mail still goes.
 */
export const formSmsAllowed = (r: { vouched: boolean; smsInLastDay: number }) =>
  r.vouched || r.smsInLastDay === 0;

/**
 * The kinds of message that tell the patient the appointment's state (its date and time): one
 * still waiting is replaced by the next (docs/decisions/0093-one-message-per-change.md).
 */
const STATE_KINDS = ['confirmed:', 'scheduled@', 'moved@'] as const;
/** Messages that told the patient the appointment's time: the state messages and the reminders. */
const TOLD_KINDS = [...STATE_KINDS, 'reminder:'] as const;
const isKind = (purpose: string | null, kinds: readonly string[]) =>
  purpose !== null && kinds.some((k) => purpose.startsWith(k));
/** The date and time a purpose carries (`moved@2026-03-05T10:00`). */
const STAMP = /@(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;

export function createJourney(o: JourneyOptions) {
  /**
   * The e-mail and the SMS of one moment, each to the channel the patient has. An SMS that would
   * fall in the quiet hours waits until 08:00; one that could then only arrive at or after
   * `latest` (a reminder pushed past the appointment) is left out.
   */
  function messageRows(
    appointmentId: number | null,
    contact: Contact,
    purpose: string,
    t: texts.Texts,
    when: { at?: Date; latest?: Date } = {},
  ): NewOutboxRow[] {
    const channels = contactChannels(contact);
    // Due now on the app's clock (the outbox worker compares with the same clock).
    const due = when.at ?? o.now();
    const rows: NewOutboxRow[] = [];
    if (channels.includes('email'))
      rows.push({
        channel: 'email',
        to: contact.email!,
        subject: t.subject,
        text: t.text,
        appointmentId,
        purpose,
        notBefore: due,
      });
    if (channels.includes('sms')) {
      const notBefore = quietHoursUntil(due) ?? due;
      if (!(when.latest && notBefore >= when.latest))
        rows.push({
          channel: 'sms',
          to: normalizePhone(contact.phone!)!,
          subject: t.subject,
          text: t.sms,
          appointmentId,
          purpose,
          notBefore,
        });
    }
    return rows;
  }

  /** Queues the messages of one moment (`messageRows`), both channels in one statement. */
  async function queue(
    tx: Db,
    appointmentId: number | null,
    contact: Contact,
    purpose: string,
    t: texts.Texts,
    when: { at?: Date; latest?: Date } = {},
  ) {
    await insertMessagesOnce(tx, messageRows(appointmentId, contact, purpose, t, when));
  }

  const moment = (f: AppointmentFacts): texts.Moment => ({
    patientName: f.patientName,
    date: f.date!,
    time: hhmm(f.time),
    calendar: f.calendar,
    remote: f.remote,
  });

  async function factsWithDate(tx: Db, id: number) {
    const f = await appointmentFacts(tx, id);
    return f?.date && f.time ? f : null;
  }

  const contactOf = (f: AppointmentFacts): Contact => ({
    name: f.patientName,
    email: f.email,
    phone: f.phone,
  });

  /** The appointment's link (made on first use) as the placeholder its messages keep; null when revoked. */
  async function link(tx: Db, id: number) {
    return (await selfServiceUrl(tx, o.links, id)) && linkPlaceholder('appointment', id);
  }

  /**
   * The reminders of an appointment holding a slot, REMINDER_HOURS before it: those still waiting
   * are cancelled first (it may have moved), those whose time has passed are not queued.
   */
  async function scheduleReminders(tx: Db, f: AppointmentFacts) {
    await cancelPendingForAppointment(tx, f.id, 'reminder:');
    if (!f.holdsSlot || !f.date || !f.time) return;
    const start = clinicInstant(f.date, hhmm(f.time));
    const now = o.now();
    const url = await link(tx, f.id);
    for (const hours of o.reminderHours) {
      const at = new Date(start.getTime() - hours * 3_600_000);
      if (at <= now) continue;
      await queue(
        tx,
        f.id,
        contactOf(f),
        `reminder:${hours}@${stamp(f.date, f.time)}`,
        texts.reminder(moment(f), o.sender, url),
        { at, latest: start },
      );
    }
  }

  /**
   * Tells the patient the appointment's state now, once (docs/decisions/0093-one-message-per-change.md):
   * - the state messages still waiting (not sent: the quiet hours, not yet picked) are replaced by
   *   this one, so several changes due at once reach the patient as one message, the latest;
   * - a move is worded as a move only to a patient who was told a time for the appointment (a
   *   state message or a reminder went out), and from the last time they were told; to one who was
   *   told nothing yet it is the first confirmation (`first`); moved back to the time they were
   *   told, nothing is sent;
   * - on a channel whose last state message had the same text, nothing is sent.
   */
  async function tellState(
    tx: Db,
    f: AppointmentFacts,
    url: string | null,
    first: { purpose: string; texts: texts.Texts },
    movedFrom: { date: string; time: string } | null = null,
  ) {
    const sent = await sentAboutAppointment(tx, f.id);
    const told = sent.filter((r) => isKind(r.purpose, TOLD_KINDS));
    let message: { purpose: string; texts: texts.Texts } | null = first;
    if (movedFrom && told.length) {
      const last = STAMP.exec(told[told.length - 1].purpose ?? '');
      const was = last
        ? { date: last[1], time: last[2] }
        : { date: movedFrom.date, time: hhmm(movedFrom.time) };
      message =
        was.date === f.date && was.time === hhmm(f.time)
          ? null
          : {
              purpose: `moved@${stamp(f.date!, f.time!)}`,
              texts: texts.moved(moment(f), o.sender, url, was),
            };
    }
    const rows = message ? messageRows(f.id, contactOf(f), message.purpose, message.texts) : [];
    const news = rows.filter((r) => {
      const last = sent.filter((s) => s.channel === r.channel && isKind(s.purpose, STATE_KINDS)).at(-1);
      return !(last && last.text === r.text && last.subject === r.subject);
    });
    await replaceWaitingMessages(tx, f.id, STATE_KINDS, news);
  }

  return {
    /**
     * 5. A freed slot is offered from the waitlist: the link to accept or decline it, and until
     * when it is held. Queued in the transaction that made the offer (purpose per offer).
     */
    async waitlistOffered(tx: Db, offer: DomainEvents['waitlist.offered']) {
      const pt = await patientContact(tx, offer.patientId);
      if (!pt) return;
      const m: texts.Moment = {
        patientName: pt.name,
        date: offer.date,
        time: hhmm(offer.time),
        calendar: offer.calendar,
        remote: false,
      };
      const until = { date: clinicToday(offer.expiresAt), time: clinicTime(offer.expiresAt) };
      await queue(
        tx,
        null,
        pt,
        `waitlist-offer:${offer.id}`,
        texts.waitlistOffer(m, o.sender, linkPlaceholder('waitlist-offer', offer.id), until),
      );
    },

    /**
     * 1. The public form is storing a request: its day, the 48-hour promise, the self-service
     * link. Returned as rows for the one statement that stores the request (registration), which
     * writes them only when the request is written. `smsAllowed`: see `formSmsAllowed`.
     */
    requestReceivedRows(r: {
      appointmentId: number;
      contact: Contact;
      smsAllowed: boolean;
      date: string;
      time: string;
      calendar: string;
    }): NewOutboxRow[] {
      const m: texts.Moment = {
        patientName: r.contact.name,
        date: r.date,
        time: hhmm(r.time),
        calendar: r.calendar,
        // The public form's requests are remote consultations (SPEC §1), whatever the calendar says.
        remote: true,
      };
      const contact = r.smsAllowed ? r.contact : { ...r.contact, phone: null };
      const url = linkPlaceholder('appointment', r.appointmentId);
      return messageRows(
        r.appointmentId,
        contact,
        'request-received',
        texts.requestReceived(m, o.sender, url),
      );
    },

    /** 2. A request was confirmed (without or with papers): its day, time, place, what to send. */
    async confirmed(tx: Db, appointmentId: number, status: string) {
      const f = await factsWithDate(tx, appointmentId);
      if (!f) return;
      const url = await link(tx, f.id);
      await tellState(tx, f, url, {
        purpose: `confirmed:${status}@${stamp(f.date!, f.time!)}`,
        texts: texts.scheduled(moment(f), o.sender, url),
      });
      await scheduleReminders(tx, f);
    },

    /**
     * 2. / 4a. The appointment got a slot: "scheduled" the first time, "moved" when it had another
     * slot (`from`) the patient was told of; its reminders follow the new time.
     */
    async scheduled(tx: Db, appointmentId: number, from?: { date: string; time: string } | null) {
      const f = await factsWithDate(tx, appointmentId);
      if (!f) return;
      const url = await link(tx, f.id);
      // What was still waiting for the old time (its confirmation, its reminders) no longer applies.
      if (from) await cancelPendingForAppointment(tx, f.id);
      await tellState(
        tx,
        f,
        url,
        { purpose: `scheduled@${stamp(f.date!, f.time!)}`, texts: texts.scheduled(moment(f), o.sender, url) },
        from ?? null,
      );
      await scheduleReminders(tx, f);
    },

    /**
     * 4b. The appointment no longer holds its time (a status without a slot, or deleted): what was
     * waiting for it is cancelled, and a patient who had been given a date still to come is told.
     * Called with the row as it was before the change, before or after it is deleted.
     */
    async cancelledByStaff(tx: Db, before: AppointmentBefore) {
      await cancelPendingForAppointment(tx, before.id);
      const { selectedDate: date, selectedTime: time } = before;
      if (!date || !time) return;
      if (!(before.holdsSlot || CONFIRMED.has(before.status))) return;
      if (clinicInstant(date, hhmm(time)) <= o.now()) return;
      const pt = await patientContact(tx, before.patientId);
      if (!pt) return;
      const place = await calendarPlace(tx, before.calendarId);
      const m: texts.Moment = {
        patientName: pt.name,
        date,
        time: hhmm(time),
        calendar: place?.title ?? null,
        remote: place?.remote ?? false,
      };
      await queue(tx, before.id, pt, `cancelled@${stamp(date, time)}`, texts.cancelled(m, o.sender));
    },
  };
}

export type Journey = ReturnType<typeof createJourney>;

/**
 * The journey's part in what other features do: the messages that follow a change to an
 * appointment (platform/events.ts), in the change's transaction.
 */
export function subscribeJourney(events: Events, deps: { config: Config; clock: Clock }) {
  const journey = journeyFor(deps);
  events.on('appointment.confirmed', (tx, e) => journey.confirmed(tx, e.appointmentId, e.status));
  events.on('appointment.scheduled', (tx, e) => journey.scheduled(tx, e.appointmentId, e.previous));
  events.on('appointment.cancelled', (tx, e) => journey.cancelledByStaff(tx, e.appointment));
  events.on('waitlist.offered', (tx, e) => journey.waitlistOffered(tx, e));
}

/** The journey of this server's configuration and clock. */
export function journeyFor(deps: { config: Config; clock: Clock }): Journey {
  const { config, clock } = deps;
  return createJourney({
    links: linkSecrets(config),
    sender: {
      institute: config.INSTITUTE_NAME,
      signature: config.SMS_SIGNATURE,
      contactEmail: config.CONTACT_EMAIL,
      phone: config.INSTITUTE_PHONE,
      callingNumber: config.callingNumber,
    },
    reminderHours: config.REMINDER_HOURS,
    now: () => clock.now(),
  });
}

const REMINDER_PURPOSE = /^reminder:\d+@(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;

/**
 * For the outbox worker: a reminder whose appointment has already begun (the gateway or the relay
 * was down past it) is not sent; the reason, or null for any other message.
 */
export function staleJourneyMessage(message: { purpose: string | null }, now: Date): string | null {
  const m = message.purpose ? REMINDER_PURPOSE.exec(message.purpose) : null;
  if (!m) return null;
  return clinicInstant(m[1], m[2]) <= now ? 'the appointment has begun' : null;
}
