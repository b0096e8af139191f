/**
 * The fast session check must read exactly the cookies better-auth signs (better-call's
 * HMAC-SHA256 format), and nothing else: a changed token or signature falls through to
 * better-auth, which refuses it.
 */
import { serializeSignedCookie } from 'better-call';
import { describe, expect, it } from 'vitest';
import { verifiedCookieToken } from './session-fast-path';

const SECRET = 'a-test-secret-of-reasonable-length-0123456789';
const NAME = 'clinic.session_token';

/** The Cookie request header a browser sends back for better-call's Set-Cookie. */
async function cookieFor(token: string, secret = SECRET) {
  const set = await serializeSignedCookie(NAME, token, secret, { path: '/' });
  return set.split(';')[0];
}

describe('verifiedCookieToken', () => {
  it('accepts the cookie better-auth signs, among other cookies', async () => {
    const cookie = await cookieFor('AbCdEf0123456789xyz');
    expect(verifiedCookieToken(`theme=dark; ${cookie}; other=1`, NAME, SECRET)).toBe('AbCdEf0123456789xyz');
  });

  it('refuses a cookie signed with another secret, a changed token, or no signature', async () => {
    expect(verifiedCookieToken(await cookieFor('tok', 'another-secret-0123456789'), NAME, SECRET)).toBeNull();
    const good = await cookieFor('tok');
    expect(verifiedCookieToken(good.replace('=tok.', '=tol.'), NAME, SECRET)).toBeNull();
    expect(verifiedCookieToken(`${NAME}=tok`, NAME, SECRET)).toBeNull();
    expect(verifiedCookieToken(`${NAME}=%E0%A4%A`, NAME, SECRET)).toBeNull();
    expect(verifiedCookieToken(undefined, NAME, SECRET)).toBeNull();
  });

  it('refuses a signature with junk after its padding or outside the alphabet (issue 54)', async () => {
    const good = decodeURIComponent(await cookieFor('tok'));
    expect(verifiedCookieToken(good, NAME, SECRET)).toBe('tok');
    expect(verifiedCookieToken(`${good}AAAA`, NAME, SECRET)).toBeNull();
    expect(verifiedCookieToken(`${good}junk`, NAME, SECRET)).toBeNull();
    const [name, value] = good.split(/=(.*)/s);
    const [token, signature] = value.split('.');
    expect(
      verifiedCookieToken(`${name}=${token}.${signature.slice(0, 10)}*${signature.slice(10)}`, NAME, SECRET),
    ).toBeNull();
    // Nor another spelling of the same bytes, which better-auth itself refuses.
    expect(verifiedCookieToken(`${name}=${token}.${signature.replace(/=+$/, '')}`, NAME, SECRET)).toBeNull();
  });

  it('reads only its own name (the __Secure- cookie over HTTPS is another name)', async () => {
    const cookie = await cookieFor('tok');
    expect(verifiedCookieToken(cookie, `__Secure-${NAME}`, SECRET)).toBeNull();
  });
});
