/**
 * The public form's proof of work (issue 20 §2): without a solved challenge, or with one used
 * before, a request is refused in Romanian and nothing is written; a solved one goes through once.
 * The solution is found here as the page finds it (altcha-lib's solver).
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REGISTRATION_MESSAGES } from '../../../domain/registration-rules';
import { appointments } from '../../db/schema';
import { nextIp, registrationForm } from '../../test/factories';
import { setupTestApp } from '../../test/harness';
import { addCalendars } from './test/helpers';

const ctx = await setupTestApp({ env: { REGISTRATION_PROOF_OF_WORK: 'on' } });
const db = ctx.database.db;
await addCalendars(db);

async function solvedProof(): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/appointment/challenge' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  const { challenge } = res.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const post = (payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/appointment',
    payload,
    headers: { 'x-forwarded-for': nextIp() },
  });
const requests = async () => (await db.select({ n: count() }).from(appointments))[0].n;

describe('proof of work on the public form', () => {
  it('refuses a request without a solved challenge, in Romanian, and writes nothing', async () => {
    const before = await requests();
    for (const altcha of [undefined, 'bnU=', Buffer.from('{"challenge":{}}').toString('base64')]) {
      const res = await post(registrationForm(altcha ? { altcha } : {}));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.altcha).toBe(REGISTRATION_MESSAGES.proofOfWork);
    }
    expect(await requests()).toBe(before);
  });

  it('takes a solved challenge once', async () => {
    const altcha = await solvedProof();
    const first = await post(registrationForm({ altcha }));
    expect(first.statusCode, first.body).toBe(201);
    const before = await requests();
    const again = await post(registrationForm({ altcha }));
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.altcha).toBe(REGISTRATION_MESSAGES.proofOfWork);
    expect(await requests()).toBe(before);
  });

  it('refuses a solution to a challenge this server did not sign', async () => {
    const altcha = await solvedProof();
    const payload = JSON.parse(Buffer.from(altcha, 'base64').toString('utf8'));
    payload.challenge.parameters.salt = `${payload.challenge.parameters.salt}00`;
    const forged = Buffer.from(JSON.stringify(payload)).toString('base64');
    const res = await post(registrationForm({ altcha: forged }));
    expect(res.statusCode).toBe(400);
  });
});
