/**
 * One consultation, one number in the register (issue 48 §3): the medical letter of a remote
 * consultation numbered when it ended carries that number instead of taking the next one.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clinicTime, clinicToday } from '../../../../domain/dates';
import { REMOTE_TEXTS } from '../../../../domain/remote-consultation';
import { letterRegister } from '../../../db/schema';
import { makeAppointment, makeCalendar } from '../../../test/factories';
import { letterContext, pdfText } from '../test/letter-fixture';

const { db, ctx, clock, doctor, patientId, save, as, letterUrl, form, servedPdf } = await letterContext();
const remote = await makeCalendar(db, { title: 'Consultații la distanță', remote: true });

describe('the letter of a remote consultation', () => {
  it('takes the number the consultation got when it ended, and the counter does not move', async () => {
    const now = clock.now();
    const date = clinicToday(now);
    const a = await makeAppointment(db, {
      patientId,
      status: 'scheduled_with_papers',
      doctorId: doctor.id,
      slot: { calendarId: remote.id, date, time: clinicTime(now) },
    });
    const call = (url: string, payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/appointment/${a.id}/consultation/${url}`,
        headers: doctor.headers,
        payload,
      });
    const started = await call('start', {
      channel: 'whatsapp_video',
      consent: 'given',
      identity_check: 'id_card_video',
    });
    expect(started.statusCode, started.body).toBe(200);
    const guid = started.json().data.group_guid as string;
    // The consultation form written for it joins its group (same title and day).
    const saved = await save({
      consultationTitle: `${REMOTE_TEXTS.groupTitle} ${clinicTime(now)}`,
      reason: '<p>Palpitații</p>',
      diagnosis: '<p>Fibrilație atrială</p>',
    });
    expect(saved.json().consultation.guid).toBe(guid);
    const ended = await call('end', { outcome: 'completed' });
    const register = ended.json().data.register as { number: number; year: number };
    const [before] = await db.select().from(letterRegister).where(eq(letterRegister.year, register.year));

    const letter = await as(doctor.headers).post(letterUrl(guid), form());
    expect(letter.statusCode, letter.body).toBe(200);
    expect(letter.json().letter).toMatchObject({ number: register.number, year: register.year });
    const [after] = await db.select().from(letterRegister).where(eq(letterRegister.year, register.year));
    expect(after.last).toBe(before.last);
  });

  it('prints in its introduction the channel, the day and the interval of the consultation', async () => {
    const first = clock.now();
    clock.at = new Date(first.getTime() + 10 * 60_000);
    const now = clock.now();
    const a = await makeAppointment(db, {
      patientId,
      status: 'scheduled_with_papers',
      doctorId: doctor.id,
      slot: { calendarId: remote.id, date: clinicToday(now), time: '00:45' },
    });
    const call = (url: string, payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/appointment/${a.id}/consultation/${url}`,
        headers: doctor.headers,
        payload,
      });
    const started = await call('start', {
      channel: 'whatsapp_audio',
      consent: 'given',
      identity_check: 'known_patient',
    });
    const guid = started.json().data.group_guid as string;
    await save({
      consultationTitle: `${REMOTE_TEXTS.groupTitle} ${clinicTime(now)}`,
      reason: '<p>Control după tratament</p>',
    });
    clock.at = new Date(now.getTime() + 25 * 60_000);
    const number = (await call('end', { outcome: 'completed' })).json().data.register.number as number;
    const letter = await as(doctor.headers).post(letterUrl(guid), form());
    expect(letter.statusCode, letter.body).toBe(200);
    const text = await pdfText(await servedPdf(guid));
    const day = clinicToday(now).split('-').reverse().join('.');
    expect(text).toContain(
      `(consultație la distanță prin WhatsApp audio, ${day}, ${clinicTime(now)}–${clinicTime(clock.now())})`,
    );
    expect(text).toContain(`nr. registru consultații ${number}/`);
    clock.at = first;
  });
});
