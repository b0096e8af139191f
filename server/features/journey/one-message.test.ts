/**
 * One message per change the patient needs to know about (issue 54, item 13;
 * docs/decisions/0093-one-message-per-change.md), read from the outbox rows: a state message
 * still waiting is replaced by the next, a change that says what the patient was already told
 * sends nothing, and a move is worded as a move only to a patient who was told the old time.
 */
import { describe, expect, it } from 'vitest';
import { makeAppointment, makePatient } from '../../test/factories';
import { journeyTestContext } from './test/setup';

const { clock, db, calId, control, worker, post, rowsOf, live, smsFile, newAppointment } =
  await journeyTestContext();

/** 22:00 in Bucharest on Monday 2 March 2026: SMS wait until 08:00. */
const NIGHT = new Date('2026-03-02T20:00:00Z');
/** 08:00 in Bucharest on Tuesday 3 March 2026. */
const MORNING = new Date('2026-03-03T06:00:00Z');

const STATE = /^(confirmed:|scheduled@|moved@)/;
/** The messages about the appointment's state (not the reminders), as the outbox holds them. */
const stateRows = async (id: number) => (await live(id)).filter((r) => STATE.test(r.purpose ?? ''));

async function publicRequest(phone: string, email: string | null, day: string) {
  const p = await makePatient(db, { email, phone });
  return makeAppointment(db, {
    patientId: p.id,
    status: 'request',
    calendarId: calId,
    selectedDate: day,
    selectedTime: '08:00',
    publicRequest: true,
  });
}

const confirm = async (id: number, status: string) =>
  expect((await post('confirm', { appointment_id: id, status })).statusCode).toBe(200);

async function setSlot(id: number, date: string, time: string) {
  const res = await post('set-appointment', {
    appointment_id: id,
    status_id: control,
    calendar_id: calId,
    date,
    time,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('"fără acte" then "cu acte"', () => {
  it('one e-mail and one SMS when the first went out: the second says nothing new', async () => {
    const a = await publicRequest('+40722555201', 'acte.trimis@example.ro', '2026-03-06');
    await confirm(a.id, 'scheduled_paperless');
    await worker.runUntilIdle();
    await confirm(a.id, 'scheduled_with_papers');
    await worker.runUntilIdle();
    const rows = await rowsOf(a.id);
    expect(rows.map((r) => [r.channel, r.purpose, r.state])).toEqual([
      ['email', 'confirmed:scheduled_paperless@2026-03-06T08:00', 'sent'],
      ['sms', 'confirmed:scheduled_paperless@2026-03-06T08:00', 'sent'],
    ]);
  });

  it('one e-mail and one SMS when the first was still waiting: the second replaces it', async () => {
    clock.at = NIGHT;
    const a = await publicRequest('+40722555202', 'acte.noapte@example.ro', '2026-03-06');
    await confirm(a.id, 'scheduled_paperless');
    await confirm(a.id, 'scheduled_with_papers');
    const waiting = await stateRows(a.id);
    expect(waiting.map((r) => [r.channel, r.purpose])).toEqual([
      ['email', 'confirmed:scheduled_with_papers@2026-03-06T08:00'],
      ['sms', 'confirmed:scheduled_with_papers@2026-03-06T08:00'],
    ]);
    const replaced = (await rowsOf(a.id)).filter((r) => r.state === 'cancelled');
    expect(replaced.map((r) => [r.channel, r.purpose, r.lastError?.split(':')[0]])).toEqual([
      ['email', 'confirmed:scheduled_paperless@2026-03-06T08:00', 'REPLACED'],
      ['sms', 'confirmed:scheduled_paperless@2026-03-06T08:00', 'REPLACED'],
    ]);
    clock.at = MORNING;
    await worker.runUntilIdle();
    expect((await rowsOf(a.id)).filter((r) => r.state === 'sent')).toHaveLength(2);
  });
});

describe('quick changes', () => {
  it('four changes of a phone-only patient made in the quiet hours send one SMS at 08:00, the latest', async () => {
    clock.at = NIGHT;
    const a = await publicRequest('+40722555203', null, '2026-03-09');
    await confirm(a.id, 'scheduled_paperless');
    await worker.runUntilIdle();
    await confirm(a.id, 'scheduled_with_papers');
    await worker.runUntilIdle();
    await setSlot(a.id, '2026-03-10', '09:00');
    await worker.runUntilIdle();
    await setSlot(a.id, '2026-03-10', '10:30');
    clock.at = MORNING;
    await worker.runUntilIdle();
    const sent = (await rowsOf(a.id)).filter((r) => r.state === 'sent');
    expect(sent.map((r) => [r.channel, r.purpose])).toEqual([['sms', 'scheduled@2026-03-10T10:30']]);
    const file = await smsFile(sent[0].id);
    expect(file.to).toBe('+40722555203');
    expect(file.text).toContain('programare 10.03.2026 ora 10:30');
    expect(file.text).not.toContain('mutata');
  });
});

describe('a move', () => {
  it('in the quiet hours, before the patient was told anything, is worded as the confirmation', async () => {
    clock.at = NIGHT;
    const p = await makePatient(db, { email: null, phone: '+40722555204' });
    const id = await newAppointment(p.id, '2026-03-11', '09:00');
    const a = { id };
    await worker.runUntilIdle(); // 22:00: the SMS waits
    clock.at = new Date(NIGHT.getTime() + 30 * 60_000);
    await setSlot(a.id, '2026-03-11', '11:00');
    const waiting = await stateRows(a.id);
    expect(waiting.map((r) => [r.channel, r.purpose])).toEqual([['sms', 'scheduled@2026-03-11T11:00']]);
    clock.at = MORNING;
    await worker.runUntilIdle();
    const [first] = (await rowsOf(a.id)).filter((r) => r.state === 'sent');
    const file = await smsFile(first.id);
    expect(file.text).toContain('programare 11.03.2026 ora 11:00');
    expect(file.text).not.toContain('mutata');
  });

  it('told to a patient who was told the old time, says the time they were told, not one still waiting', async () => {
    const p = await makePatient(db, { email: 'mutat.doua@example.ro', phone: '+40722555205' });
    const a = await makeAppointment(db, { patientId: p.id, status: 'scheduled_with_papers' });
    await setSlot(a.id, '2026-03-12', '09:00');
    await worker.runUntilIdle(); // told 12.03.2026 09:00 by e-mail and SMS
    await setSlot(a.id, '2026-03-12', '10:00');
    // Moved again before the worker picked the move: the patient never heard of 10:00.
    await setSlot(a.id, '2026-03-12', '11:30');
    await worker.runUntilIdle();
    const sent = (await rowsOf(a.id)).filter((r) => r.state === 'sent');
    expect(sent.map((r) => [r.channel, r.purpose])).toEqual([
      ['email', 'scheduled@2026-03-12T09:00'],
      ['sms', 'scheduled@2026-03-12T09:00'],
      ['email', 'moved@2026-03-12T11:30'],
      ['sms', 'moved@2026-03-12T11:30'],
    ]);
    expect(sent[2].text).toContain('din 12.03.2026, ora 09:00 a fost mutată');
    expect((await smsFile(sent[3].id)).text).toContain('mutata pe 12.03.2026 ora 11:30');
  });

  it('back to the time the patient was told sends nothing', async () => {
    const p = await makePatient(db, { email: 'inapoi@example.ro', phone: '+40722555206' });
    const a = await makeAppointment(db, { patientId: p.id, status: 'scheduled_with_papers' });
    await setSlot(a.id, '2026-03-13', '09:00');
    await worker.runUntilIdle();
    clock.at = NIGHT;
    await setSlot(a.id, '2026-03-13', '10:00');
    await setSlot(a.id, '2026-03-13', '09:00');
    expect(await stateRows(a.id).then((rows) => rows.filter((r) => r.state === 'pending'))).toEqual([]);
  });
});
