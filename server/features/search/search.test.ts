import { describe, expect, it } from 'vitest';
import { makeCnp } from '../../../domain/validation/cnp';
import { makeAppointment, makePatient, makeShortDayCalendar } from '../../test/factories';
import { setupClinic, signedInStaff } from '../../test/harness';

const { ctx, db } = await setupClinic();
const staff = await signedInStaff(ctx, { firstName: 'Dana', lastName: 'Rusu' });
const cal = await makeShortDayCalendar(db, 'Cardiologie');

const cnp = makeCnp(1, '1971-05-12', '12', 345);
const stefan = await makePatient(db, {
  name: 'Ștefan Țurcanu',
  cnp,
  phone: '+40722123456',
  email: 'stefan.t@exemplu.ro',
});
const ana = await makePatient(db, { name: 'Ana Ștefănescu', phone: '+40733000111' });
const maria = await makePatient(db, { name: 'Maria Costeștean', phone: '+40744000222' });
const bob = await makePatient(db, { name: 'Bogdan Pop', phone: '+40745722123', email: 'bogdan@stefan.ro' });
for (let i = 0; i < 25; i++) await makePatient(db, { name: `Ionescu Test ${String(i).padStart(2, '0')}` });
const r1 = await makeAppointment(db, {
  patientId: stefan.id,
  status: 'request',
  date: '2026-03-05',
  calendarId: cal.id,
  time: '08:00',
});
const r2 = await makeAppointment(db, {
  patientId: stefan.id,
  status: 'appointment_request',
  date: '2026-04-01',
  calendarId: cal.id,
  time: '08:00',
});

const search = async (q: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/search?q=${encodeURIComponent(q)}`,
    headers: staff.headers,
  });
  return { code: res.statusCode, body: res.json() };
};
const names = (body: { patients: { name: string }[] }) => body.patients.map((p) => p.name);

describe('GET /api/search', () => {
  it('finds names without regard to diacritics or case, name prefix before contains', async () => {
    const { body } = await search('stefan');
    // Both names have a word starting with "stefan" (rank 1, then by name); the e-mail only contains it.
    expect(names(body)).toEqual(['Ana Ștefănescu', 'Ștefan Țurcanu', 'Bogdan Pop']);
    expect(body.patients.map((p: { rank: number }) => p.rank)).toEqual([1, 1, 3]);
    expect(names((await search('ȚURCANU')).body)).toEqual(['Ștefan Țurcanu']);
    const inside = (await search('STEA')).body;
    expect(names(inside)).toEqual(['Maria Costeștean']);
    expect(inside.patients[0].rank).toBe(2);
  });

  it('puts an exact CNP or phone first, then CNP prefixes and partial phones', async () => {
    expect(names((await search(cnp)).body)).toEqual(['Ștefan Țurcanu']);
    const byPhone = (await search('0722 123 456')).body;
    expect(names(byPhone)[0]).toBe('Ștefan Țurcanu');
    expect(byPhone.patients[0].rank).toBe(0);
    expect(names((await search('0722123456')).body)).toEqual(['Ștefan Țurcanu']);
    // Part of a number: "722123" is inside both numbers.
    const partial = (await search('722 123')).body;
    expect(names(partial)).toEqual(['Bogdan Pop', 'Ștefan Țurcanu']);
    expect(partial.patients.map((p: { rank: number }) => p.rank)).toEqual([3, 3]);
    expect(names((await search(cnp.slice(0, 7))).body)).toContain('Ștefan Țurcanu');
  });

  it("sends the 5 newest of a patient's appointments, undated last, and counts them all", async () => {
    const many = await makePatient(db, { name: 'Radu Programescu' });
    const made = [];
    // Made out of order: an undated request, then dates with and without a time.
    for (const [date, time] of [
      [null, null],
      ['2026-01-10', '09:00'],
      ['2026-05-20', null],
      ['2026-05-20', '10:00'],
      ['2026-02-01', '08:30'],
      ['2026-03-15', '11:00'],
      ['2025-12-01', '08:00'],
    ] as const)
      made.push(await makeAppointment(db, { patientId: many.id, date, time }));
    const [p] = (await search('programescu')).body.patients;
    expect(p.appointments_total).toBe(7);
    // Newest first as on the patient's page: a day's untimed request after its timed ones, the
    // undated request last (and not among the five).
    expect(p.appointments.map((a: { date: string; time: string | null }) => `${a.date} ${a.time}`)).toEqual([
      '2026-05-20 10:00',
      '2026-05-20 null',
      '2026-03-15 11:00',
      '2026-02-01 08:30',
      '2026-01-10 09:00',
    ]);
    const page = await ctx.app.inject({ url: `/api/patients/${many.id}`, headers: staff.headers });
    const onPage = page.json().patient.appointments.map((a: { id: number }) => a.id);
    expect(p.appointments.map((a: { id: number }) => a.id)).toEqual(onPage.slice(0, 5));
    expect(onPage.at(-1)).toBe(made[0].id);
  });

  it('finds by e-mail, exact first', async () => {
    expect(names((await search('STEFAN.T@exemplu.ro')).body)).toEqual(['Ștefan Țurcanu']);
  });

  it("returns each patient's appointments, newest first, and at most 20 patients", async () => {
    const { body } = await search('stefan');
    const found = body.patients.find((p: { id: number }) => p.id === stefan.id);
    expect(found.appointments.map((a: { id: number }) => a.id)).toEqual([r2.id, r1.id]);
    expect(found.appointments[0]).toMatchObject({
      date: '2026-04-01',
      time: '08:00',
      status: 'appointment_request',
    });
    expect(found.appointments_total).toBe(2);
    expect(body.patients.find((p: { id: number }) => p.id === ana.id)).toMatchObject({
      appointments: [],
      appointments_total: 0,
    });
    const many = (await search('ionescu')).body;
    expect(many.patients).toHaveLength(20);
    // The first 20 of 25 name-prefix matches, in name order (read from the name index's range).
    expect(names(many)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Ionescu Test ${String(i).padStart(2, '0')}`),
    );
    // A prefix ending in "z" has no index range and takes the trigram path: same answer.
    expect(names((await search('ionescu tez')).body)).toEqual([]);
  });

  it('treats % and _ literally and answers an empty list, and wants 2 characters', async () => {
    expect((await search('%%')).body.patients).toEqual([]);
    const short = await search('a');
    expect(short.code).toBe(400);
    expect(short.body.errors.q).toBe('Introduceți cel puțin 2 caractere.');
  });

  it('finds the words of a name in any order, and says when the text is too long', async () => {
    await makePatient(db, { name: 'Matei Petru', phone: '+40746000333' });
    const found = (await search('Petru Matei')).body;
    expect(names(found)).toEqual(['Matei Petru']);
    expect(found.patients[0].rank).toBe(1);
    expect(names((await search('petru mat')).body)).toEqual(['Matei Petru']);
    expect(names((await search('etru ate')).body)).toEqual([]);
    expect(names((await search('Petru Ionescu')).body)).toEqual([]);
    const long = await search('a'.repeat(101));
    expect(long.code).toBe(400);
    expect(long.body.errors.q).toBe('Textul căutat poate avea cel mult 100 de caractere.');
  });

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/search?q=ana' })).statusCode).toBe(401);
  });
});
void maria;
void bob;
