/**
 * The consultation register (issue 48 §3): the remote consultations numbered in a month, with
 * their doctor and calendar; as JSON and as CSV for Excel in Romanian (UTF-8 with a BOM, `;`
 * between fields, so the diacritics and the commas of a name stay as they are).
 */
import { addMonths, clinicInstant, clinicTime, clinicToday, formatDay } from '../../../../domain/dates';
import {
  CHANNEL_LABELS,
  CONSENT_LABELS,
  IDENTITY_LABELS,
  type IdentityCheck,
  type RegisterEntry,
  type RegisterQuery,
  type RemoteChannel,
} from '../../../../domain/remote-consultation';
import type { Db } from '../../../db/client';
import { registerLines } from './repository';

export async function registerEntries(db: Db, q: RegisterQuery): Promise<RegisterEntry[]> {
  const first = `${q.month}-01`;
  const rows = await registerLines(db, q, clinicInstant(first), clinicInstant(addMonths(first, 1)));
  return rows.map((r) => {
    const end = r.endedAt ?? r.start;
    return {
      number: r.number ?? 0,
      year: r.year ?? 0,
      date: clinicToday(r.start),
      start: clinicTime(r.start),
      end: clinicTime(end),
      channel:
        r.channel === 'other' && r.channelOther
          ? r.channelOther
          : (CHANNEL_LABELS[r.channel as RemoteChannel] ?? r.channel),
      patient_name: r.patientName,
      patient_cnp: r.patientCnp || null,
      doctor: r.doctor,
      calendar: r.calendar,
      consent: CONSENT_LABELS[r.consent as 'given' | 'refused'] ?? r.consent,
      identity_check:
        r.identityCheck === 'other' && r.identityOther
          ? r.identityOther
          : r.identityCheck
            ? (IDENTITY_LABELS[r.identityCheck as IdentityCheck] ?? r.identityCheck)
            : '',
    };
  });
}

const CSV_HEADER = [
  'Nr. registru',
  'Data',
  'Interval',
  'Canal',
  'Pacient',
  'CNP',
  'Medic',
  'Calendar',
  'Acord pacient',
  'Verificarea identității',
];

/** A field quoted when it holds the separator, a quote or a line break (RFC 4180). */
const field = (v: string) => (/[;"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export function registerCsv(entries: readonly RegisterEntry[]): string {
  const lines = [
    CSV_HEADER,
    ...entries.map((e) => [
      `${e.number}/${e.year}`,
      formatDay(e.date),
      `${e.start}–${e.end}`,
      e.channel,
      e.patient_name,
      e.patient_cnp ?? '',
      e.doctor ?? '',
      e.calendar ?? '',
      e.consent,
      e.identity_check,
    ]),
  ];
  return `\uFEFF${lines.map((l) => l.map(field).join(';')).join('\r\n')}\r\n`;
}
