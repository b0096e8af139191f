/**
 * The remote consultation of an appointment (issue 48): started from an appointment of a remote
 * calendar with the channel, the patient's consent and the identity check; refused, ended,
 * resumed; "Efectuată" and "Neprezentat" from its outcome, so the dashboard's "completed" and the
 * no-show rate count recorded outcomes; the register's number, JSON and CSV; bad input answered
 * 400/409 with a field message and nothing written.
 */
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { appointmentStatuses, auditEvents, remoteConsultations } from '../../../db/schema';
import { MONDAY_10, makeAppointment, makeCalendar, makePatient } from '../../../test/factories';
import { setupClinic, signedInStaff } from '../../../test/harness';

const { ctx, db, clock } = await setupClinic(); // Monday 2 March 2026, 10:00 in Bucharest
const doctorA = await signedInStaff(ctx, { doctor: true, firstName: 'Radu', lastName: 'Ionescu' });
const doctorB = await signedInStaff(ctx, { doctor: true, firstName: 'Elena', lastName: 'Pop' });
const remoteCal = await makeCalendar(db, { title: 'Consultații la distanță', remote: true });
const inPerson = await makeCalendar(db, { title: 'Cabinet', remote: false });

const call = (who: typeof doctorA, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/${url}`, headers: who.headers, ...(payload ? { payload } : {}) });
const start = (id: number, payload: object, who = doctorA) =>
  call(who, 'POST', `appointment/${id}/consultation/start`, payload);
const end = (id: number, payload: object, who = doctorA) =>
  call(who, 'POST', `appointment/${id}/consultation/end`, payload);
const resume = (id: number) => call(doctorA, 'POST', `appointment/${id}/consultation/resume`, {});
const state = (id: number) => call(doctorA, 'GET', `appointment/${id}/consultation`);
const video = { channel: 'whatsapp_video', consent: 'given', identity_check: 'id_card_video' };

let slotMinute = 0;
/** An appointment at 10:xx today (a new minute each), in the remote calendar unless told. */
async function appointment(o: { calendarId?: number; date?: string; slot?: boolean; name?: string } = {}) {
  const patient = await makePatient(db, { phone: '0722123456', ...(o.name ? { name: o.name } : {}) });
  const time = `10:${String(slotMinute++).padStart(2, '0')}`;
  return makeAppointment(db, {
    patientId: patient.id,
    status: 'scheduled_with_papers',
    doctorId: doctorA.id,
    ...(o.slot === false
      ? { calendarId: o.calendarId ?? remoteCal.id, date: o.date ?? '2026-03-02' }
      : { slot: { calendarId: o.calendarId ?? remoteCal.id, date: o.date ?? '2026-03-02', time } }),
  });
}
const rowsOf = (appointmentId: number) =>
  db.select().from(remoteConsultations).where(eq(remoteConsultations.appointmentId, appointmentId));
const statusTitle = async (id: number) =>
  (await call(doctorA, 'GET', `appointment/${id}`)).json().appointment.apstatus?.title as string | undefined;

describe('POST /api/appointment/{id}/consultation/start', () => {
  it('starts on the server clock, links a consultation form and gives the wa.me and tel: links', async () => {
    const a = await appointment();
    const res = await start(a.id, video);
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json().data;
    expect(res.json().message).toBe('Consultația a început.');
    expect(c).toMatchObject({
      state: 'in_progress',
      channel: 'whatsapp_video',
      consent: 'given',
      doctor_id: doctorA.id,
    });
    expect(c.intervals).toEqual([{ started_at: MONDAY_10.toISOString(), ended_at: null, ended_as: null }]);
    expect(c.group_guid).toMatch(/^[0-9a-f-]{36}$/);
    const s = (await state(a.id)).json().data;
    expect(s.links).toEqual({ whatsapp: 'https://wa.me/40722123456', phone: 'tel:+40722123456' });
    expect(s.consultation.id).toBe(c.id);
    const actions = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(c.id)));
    expect(actions.map((e) => e.action)).toEqual(
      expect.arrayContaining(['consultation.remote.consent', 'consultation.remote.start']),
    );
  });

  it('records a refusal with its time and ends the consultation before it starts', async () => {
    const a = await appointment();
    const res = await start(a.id, { channel: 'phone', consent: 'refused' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Refuzul pacientului a fost consemnat.');
    expect(res.json().data).toMatchObject({
      state: 'ended',
      outcome: 'refused',
      consent_at: MONDAY_10.toISOString(),
      group_guid: null,
      intervals: [],
      register: null,
    });
    expect((await rowsOf(a.id))[0].identityCheck).toBeNull();
    const [ev] = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(res.json().data.id)));
    expect(ev.action).toBe('consultation.remote.refusal');
    expect((await end(a.id, { outcome: 'completed' })).statusCode).toBe(409);
  });

  it('lets one of two doctors pressing start at once win; the other gets a clear 409', async () => {
    const a = await appointment();
    const [r1, r2] = await Promise.all([start(a.id, video, doctorA), start(a.id, video, doctorB)]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    const lost = r1.statusCode === 409 ? r1 : r2;
    expect(lost.json().message).toBe('Consultația acestei programări a fost deja începută de un alt medic.');
    expect(lost.json().errors).toEqual({ consultation: lost.json().message });
    expect(await rowsOf(a.id)).toHaveLength(1);
    const again = await start(a.id, video, doctorB);
    expect(again.statusCode).toBe(409);
  });

  it.each([
    [{ ...video, channel: 'telegram' }, 'channel', 'Alegeți canalul consultației.'],
    [{ ...video, channel: 'other' }, 'channel_other', 'Scrieți canalul folosit.'],
    [
      { channel: 'phone', identity_check: 'known_patient' },
      'consent',
      'Consemnați acordul pacientului pentru consultația la distanță.',
    ],
    [
      { channel: 'phone', consent: 'given' },
      'identity_check',
      'Alegeți cum a fost verificată identitatea pacientului.',
    ],
    [{ ...video, identity_check: 'other' }, 'identity_other', 'Scrieți cum a fost verificată identitatea.'],
  ])('refuses %j with 400 naming %s and writes nothing', async (body, field, message) => {
    const a = await appointment();
    const res = await start(a.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect(await rowsOf(a.id)).toHaveLength(0);
  });

  it('refuses an appointment outside a remote calendar, without a slot, or more than a day ahead', async () => {
    const cases = [
      [
        await appointment({ calendarId: inPerson.id }),
        'Programarea nu este într-un calendar de consultații la distanță.',
      ],
      [
        await appointment({ slot: false }),
        'Programarea nu are o dată și o oră: consultația la distanță pornește de la o programare.',
      ],
      [
        await appointment({ date: '2026-03-04' }),
        'Consultația poate începe cel mult cu 24 de ore înainte de programare.',
      ],
    ] as const;
    for (const [a, message] of cases) {
      const res = await start(a.id, video);
      expect(res.statusCode, message).toBe(409);
      expect(res.json().errors.appointment).toBe(message);
      expect(await rowsOf(a.id)).toHaveLength(0);
    }
    expect((await start(999_999, video)).statusCode).toBe(404);
  });
});

describe('ending and resuming', () => {
  it('ends completed: Efectuată, a register number; a second end or a resume is refused', async () => {
    const a = await appointment();
    expect((await end(a.id, { outcome: 'completed' })).json().errors.consultation).toBe(
      'Consultația acestei programări nu a fost începută.',
    );
    await start(a.id, video);
    clock.at = new Date(MONDAY_10.getTime() + 20 * 60_000);
    const res = await end(a.id, { outcome: 'completed' });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json().data;
    expect(c).toMatchObject({ state: 'ended', outcome: 'completed', ended_at: '2026-03-02T08:20:00.000Z' });
    expect(c.register).toEqual({ number: expect.any(Number), year: 2026 });
    expect(await statusTitle(a.id)).toBe('Efectuată');
    expect((await end(a.id, { outcome: 'completed' })).json().errors.consultation).toBe(
      'Consultația a fost deja încheiată.',
    );
    const r = await resume(a.id);
    expect(r.statusCode).toBe(409);
    expect(r.json().errors.consultation).toBe('Consultația a fost deja încheiată.');
    expect((await rowsOf(a.id))[0].registerNumber).toBe(c.register.number);
    clock.at = MONDAY_10;
  });

  it('numbers completed consultations one after another in the letters’ counter', async () => {
    const numbers: number[] = [];
    for (let i = 0; i < 2; i++) {
      const a = await appointment();
      await start(a.id, video);
      numbers.push((await end(a.id, { outcome: 'completed' })).json().data.register.number);
    }
    expect(numbers[1]).toBe(numbers[0] + 1);
  });

  it('keeps a failed connection open to a resume, which adds a second interval', async () => {
    const a = await appointment();
    await start(a.id, { ...video, channel: 'whatsapp_audio' });
    clock.at = new Date(MONDAY_10.getTime() + 5 * 60_000);
    const failed = await end(a.id, { outcome: 'connection_failed' });
    expect(failed.json().data).toMatchObject({ state: 'interrupted', outcome: null, register: null });
    expect((await end(a.id, { outcome: 'completed' })).json().errors.consultation).toBe(
      'Consultația nu este în desfășurare: reluați-o înainte de a o încheia.',
    );
    clock.at = new Date(MONDAY_10.getTime() + 7 * 60_000);
    const resumed = await resume(a.id);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().data.state).toBe('in_progress');
    expect((await resume(a.id)).json().errors.consultation).toBe(
      'Doar o consultație întreruptă poate fi reluată.',
    );
    clock.at = new Date(MONDAY_10.getTime() + 15 * 60_000);
    const done = (await end(a.id, { outcome: 'completed' })).json().data;
    expect(done.intervals).toEqual([
      {
        started_at: '2026-03-02T08:00:00.000Z',
        ended_at: '2026-03-02T08:05:00.000Z',
        ended_as: 'connection_failed',
      },
      { started_at: '2026-03-02T08:07:00.000Z', ended_at: '2026-03-02T08:15:00.000Z', ended_as: 'completed' },
    ]);
    clock.at = MONDAY_10;
  });

  it('refuses an end before its start and a bad outcome, and changes nothing', async () => {
    const a = await appointment();
    await start(a.id, video);
    clock.at = new Date(MONDAY_10.getTime() - 60_000);
    const early = await end(a.id, { outcome: 'completed' });
    expect(early.statusCode).toBe(409);
    expect(early.json().errors.ended_at).toBe(
      'Ora de încheiere nu poate fi înaintea începerii consultației.',
    );
    clock.at = MONDAY_10;
    const bad = await end(a.id, { outcome: 'finished' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.outcome).toBe('Alegeți cum s-a încheiat consultația.');
    const tries = await end(a.id, { outcome: 'completed', tries: 3 });
    expect(tries.json().errors.tries).toBe(
      'Numărul de încercări se consemnează doar când pacientul nu a răspuns.',
    );
    expect((await state(a.id)).json().data.consultation.state).toBe('in_progress');
    expect(await statusTitle(a.id)).toBeUndefined();
  });

  it('keeps Efectuată from being deleted, like Neprezentat', async () => {
    const admin = await signedInStaff(ctx, { role: 'superadmin', superadmin: true });
    const [st] = await db
      .select()
      .from(appointmentStatuses)
      .where(eq(appointmentStatuses.builtin, 'completed'));
    expect(st.title).toBe('Efectuată');
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/statuses/${st.id}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(409);
  });

  it('keeps Efectuată out of the status menu: only the consultation’s end sets it', async () => {
    const pickers = (await call(doctorA, 'GET', 'appointment/new-appointment')).json().data.statuses;
    expect(pickers.map((s: { title: string }) => s.title)).not.toContain('Efectuată');
    const [st] = await db
      .select()
      .from(appointmentStatuses)
      .where(eq(appointmentStatuses.builtin, 'completed'));
    const a = await appointment({ calendarId: inPerson.id });
    const res = await call(doctorA, 'POST', 'appointment/set-appointment', {
      appointment_id: a.id,
      status_id: st.id,
      calendar_id: inPerson.id,
      date: '2026-03-02',
      time: a.selectedTime!.slice(0, 5),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Statusul „Efectuată” se pune încheind consultația la distanță.');
    expect(await statusTitle(a.id)).toBeUndefined();
  });
});

describe('the dashboard from recorded outcomes', () => {
  it('counts a completed consultation as completed and an unanswered one as a no-show, not completed', async () => {
    // Yesterday's appointments, started and ended after their time.
    clock.at = new Date('2026-03-01T08:00:00Z');
    const figure = async () => (await call(doctorA, 'GET', 'dashboard')).json().stats.completed as number;
    const held = await appointment({ date: '2026-03-01' });
    const unanswered = await appointment({ date: '2026-03-01' });
    const untouched = await appointment({ date: '2026-03-01' });
    await start(held.id, video);
    await start(unanswered.id, { ...video, channel: 'phone' });
    clock.at = MONDAY_10;
    const before = await figure();
    expect((await end(held.id, { outcome: 'completed' })).statusCode).toBe(200);
    const noAnswer = await end(unanswered.id, { outcome: 'no_answer', tries: 3 });
    expect(noAnswer.statusCode, noAnswer.body).toBe(200);
    // The held one counts; the unanswered one and the one with no recorded outcome do not.
    expect(await figure()).toBe(before + 1);
    expect(await statusTitle(unanswered.id)).toBe('Neprezentat');
    expect(await statusTitle(untouched.id)).toBeUndefined();
    const journey = (await call(doctorA, 'GET', 'dashboard/journey')).json();
    const cal = journey.no_show.by_calendar.find((g: { id: number }) => g.id === remoteCal.id);
    expect(cal.no_shows).toBe(1);
  });
});

describe('GET /api/consultation-register', () => {
  it('lists the month’s numbered consultations and exports them as CSV Excel reads with diacritics', async () => {
    const a = await appointment({ name: 'Țăruș Ștefănica' });
    await start(a.id, {
      channel: 'other',
      channel_other: 'Signal; apel video',
      consent: 'given',
      identity_check: 'cnp_and_birth_date',
    });
    clock.at = new Date(MONDAY_10.getTime() + 25 * 60_000);
    const number = (await end(a.id, { outcome: 'completed' })).json().data.register.number;
    clock.at = MONDAY_10;
    const res = await call(doctorA, 'GET', `consultation-register?month=2026-03&calendar_id=${remoteCal.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const line = res.json().data.find((e: { number: number }) => e.number === number);
    expect(line).toMatchObject({
      year: 2026,
      date: '2026-03-02',
      start: '10:00',
      end: '10:25',
      channel: 'Signal; apel video',
      patient_name: 'Țăruș Ștefănica',
      doctor: 'Radu Ionescu',
      calendar: 'Consultații la distanță',
      consent: 'Acord dat',
      identity_check: 'CNP și data nașterii confirmate',
    });
    const other = await call(doctorA, 'GET', `consultation-register?month=2026-03&doctor_id=${doctorB.id}`);
    expect(other.json().data.find((e: { number: number }) => e.number === number)).toBeUndefined();

    const csv = await call(doctorA, 'GET', 'consultation-register.csv?month=2026-03');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows: string[][] = parse(csv.rawPayload.toString('utf8'), { delimiter: ';', bom: true });
    expect(rows[0]).toEqual([
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
    ]);
    const row = rows.find((r) => r[0] === `${number}/2026`);
    expect(row).toEqual([
      `${number}/2026`,
      '02.03.2026',
      '10:00–10:25',
      'Signal; apel video',
      'Țăruș Ștefănica',
      expect.any(String),
      'Radu Ionescu',
      'Consultații la distanță',
      'Acord dat',
      'CNP și data nașterii confirmate',
    ]);
  });

  it.each(['2026-3', '2026-13', 'martie', ''])('refuses the month %j with a field message', async (month) => {
    for (const path of ['consultation-register', 'consultation-register.csv']) {
      const res = await call(doctorA, 'GET', `${path}?month=${month}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.month).toBe('Luna trebuie să fie în formatul YYYY-MM.');
    }
  });
});

describe('the patient’s export and anonymisation', () => {
  it('exports the remote consultations with their intervals, and anonymisation takes the name out of their texts', async () => {
    const superadmin = await signedInStaff(ctx, { role: 'superadmin', superadmin: true });
    const a = await appointment({ name: 'Brândușa Mărginean' });
    await start(a.id, {
      channel: 'other',
      channel_other: 'telefonul fiicei lui Brândușa Mărginean',
      consent: 'given',
      identity_check: 'known_patient',
    });
    await end(a.id, { outcome: 'completed' });
    const exp = await ctx.app.inject({
      url: `/api/privacy/patients/${a.patientId}/export`,
      headers: superadmin.headers,
    });
    expect(exp.statusCode).toBe(200);
    const json = JSON.parse(
      Buffer.from(unzipSync(new Uint8Array(exp.rawPayload))['patient.json']).toString('utf8'),
    );
    expect(json.remote_consultations).toHaveLength(1);
    expect(json.remote_consultations[0]).toMatchObject({
      appointmentId: a.id,
      channel: 'other',
      consent: 'given',
      outcome: 'completed',
      intervals: [expect.objectContaining({ endedAs: 'completed' })],
    });
    const anon = await ctx.app.inject({
      method: 'POST',
      url: `/api/privacy/patients/${a.patientId}/anonymise`,
      headers: superadmin.headers,
      payload: { confirmation: 'ANONIMIZEAZĂ' },
    });
    expect(anon.statusCode, anon.body).toBe(200);
    const [row] = await rowsOf(a.id);
    expect(row.channelOther).not.toContain('Brândușa');
    expect(row.channelOther).toMatch(/^telefonul fiicei lui /);
    expect(row.registerNumber).toBeGreaterThan(0);
  });
});
