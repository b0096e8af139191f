import { describe, expect, it } from 'vitest';
import { ICD10_TEXTS } from '../../../domain/icd10';
import { setupTestApp, signedInStaff } from '../../test/harness';

const ctx = await setupTestApp();
const staff = await signedInStaff(ctx, { doctor: true });
const get = (url: string, headers: Record<string, string> = staff.headers) =>
  ctx.app.inject({ method: 'GET', url, headers });

describe('GET /api/misc/icd10', () => {
  it('finds I10 first for Romanian words typed without diacritics, in any order', async () => {
    for (const q of ['hipertensiune', 'hipertensiune esentiala', 'ESENȚIALĂ hipertensiune']) {
      const res = await get(`/api/misc/icd10?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(res.json().status).toBe(1);
      expect(res.json().data[0], q).toEqual({ code: 'I10', title: 'Hipertensiunea esențială (primară)' });
    }
  });

  it('finds a code by its prefix, exact code first', async () => {
    const res = await get('/api/misc/icd10?q=I25.1');
    expect(res.json().data.map((d: { code: string }) => d.code)).toEqual([
      'I25.1',
      'I25.10',
      'I25.11',
      'I25.12',
      'I25.13',
    ]);
  });

  it('answers at most `limit` results, 20 by default', async () => {
    expect((await get('/api/misc/icd10?q=i')).json().data).toHaveLength(20);
    expect((await get('/api/misc/icd10?q=infarct&limit=3')).json().data).toHaveLength(3);
  });

  it('answers an empty list when nothing matches', async () => {
    const res = await get('/api/misc/icd10?q=xyzzy');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, data: [] });
  });

  it('refuses a missing or empty q and a limit out of range with Romanian field messages', async () => {
    for (const url of ['/api/misc/icd10', '/api/misc/icd10?q=%20%20']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ status: 0, errors: { q: ICD10_TEXTS.queryRequired } });
    }
    const long = await get(`/api/misc/icd10?q=${'a'.repeat(81)}`);
    expect(long.json().errors).toEqual({ q: ICD10_TEXTS.queryTooLong });
    const limit = await get('/api/misc/icd10?q=I10&limit=0');
    expect(limit.statusCode).toBe(400);
    expect(limit.json().errors).toEqual({ limit: ICD10_TEXTS.limitInvalid });
  });

  it('answers 401 without a session and 403 to an account that is not authorised', async () => {
    const anonymous = await get('/api/misc/icd10?q=I10', {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().status).toBe(0);
    const pending = await signedInStaff(ctx, { authorized: false });
    expect((await get('/api/misc/icd10?q=I10', pending.headers)).statusCode).toBe(403);
  });
});
