import { describe, expect, it } from 'vitest';
import { seededRandom } from '../server/demo/random';
import { appointmentRows, DOCTORS, SLOT_CALENDARS, slotStep, workingDays } from './data-gen';

describe('bench appointments', () => {
  const days = workingDays('2026-11-23');
  const doctors = Array.from({ length: DOCTORS }, (_, i) => `d${i}`);
  const rows = [
    ...appointmentRows(seededRandom(1), {
      total: 30_000,
      patients: { first: 1, count: 10_000 },
      days,
      publicCalendar: 1,
      slotCalendars: Array.from({ length: SLOT_CALENDARS }, (_, i) => i + 2),
      doctors,
      statuses: [
        { id: 1, withoutAppointment: false },
        { id: 2, withoutAppointment: true },
      ],
      onLeave: (d, day) => d === 'd0' && day.endsWith('-15'),
    }),
  ];

  it('never puts two slot holders on one calendar slot or one doctor slot', () => {
    const holders = rows.filter((r) => r[7]);
    const slots = new Set(holders.map((r) => `${r[2]}|${r[5]}|${r[6]}`));
    const doctorSlots = new Set(holders.map((r) => `${r[1]}|${r[5]}|${r[6]}`));
    expect(holders.length).toBeGreaterThan(20_000);
    expect(slots.size).toBe(holders.length);
    expect(doctorSlots.size).toBe(holders.length);
    expect(holders.some((r) => r[1] === 'd0' && String(r[5]).endsWith('-15'))).toBe(false);
  });

  it('keeps one public request per patient and day, in every status, over five years', () => {
    const requests = rows.filter((r) => r[8]);
    expect(new Set(requests.map((r) => `${r[0]}|${r[5]}`)).size).toBe(requests.length);
    expect(new Set(rows.map((r) => r[3]))).toEqual(
      new Set([
        'request',
        'appointment_request',
        'scheduled_paperless',
        'scheduled_with_papers',
        'scheduled',
        'custom',
      ]),
    );
    expect(rows.some((r) => r[5] === null)).toBe(true);
    const dated = rows
      .map((r) => r[5])
      .filter((d): d is string => d !== null)
      .sort();
    expect(dated[0] < '2023-01-01' && dated.at(-1)! > '2027-06-01').toBe(true);
  });

  it('picks the roundest slot length that fits the day', () => {
    expect(slotStep(20)).toBe(30);
    expect(slotStep(36)).toBe(15);
    expect(slotStep(400)).toBe(1);
  });
});
