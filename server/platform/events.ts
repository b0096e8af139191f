/**
 * What one feature tells the others inside the transaction of a change, so that features that
 * react to each other do not import each other (docs/ARCHITECTURE.md "No loops"): the
 * appointments feature says "a slot was freed" and the waitlist offers it; it says "the patient
 * must hear of this" and the journey queues the messages. A handler runs in the emitter's
 * transaction, in the order the handlers were added, and a failure rolls the whole change back.
 *
 * The payloads are plain facts (ids, days, times), defined here so that the emitter and the
 * handlers share them without importing each other.
 */
import type { Db } from '../db/client';
import type { Actor } from './actor';

/** A slot an appointment stopped holding. */
export type FreedSlot = { calendarId: number; date: string; time: string; doctorId: string | null };

/** The appointment as it was before a change (the row the appointments feature locked). */
export type AppointmentBefore = {
  id: number;
  patientId: number;
  calendarId: number | null;
  status: string;
  holdsSlot: boolean;
  selectedDate: string | null;
  selectedTime: string | null;
};

export type DomainEvents = {
  /** Staff confirmed a request (with or without papers). */
  'appointment.confirmed': { appointmentId: number; status: string };
  /** The appointment got a slot, or moved to another one (`previous`: the slot it left). */
  'appointment.scheduled': { appointmentId: number; previous: { date: string; time: string } | null };
  /** Staff cancelled it (a status without appointment) or deleted it. */
  'appointment.cancelled': { appointment: AppointmentBefore };
  /** A patient's name changed (an edit, an anonymisation): its folded form, for the copies others keep. */
  'patient.renamed': { patientId: number; nameSearch: string };
  /** A public request was removed as spam: what was given with it (its consent) goes too. */
  'request.discarded': { appointmentId: number; patientId: number };
  /**
   * A change is about to book a slot (a new appointment, a move): raised before the write, so a
   * handler may refuse it (the waitlist: a slot held by an open offer needs `takeHeld`).
   */
  'slot.booking': FreedSlot & { takeHeld: boolean; actor: Actor };
  /** A change freed a slot that someone else may now take. */
  'slot.freed': FreedSlot;
  /** A freed slot was offered to a waiting patient, held until `expiresAt` (its link is built when sent). */
  'waitlist.offered': {
    id: number;
    patientId: number;
    date: string;
    time: string;
    calendar: string | null;
    expiresAt: Date;
  };
};

type Handler<K extends keyof DomainEvents> = (tx: Db, event: DomainEvents[K]) => Promise<void>;

export class Events {
  private readonly handlers = new Map<keyof DomainEvents, Handler<never>[]>();

  on<K extends keyof DomainEvents>(type: K, handler: Handler<K>): void {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler as Handler<never>]);
  }

  async emit<K extends keyof DomainEvents>(tx: Db, type: K, event: DomainEvents[K]): Promise<void> {
    for (const handler of (this.handlers.get(type) ?? []) as Handler<K>[]) await handler(tx, event);
  }
}
