import { describe, expect, it } from 'vitest';
import { pathOf, urlSigner } from './signed-url';

const at = (iso: string) => ({ now: () => new Date(iso) });
const config = { authSecret: 'a'.repeat(40) };
const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);
const SID = 'Sesiune_Ana-01';

describe('signed URLs', () => {
  const signer = urlSigner({ config, clock: at('2026-11-22T10:00:00Z') });
  const url = signer.signPath('/api/documents/7/file', 300, SID);

  it('accepts its own signature for exactly that path until it expires, bound to the session', () => {
    expect(pathOf(url)).toBe('/api/documents/7/file');
    expect(signer.signedSession('/api/documents/7/file', query(url))).toBe(SID);
    expect(signer.signedSession('/api/documents/8/file', query(url))).toBeNull();
    const later = urlSigner({ config, clock: at('2026-11-22T10:04:59Z') });
    expect(later.signedSession('/api/documents/7/file', query(url))).toBe(SID);
    const expired = urlSigner({ config, clock: at('2026-11-22T10:05:00Z') });
    expect(expired.signedSession('/api/documents/7/file', query(url))).toBeNull();
  });

  it('refuses altered, missing or foreign signatures, and another session', () => {
    const q = query(url);
    expect(
      signer.signedSession('/api/documents/7/file', { ...q, exp: String(Number(q.exp) + 1) }),
    ).toBeNull();
    expect(signer.signedSession('/api/documents/7/file', { ...q, sig: `${q.sig}x` })).toBeNull();
    expect(signer.signedSession('/api/documents/7/file', { ...q, sid: 'Alta_sesiune' })).toBeNull();
    expect(signer.signedSession('/api/documents/7/file', { exp: q.exp, sig: q.sig })).toBeNull();
    expect(signer.signedSession('/api/documents/7/file', { exp: q.exp })).toBeNull();
    expect(signer.signedSession('/api/documents/7/file', { ...q, exp: ['1', '2'] })).toBeNull();
    const other = urlSigner({ config: { authSecret: 'b'.repeat(40) }, clock: at('2026-11-22T10:00:00Z') });
    expect(other.signedSession('/api/documents/7/file', q)).toBeNull();
    expect(() => signer.signPath('/x?y=1', 10, SID)).toThrow();
    expect(() => signer.signPath('/x', 10, 'a&sig=b')).toThrow();
  });
});
