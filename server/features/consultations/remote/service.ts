/**
 * The remote consultation's rules (issue 48, docs/decisions/0097-remote-consultation-record.md):
 * started from an appointment holding a slot in a remote calendar, at most a day before it, with
 * the channel, the patient's consent asked now and how their identity was checked; a refusal is
 * recorded and ends it before it starts. The start opens the consultation form's group for the
 * patient, linked to the appointment, and its first interval; a failed connection closes the
 * interval and a resume opens another; the end records the outcome, sets the appointment's status
 * ("Efectuată", or "Neprezentat" when the patient did not answer) and, when it was completed, gives
 * the consultation its number in the year's register: the letters' counter, so a consultation has
 * one number whether or not a letter follows. Every step is audited; bad input writes nothing.
 */
import { randomUUID } from 'node:crypto';
import { clinicInstant, clinicTime, clinicToday } from '../../../../domain/dates';
import {
  type ConsultationEnd,
  type ConsultationStart,
  contactLink,
  REMOTE_TEXTS,
  type RemoteConsultationView,
  START_AHEAD_MAX_HOURS,
} from '../../../../domain/remote-consultation';
import type { Db } from '../../../db/client';
import type { Actor } from '../../../platform/actor';
import { auditOf } from '../../../platform/audit';
import { constraintViolation } from '../../../platform/db-errors';
import type { Deps } from '../../../platform/deps';
import { HttpError, notFound } from '../../../platform/errors';
import { appointmentForConsultation, recordConsultationOutcome } from '../../appointments';
import { nextRegisterNumber } from '../letter/repository';
import { insertConsultationGroup } from '../repository';
import * as repo from './repository';

const auditRemote = auditOf('remote-consultation');

/** A 409 naming the field it is about (the appointment's consultation, unless told). */
const refused = (message: string, field = 'consultation') =>
  new HttpError(409, message, { [field]: message });

async function appointmentOr404(tx: Db, id: number, lock: boolean) {
  const a = await appointmentForConsultation(tx, id, lock);
  if (!a) throw notFound(REMOTE_TEXTS.appointmentNotFound);
  return a;
}

export async function consultationView(db: Db, row: repo.RemoteRow): Promise<RemoteConsultationView> {
  const intervals = await repo.intervalsOf(db, row.id);
  const open = intervals.some((i) => !i.endedAt);
  return {
    id: row.id,
    appointment_id: row.appointmentId,
    patient_id: row.patientId,
    group_guid: row.groupGuid,
    doctor_id: row.doctorId,
    channel: row.channel as RemoteConsultationView['channel'],
    channel_other: row.channelOther,
    consent: row.consent as RemoteConsultationView['consent'],
    consent_at: row.consentAt.toISOString(),
    identity_check: row.identityCheck as RemoteConsultationView['identity_check'],
    identity_other: row.identityOther,
    state: row.outcome ? 'ended' : open ? 'in_progress' : 'interrupted',
    outcome: row.outcome,
    ended_at: row.endedAt?.toISOString() ?? null,
    register:
      row.registerNumber && row.registerYear ? { number: row.registerNumber, year: row.registerYear } : null,
    intervals: intervals.map((i) => ({
      started_at: i.startedAt.toISOString(),
      ended_at: i.endedAt?.toISOString() ?? null,
      ended_as: i.endedAs,
    })),
  };
}

export function createRemoteConsultationService({ db, clock }: Pick<Deps, 'db' | 'clock'>) {
  return {
    /** The appointment's consultation (null before a start) and the links to the patient's phone. */
    async state(actor: Actor, appointmentId: number) {
      const a = await appointmentOr404(db, appointmentId, false);
      const row = await repo.consultationOfAppointment(db, appointmentId);
      await auditRemote(db, actor, 'consultation.remote.read', {
        id: row?.id ?? `appointment:${a.id}`,
        patientId: a.patientId,
      });
      return {
        consultation: row ? await consultationView(db, row) : null,
        remote: a.remote,
        links: { whatsapp: contactLink('whatsapp_video', a.phone), phone: contactLink('phone', a.phone) },
      };
    },

    async start(actor: Actor, appointmentId: number, input: ConsultationStart) {
      const now = clock.now();
      try {
        const row = await db.transaction(async (tx) => {
          const a = await appointmentOr404(tx, appointmentId, false);
          if (!a.remote || !a.calendarId) throw refused(REMOTE_TEXTS.notRemote, 'appointment');
          if (!a.holdsSlot || !a.date || !a.time) throw refused(REMOTE_TEXTS.noSlot, 'appointment');
          const slotAt = clinicInstant(a.date, a.time.slice(0, 5));
          if (slotAt.getTime() - now.getTime() > START_AHEAD_MAX_HOURS * 3_600_000)
            throw refused(REMOTE_TEXTS.tooEarly, 'appointment');
          const given = input.consent === 'given';
          // The unique index on the appointment decides between two doctors pressing start at once.
          let row = await repo.insertRemote(tx, {
            appointmentId: a.id,
            patientId: a.patientId,
            doctorId: actor.userId,
            calendarId: a.calendarId,
            channel: input.channel,
            channelOther: input.channel === 'other' ? (input.channel_other ?? null) : null,
            consent: input.consent,
            consentAt: now,
            identityCheck: given ? (input.identity_check ?? null) : null,
            identityOther: given && input.identity_check === 'other' ? (input.identity_other ?? null) : null,
            ...(given ? {} : { outcome: 'refused', endedAt: now }),
          });
          const entity = { id: row.id, patientId: a.patientId };
          if (!given) {
            await auditRemote(tx, actor, 'consultation.remote.refusal', entity, {
              appointmentId: a.id,
              channel: input.channel,
              at: now.toISOString(),
            });
            return row;
          }
          const guid = randomUUID();
          await insertConsultationGroup(tx, {
            guid,
            patientId: a.patientId,
            title: `${REMOTE_TEXTS.groupTitle} ${clinicTime(now)}`,
            date: clinicToday(now),
            createdBy: actor.userId,
          });
          row = await repo.updateRemote(tx, row.id, { groupGuid: guid });
          await repo.openInterval(tx, row.id, now);
          await auditRemote(tx, actor, 'consultation.remote.consent', entity, {
            appointmentId: a.id,
            at: now.toISOString(),
          });
          await auditRemote(tx, actor, 'consultation.remote.start', entity, {
            appointmentId: a.id,
            channel: input.channel,
            identityCheck: input.identity_check,
            groupGuid: guid,
          });
          return row;
        });
        return consultationView(db, row);
      } catch (err) {
        const v = constraintViolation(err);
        if (v?.kind === 'unique' && v.constraint === 'remote_consultations_appointment_uq')
          throw refused(REMOTE_TEXTS.alreadyStarted);
        throw err;
      }
    },

    async end(actor: Actor, appointmentId: number, input: ConsultationEnd) {
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const a = await appointmentOr404(tx, appointmentId, true);
        const c = await repo.consultationOfAppointment(tx, a.id, true);
        if (!c) throw refused(REMOTE_TEXTS.notStarted);
        if (c.outcome) throw refused(REMOTE_TEXTS.alreadyEnded);
        const open = (await repo.intervalsOf(tx, c.id)).find((i) => !i.endedAt);
        if (!open) throw refused(REMOTE_TEXTS.notOpen);
        if (now.getTime() < open.startedAt.getTime()) throw refused(REMOTE_TEXTS.endBeforeStart, 'ended_at');
        await repo.closeInterval(tx, open.id, now, input.outcome);
        const entity = { id: c.id, patientId: c.patientId };
        if (input.outcome === 'connection_failed') {
          await auditRemote(tx, actor, 'consultation.remote.end', entity, {
            appointmentId: a.id,
            outcome: input.outcome,
          });
          return c;
        }
        let register: { year: number; number: number } | null = null;
        if (input.outcome === 'completed') {
          // A letter written before the end already took the consultation's number.
          register = c.groupGuid ? await repo.letterNumberOfGroup(tx, c.groupGuid) : null;
          if (!register) {
            const year = Number(clinicToday(now).slice(0, 4));
            register = { year, number: await nextRegisterNumber(tx, year) };
          }
        }
        const updated = await repo.updateRemote(tx, c.id, {
          outcome: input.outcome,
          endedAt: now,
          ...(register ? { registerYear: register.year, registerNumber: register.number } : {}),
        });
        if (input.outcome === 'completed' || input.outcome === 'no_answer')
          await recordConsultationOutcome(tx, actor, {
            appointmentId: a.id,
            outcome: input.outcome === 'completed' ? 'completed' : 'no_show',
            now,
          });
        await auditRemote(tx, actor, 'consultation.remote.end', entity, {
          appointmentId: a.id,
          outcome: input.outcome,
          ...(input.tries ? { tries: input.tries } : {}),
          ...(register ? { number: `${register.number}/${register.year}` } : {}),
        });
        return updated;
      });
      return consultationView(db, row);
    },

    async resume(actor: Actor, appointmentId: number) {
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const a = await appointmentOr404(tx, appointmentId, true);
        const c = await repo.consultationOfAppointment(tx, a.id, true);
        if (!c) throw refused(REMOTE_TEXTS.notStarted);
        if (c.outcome) throw refused(REMOTE_TEXTS.alreadyEnded);
        if ((await repo.intervalsOf(tx, c.id)).some((i) => !i.endedAt))
          throw refused(REMOTE_TEXTS.notInterrupted);
        await repo.openInterval(tx, c.id, now);
        await auditRemote(
          tx,
          actor,
          'consultation.remote.resume',
          { id: c.id, patientId: c.patientId },
          { appointmentId: a.id },
        );
        return c;
      });
      return consultationView(db, row);
    },
  };
}
