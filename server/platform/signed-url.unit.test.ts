import { describe, expect, it } from 'vitest';
import { pathOf, urlSigner } from './signed-url';

const at = (iso: string) => ({ now: () => new Date(iso) });
const config = { authSecret: 'a'.repeat(40) };
const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('signed URLs', () => {
  const signer = urlSigner({ config, clock: at('2026-11-22T10:00:00Z') });
  const url = signer.signPath('/api/documents/7/file', 300);

  it('accepts its own signature for exactly that path until it expires', () => {
    expect(pathOf(url)).toBe('/api/documents/7/file');
    expect(signer.verifySignedRequest('/api/documents/7/file', query(url))).toBe(true);
    expect(signer.verifySignedRequest('/api/documents/8/file', query(url))).toBe(false);
    const later = urlSigner({ config, clock: at('2026-11-22T10:04:59Z') });
    expect(later.verifySignedRequest('/api/documents/7/file', query(url))).toBe(true);
    const expired = urlSigner({ config, clock: at('2026-11-22T10:05:00Z') });
    expect(expired.verifySignedRequest('/api/documents/7/file', query(url))).toBe(false);
  });

  it('refuses altered, missing or foreign signatures', () => {
    const q = query(url);
    expect(
      signer.verifySignedRequest('/api/documents/7/file', { ...q, exp: String(Number(q.exp) + 1) }),
    ).toBe(false);
    expect(signer.verifySignedRequest('/api/documents/7/file', { ...q, sig: `${q.sig}x` })).toBe(false);
    expect(signer.verifySignedRequest('/api/documents/7/file', { exp: q.exp })).toBe(false);
    expect(signer.verifySignedRequest('/api/documents/7/file', { ...q, exp: ['1', '2'] })).toBe(false);
    const other = urlSigner({ config: { authSecret: 'b'.repeat(40) }, clock: at('2026-11-22T10:00:00Z') });
    expect(other.verifySignedRequest('/api/documents/7/file', q)).toBe(false);
    expect(() => signer.signPath('/x?y=1', 10)).toThrow();
  });
});
