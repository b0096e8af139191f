/**
 * The waitlist (issue 15): staff add a patient, a freed slot is offered to the first matching
 * patient (outbox rows with the link, in the freeing transaction), accepting books it once even
 * when two answers or a staff booking race, expiry and decline go to the next patient.
 */
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments, auditEvents, outbox, waitlistFreeSlots, waitlistOffers } from '../../db/schema';
import { type ChannelSender, createOutboxWorker } from '../../platform/outbox';
import { MONDAY_10, makeAppointment, makeCalendar, makePatient, makeStatus } from '../../test/factories';
import { setupClinic, signedInStaff } from '../../test/harness';
import { linkSecrets, patientLinks, selfServiceUrl } from '../self-service';
import { createWaitlistService } from './index';

const START = MONDAY_10;
const { ctx, db, clock } = await setupClinic({
  at: START,
  env: { WAITLIST_OFFER_HOURS: '2', SELF_SERVICE_CANCEL_HOURS: '24' },
});
const { config } = ctx.app.deps;
const expireOffers = () => createWaitlistService(ctx.app.deps).processExpired();
const staff = await signedInStaff(ctx, {
  doctor: true,
  role: 'doctor',
  firstName: 'Ana',
  lastName: 'Doctor',
});
const control = (await makeStatus(db, { title: 'Control' })).id;
const postponed = (await makeStatus(db, { title: 'Amânat', withoutAppointment: true })).id;

let ip = 0;
const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api${url}`, payload, headers: staff.headers });
const patientCall = (method: 'GET' | 'POST', url: string) =>
  ctx.app.inject({ method, url: `/api/self-service/${url}`, remoteAddress: `10.7.0.${++ip % 250}` });

async function waiting(calendarId: number, from = '2026-03-03', to = '2026-03-20', doctorId?: string) {
  const patient = await makePatient(db);
  const res = await api('POST', '/waitlist', {
    patient_id: patient.id,
    calendar_id: calendarId,
    from,
    to,
    ...(doctorId ? { doctor_id: doctorId } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { patient, entryId: res.json().id as number };
}

async function bookedSlot(calendarId: number, date: string, time: string, status = 'scheduled_paperless') {
  const patient = await makePatient(db);
  return makeAppointment(db, {
    patientId: patient.id,
    status,
    slot: { calendarId, date, time },
  });
}

/** What the patients' phones and mailboxes received, by outbox id. */
const received = new Map<number, string>();
const receiver = (channel: string): ChannelSender => ({
  channel,
  send: async (m) => void received.set(m.id, m.text),
  close() {},
});
const worker = createOutboxWorker(db, {
  senders: [receiver('email'), receiver('sms')],
  maxInFlight: 4,
  sendTimeoutMs: 10_000,
  clock,
  links: patientLinks(db, linkSecrets(config)),
});

/**
 * The waitlist offer messages queued so far (e-mail and SMS), each with the text the patient
 * received. The stored rows never hold a working link (issue 54): the outbox puts it in as it sends.
 */
async function offerMessages() {
  await worker.runUntilIdle();
  const rows = await db
    .select()
    .from(outbox)
    .where(like(outbox.purpose, 'waitlist-offer:%'))
    .orderBy(outbox.id);
  for (const r of rows) expect(tokenIn(r.text), 'a working link kept in the outbox').toBeNull();
  return rows.map((r) => ({ ...r, text: received.get(r.id) ?? r.text }));
}

function tokenIn(text: string) {
  const m = /\/p\/([A-Za-z0-9_-]{22})/.exec(text);
  return m ? m[1] : null;
}

async function offeredTo(patient: { email: string | null }) {
  const [mail] = (await offerMessages()).filter((r) => r.channel === 'email' && r.to === patient.email);
  return mail ? { mail, token: tokenIn(mail.text)! } : null;
}

describe('the waitlist', () => {
  it('adds a patient and lists who waits, since when', async () => {
    clock.at = START;
    const cal = await makeCalendar(db, { title: 'Cabinet aritmii' });
    const { patient, entryId } = await waiting(cal.id);
    const list = await api('GET', `/waitlist?calendar_id=${cal.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      status: 1,
      entries: [
        {
          id: entryId,
          patient_id: patient.id,
          patient_name: patient.name,
          doctor_id: null,
          doctor_name: null,
          from: '2026-03-03',
          to: '2026-03-20',
          state: 'waiting',
          created_at: START.toISOString(),
          offers: [],
        },
      ],
    });
    // Twice on the same calendar is refused.
    const twice = await api('POST', '/waitlist', {
      patient_id: patient.id,
      calendar_id: cal.id,
      from: '2026-03-03',
      to: '2026-03-04',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Pacientul este deja pe lista de așteptare a acestui calendar.');
    const [added] = await db.select().from(auditEvents).where(eq(auditEvents.action, 'waitlist.add'));
    expect(added).toMatchObject({ actorId: staff.id, patientId: patient.id });
  });

  it('refuses bad input with Romanian messages and changes nothing', async () => {
    clock.at = START;
    const cal = await makeCalendar(db);
    const patient = await makePatient(db);
    const bad = await api('POST', '/waitlist', {
      patient_id: 'x',
      calendar_id: cal.id,
      from: '2026-02-30',
      to: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      patient_id: 'Alegeți pacientul.',
      from: 'Dată invalidă (AAAA-LL-ZZ).',
    });
    const reversed = await api('POST', '/waitlist', {
      patient_id: patient.id,
      calendar_id: cal.id,
      from: '2026-03-10',
      to: '2026-03-05',
    });
    expect(reversed.json().errors).toEqual({ to: 'Data de sfârșit trebuie să fie după data de început.' });
    const past = await api('POST', '/waitlist', {
      patient_id: patient.id,
      calendar_id: cal.id,
      from: '2026-02-01',
      to: '2026-02-10',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual({ to: 'Intervalul s-a încheiat deja.' });
    const noCalendar = await api('POST', '/waitlist', {
      patient_id: patient.id,
      calendar_id: 999999,
      from: '2026-03-03',
      to: '2026-03-05',
    });
    expect(noCalendar.json().errors).toEqual({ calendar_id: 'Calendarul nu a fost găsit.' });
    const huge = await api('POST', '/waitlist', {
      patient_id: 99_999_999_999,
      calendar_id: cal.id,
      from: '2026-03-03',
      to: '2026-03-05',
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors).toEqual({ patient_id: 'Alegeți pacientul.' });
    expect((await api('GET', '/waitlist?calendar_id=abc')).statusCode).toBe(400);
    expect((await api('GET', `/waitlist?calendar_id=${cal.id}`)).json().entries).toEqual([]);
    expect((await api('DELETE', '/waitlist/999999')).statusCode).toBe(404);
  });

  it('offers a slot the patient cancels to the first matching patient, and accepting books it', async () => {
    clock.at = START;
    const cal = await makeCalendar(db, { title: 'Cabinet cardiologie 3' });
    const a = await bookedSlot(cal.id, '2026-03-05', '09:30');
    // Not matching: a range before the day, another doctor. Matching: the later two, first wins.
    const early = await waiting(cal.id, '2026-03-03', '2026-03-04');
    const otherDoctor = await signedInStaff(ctx, { doctor: true, role: 'doctor' });
    const doctorBound = await waiting(cal.id, '2026-03-03', '2026-03-10', otherDoctor.id);
    const first = await waiting(cal.id);
    const second = await waiting(cal.id);

    const link = await selfServiceUrl(db, { secret: config.authSecret, publicUrl: config.publicUrl }, a.id);
    const cancelled = await patientCall('POST', `${link!.split('/p/')[1]}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    expect(await offeredTo(early.patient)).toBeNull();
    expect(await offeredTo(doctorBound.patient)).toBeNull();
    expect(await offeredTo(second.patient)).toBeNull();
    const offer = await offeredTo(first.patient);
    expect(offer).not.toBeNull();
    expect(offer!.mail.text).toContain(`${config.publicUrl}/p/${offer!.token}`);
    expect(offer!.mail.text).toContain('05.03.2026');
    const [sms] = (await offerMessages()).filter(
      (r) => r.channel === 'sms' && r.to === first.patient.phone && r.purpose === offer!.mail.purpose,
    );
    expect(sms.text).toContain(`/p/${offer!.token}`);
    expect(sms.text).not.toContain(first.patient.cnp ?? 'no-cnp');
    expect(sms.text).not.toContain(first.patient.name);

    const seen = await patientCall('GET', offer!.token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({
      status: 1,
      phone: config.INSTITUTE_PHONE,
      calling_number: null,
      offer: {
        date: '2026-03-05',
        time: '09:30',
        calendar: 'Cabinet cardiologie 3',
        expires_at: new Date(START.getTime() + 2 * 3_600_000).toISOString(),
        state: 'open',
      },
    });
    expect(seen.body).not.toContain(first.patient.name);

    const ok = await patientCall('POST', `${offer!.token}/accept`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      message: 'Gata! Programarea a fost făcută. Vă așteptăm.',
      offer: { state: 'accepted' },
    });
    const booked = await db
      .select()
      .from(appointments)
      .where(and(eq(appointments.patientId, first.patient.id), eq(appointments.holdsSlot, true)));
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({ calendarId: cal.id, selectedDate: '2026-03-05', status: 'scheduled' });
    // The journey's "scheduled" message for the new appointment.
    const scheduled = await db.select().from(outbox).where(eq(outbox.appointmentId, booked[0].id));
    expect(scheduled.map((r) => r.purpose)).toContain('scheduled@2026-03-05T09:30');
    const list = (await api('GET', `/waitlist?calendar_id=${cal.id}`)).json();
    const entry = list.entries.find((e: { patient_id: number }) => e.patient_id === first.patient.id);
    expect(entry).toMatchObject({ state: 'booked', offers: [{ state: 'accepted', date: '2026-03-05' }] });
    // Accepting again is refused; nothing is booked twice.
    const again = await patientCall('POST', `${offer!.token}/accept`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Oferta nu mai este valabilă.');
  });

  it('gives exactly one booking to two accepts at once', async () => {
    clock.at = START;
    const cal = await makeCalendar(db);
    const a = await bookedSlot(cal.id, '2026-03-06', '10:00');
    const w = await waiting(cal.id);
    expect((await api('DELETE', `/appointment/${a.id}`)).statusCode).toBe(200);
    const offer = await offeredTo(w.patient);
    const answers = await Promise.all([
      patientCall('POST', `${offer!.token}/accept`),
      patientCall('POST', `${offer!.token}/accept`),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const holders = await db
      .select()
      .from(appointments)
      .where(
        and(
          eq(appointments.calendarId, cal.id),
          eq(appointments.selectedDate, '2026-03-06'),
          eq(appointments.holdsSlot, true),
        ),
      );
    expect(holders).toHaveLength(1);
    expect(holders[0].patientId).toBe(w.patient.id);
  });

  it('loses to staff who booked the slot meanwhile: 409 with a clear message, the offer taken', async () => {
    clock.at = START;
    const cal = await makeCalendar(db);
    const a = await bookedSlot(cal.id, '2026-03-09', '11:00');
    const w = await waiting(cal.id);
    expect((await api('DELETE', `/appointment/${a.id}`)).statusCode).toBe(200);
    const offer = await offeredTo(w.patient);
    expect(offer).not.toBeNull();
    const walkIn = await makePatient(db);
    // Staff confirmed taking the held slot (issue 54, item 11: without it the booking is refused).
    const staffBooking = await api('POST', '/appointment/new-appointment', {
      doctor_id: staff.id,
      patient_id: walkIn.id,
      status_id: control,
      calendar_id: cal.id,
      date: '2026-03-09',
      time: '11:00',
      take_held: true,
    });
    expect(staffBooking.statusCode, staffBooking.body).toBe(200);
    const lost = await patientCall('POST', `${offer!.token}/accept`);
    expect(lost.statusCode).toBe(409);
    expect(lost.json().message).toBe(
      'Ne pare rău, locul tocmai a fost ocupat. Rămâneți pe lista de așteptare.',
    );
    const [row] = await db.select().from(waitlistOffers).where(eq(waitlistOffers.entryId, w.entryId));
    expect(row.state).toBe('taken');
    const holders = await db
      .select()
      .from(appointments)
      .where(and(eq(appointments.calendarId, cal.id), eq(appointments.holdsSlot, true)));
    expect(holders.map((h) => h.patientId)).toEqual([walkIn.id]);
    const list = (await api('GET', `/waitlist?calendar_id=${cal.id}`)).json();
    expect(list.entries[0]).toMatchObject({ state: 'waiting', offers: [{ state: 'taken' }] });
  });

  it('offers the slot to the next patient when an offer expires (processWaitlist, moved clock) or is declined', async () => {
    clock.at = START;
    const cal = await makeCalendar(db);
    const a = await bookedSlot(cal.id, '2026-03-10', '09:00', 'scheduled_with_papers');
    const first = await waiting(cal.id);
    const second = await waiting(cal.id);
    const third = await waiting(cal.id);
    // Staff move the appointment to another time: its old slot frees.
    const moved = await api('POST', '/appointment/set-appointment', {
      appointment_id: a.id,
      status_id: control,
      calendar_id: cal.id,
      date: '2026-03-10',
      time: '10:30',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const o1 = await offeredTo(first.patient);
    expect(o1).not.toBeNull();
    expect(await offeredTo(second.patient)).toBeNull();

    clock.at = new Date(START.getTime() + 119 * 60_000);
    expect(await expireOffers()).toBe(0);
    expect(await offeredTo(second.patient)).toBeNull();
    clock.at = new Date(START.getTime() + 121 * 60_000);
    expect(await expireOffers()).toBe(1);
    const o2 = await offeredTo(second.patient);
    expect(o2).not.toBeNull();
    const late = await patientCall('POST', `${o1!.token}/accept`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Oferta a expirat: locul a fost oferit altui pacient.');

    const declined = await patientCall('POST', `${o2!.token}/decline`);
    expect(declined.statusCode).toBe(200);
    expect(declined.json().message).toBe('Am înțeles. Locul va fi oferit altui pacient.');
    const o3 = await offeredTo(third.patient);
    expect(o3).not.toBeNull();
    // Nobody is offered the same slot twice.
    const firsts = (await offerMessages()).filter((r) => r.to === first.patient.email);
    expect(firsts).toHaveLength(1);
    // Removing the third from the list ends their offer.
    expect((await api('DELETE', `/waitlist/${third.entryId}`)).statusCode).toBe(200);
    expect((await patientCall('GET', o3!.token)).json().offer.state).toBe('declined');
    const list = (await api('GET', `/waitlist?calendar_id=${cal.id}`)).json();
    expect(list.entries.map((e: { patient_id: number }) => e.patient_id)).toEqual([
      first.patient.id,
      second.patient.id,
    ]);
    expect(list.entries[0].offers).toMatchObject([{ state: 'expired' }]);
    clock.at = START;
  });

  it('holds a slot freed in the quiet hours from 08:00, when its SMS can go', async () => {
    // 22:00 in Bucharest on Monday 2 March 2026.
    clock.at = new Date('2026-03-02T20:00:00Z');
    const cal = await makeCalendar(db);
    const a = await bookedSlot(cal.id, '2026-03-11', '10:00');
    const w = await waiting(cal.id);
    expect((await api('DELETE', `/appointment/${a.id}`)).statusCode).toBe(200);
    const offer = await offeredTo(w.patient);
    const seen = (await patientCall('GET', offer!.token)).json();
    // 08:00 on 3 March (06:00 UTC) plus the 2 hours.
    expect(seen.offer.expires_at).toBe('2026-03-03T08:00:00.000Z');
    clock.at = START;
  });

  it('offers a slot staff free by a status without a slot', async () => {
    clock.at = START;
    const cal = await makeCalendar(db);
    const a = await bookedSlot(cal.id, '2026-03-12', '11:30');
    const w = await waiting(cal.id);
    const res = await api('POST', '/appointment/set-appointment', {
      appointment_id: a.id,
      status_id: postponed,
      without_appointment: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const offer = await offeredTo(w.patient);
    expect(offer).not.toBeNull();
    expect((await patientCall('GET', offer!.token)).json().offer).toMatchObject({
      date: '2026-03-12',
      time: '11:30',
      state: 'open',
    });
  });
});

describe('a slot held for a waiting patient (issue 54, item 11)', () => {
  const availability = async (calendarId: number, date: string) =>
    (await api('GET', `/appointment/calendar/${calendarId}/availability?date=${date}`)).json().data;
  const heldMessage =
    'Locul este rezervat pentru un pacient de pe lista de așteptare până la 12:00. Confirmați dacă îl luați totuși.';

  it("is shown in staff's time options with the hold's end; booking or moving into it asks first (409), take_held books it and ends the offer", async () => {
    clock.at = START;
    const cal = await makeCalendar(db);
    const freed = await bookedSlot(cal.id, '2026-03-16', '09:30');
    const w = await waiting(cal.id);
    expect((await api('DELETE', `/appointment/${freed.id}`)).statusCode).toBe(200);
    const offer = await offeredTo(w.patient);
    expect(offer).not.toBeNull();
    // Held from 10:00 for 2 hours: until 12:00 in Bucharest.
    expect((await availability(cal.id, '2026-03-16')).held).toEqual([
      { selected_date: '2026-03-16', selected_time: '09:30', until: '2026-03-02T10:00:00.000Z' },
    ]);
    expect((await availability(cal.id, '2026-03')).held).toHaveLength(1);

    const walkIn = await makePatient(db);
    const book = (extra: object = {}) =>
      api('POST', '/appointment/new-appointment', {
        doctor_id: staff.id,
        patient_id: walkIn.id,
        status_id: control,
        calendar_id: cal.id,
        date: '2026-03-16',
        time: '09:30',
        ...extra,
      });
    const refused = await book();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(heldMessage);
    // Moving another appointment into it is asked about the same way.
    const other = await bookedSlot(cal.id, '2026-03-16', '11:00', 'scheduled_with_papers');
    const move = (extra: object = {}) =>
      api('POST', '/appointment/set-appointment', {
        appointment_id: other.id,
        status_id: control,
        calendar_id: cal.id,
        date: '2026-03-16',
        time: '09:30',
        ...extra,
      });
    const moveRefused = await move();
    expect(moveRefused.statusCode).toBe(409);
    expect(moveRefused.json().message).toBe(heldMessage);
    // Nothing was written: the slot is free, the offer still open.
    const holders = () =>
      db
        .select()
        .from(appointments)
        .where(
          and(
            eq(appointments.calendarId, cal.id),
            eq(appointments.selectedDate, '2026-03-16'),
            eq(appointments.selectedTime, '09:30'),
            eq(appointments.holdsSlot, true),
          ),
        );
    expect(await holders()).toEqual([]);
    expect((await patientCall('GET', offer!.token)).json().offer.state).toBe('open');

    const taken = await book({ take_held: true });
    expect(taken.statusCode, taken.body).toBe(200);
    expect((await holders()).map((h) => h.patientId)).toEqual([walkIn.id]);
    const [row] = await db.select().from(waitlistOffers).where(eq(waitlistOffers.entryId, w.entryId));
    expect(row.state).toBe('taken');
    const [audited] = await db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'waitlist.offer-taken'), eq(auditEvents.entityId, String(w.entryId))),
      );
    expect(audited).toMatchObject({ actorId: staff.id, patientId: w.patient.id });
    expect(audited.details).toMatchObject({ offerId: row.id, date: '2026-03-16', time: '09:30' });
    // The patient's page says so as soon as it is opened; the slot is no longer shown as held.
    expect((await patientCall('GET', offer!.token)).json().offer.state).toBe('taken');
    expect((await availability(cal.id, '2026-03-16')).held).toEqual([]);
    const list = (await api('GET', `/waitlist?calendar_id=${cal.id}`)).json();
    expect(list.entries[0]).toMatchObject({ state: 'waiting', offers: [{ state: 'taken' }] });
  });

  it("says 'taken' on the patient's page as soon as anyone booked the slot, before they answer", async () => {
    clock.at = START;
    const cal = await makeCalendar(db);
    const freed = await bookedSlot(cal.id, '2026-03-17', '10:00');
    const w = await waiting(cal.id);
    expect((await api('DELETE', `/appointment/${freed.id}`)).statusCode).toBe(200);
    const offer = await offeredTo(w.patient);
    expect((await patientCall('GET', offer!.token)).json().offer.state).toBe('open');
    // Booked by a path that never asked (written straight into the calendar).
    await bookedSlot(cal.id, '2026-03-17', '10:00');
    expect((await patientCall('GET', offer!.token)).json().offer.state).toBe('taken');
  });

  it('an offer past its end holds nothing: the slot books without asking', async () => {
    clock.at = START;
    const cal = await makeCalendar(db);
    const freed = await bookedSlot(cal.id, '2026-03-18', '10:30');
    const w = await waiting(cal.id);
    expect((await api('DELETE', `/appointment/${freed.id}`)).statusCode).toBe(200);
    expect(await offeredTo(w.patient)).not.toBeNull();
    clock.at = new Date(START.getTime() + 121 * 60_000);
    expect((await availability(cal.id, '2026-03-18')).held).toEqual([]);
    const walkIn = await makePatient(db);
    const res = await api('POST', '/appointment/new-appointment', {
      doctor_id: staff.id,
      patient_id: walkIn.id,
      status_id: control,
      calendar_id: cal.id,
      date: '2026-03-18',
      time: '10:30',
    });
    expect(res.statusCode, res.body).toBe(200);
    clock.at = START;
  });
});

describe('a slot freed while everyone waiting holds an offer (issue 54, item 12)', () => {
  const offersOf = async (entryId: number) =>
    db.select().from(waitlistOffers).where(eq(waitlistOffers.entryId, entryId)).orderBy(waitlistOffers.id);

  it('is kept and offered when an offer is declined, then to a patient who joins', async () => {
    clock.at = START;
    const cal = await makeCalendar(db);
    const s1 = await bookedSlot(cal.id, '2026-03-19', '09:00');
    const s2 = await bookedSlot(cal.id, '2026-03-19', '09:30');
    const s3 = await bookedSlot(cal.id, '2026-03-19', '10:00');
    const a = await waiting(cal.id);
    const b = await waiting(cal.id);
    for (const slot of [s1, s2, s3])
      expect((await api('DELETE', `/appointment/${slot.id}`)).statusCode).toBe(200);
    expect((await offersOf(a.entryId)).map((o) => [o.time, o.state])).toEqual([['09:00:00', 'open']]);
    expect((await offersOf(b.entryId)).map((o) => [o.time, o.state])).toEqual([['09:30:00', 'open']]);
    // The third slot had nobody free to take it: kept for the list.
    const kept = async () =>
      (await db.select().from(waitlistFreeSlots).where(eq(waitlistFreeSlots.calendarId, cal.id))).map(
        (k) => k.time,
      );
    expect(await kept()).toEqual(['10:00:00']);

    // A declines 09:00: nobody else can take 09:00 now (B holds an offer), so it is kept; A, free
    // again, is offered the kept 10:00.
    const offerA = await offeredTo(a.patient);
    expect((await patientCall('POST', `${offerA!.token}/decline`)).statusCode).toBe(200);
    expect((await offersOf(a.entryId)).map((o) => [o.time, o.state])).toEqual([
      ['09:00:00', 'declined'],
      ['10:00:00', 'open'],
    ]);
    const mails = (await offerMessages()).filter((r) => r.channel === 'email' && r.to === a.patient.email);
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain('ora: 10:00');
    expect(await kept()).toEqual(['09:00:00']);

    // A patient who joins the list is offered the slot kept for it.
    const c = await waiting(cal.id);
    expect((await offersOf(c.entryId)).map((o) => [o.time, o.state])).toEqual([['09:00:00', 'open']]);
    expect(await kept()).toEqual([]);
  });

  it('is offered when an offer expires, unless it was booked meanwhile or its time passed', async () => {
    clock.at = START;
    const cal = await makeCalendar(db);
    const s1 = await bookedSlot(cal.id, '2026-03-20', '09:00');
    const s2 = await bookedSlot(cal.id, '2026-03-20', '09:30');
    const s3 = await bookedSlot(cal.id, '2026-03-20', '10:00');
    const a = await waiting(cal.id);
    for (const slot of [s1, s2, s3])
      expect((await api('DELETE', `/appointment/${slot.id}`)).statusCode).toBe(200);
    // Staff book 09:30 (kept, not on offer): it leaves the list without asking.
    const walkIn = await makePatient(db);
    const booked = await api('POST', '/appointment/new-appointment', {
      doctor_id: staff.id,
      patient_id: walkIn.id,
      status_id: control,
      calendar_id: cal.id,
      date: '2026-03-20',
      time: '09:30',
    });
    expect(booked.statusCode, booked.body).toBe(200);
    clock.at = new Date(START.getTime() + 121 * 60_000);
    await expireOffers();
    expect((await offersOf(a.entryId)).map((o) => [o.time, o.state])).toEqual([
      ['09:00:00', 'expired'],
      ['10:00:00', 'open'],
    ]);
    clock.at = START;
  });
});
