import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './password-strength';

describe('isCommonPassword (zxcvbn, score below 3)', () => {
  it.each([
    'password1234',
    'Parola123456',
    'qwerty123456',
    '123456789012',
    '111111111111',
    'abcdefghijkl',
    '1q2w3e4r5t6y',
    'passwordpassword',
    'Cardiologie1',
    'Bucuresti123',
    'Romania2026!',
  ])('refuses %j', async (pw) => {
    expect(await isCommonPassword(pw)).toBe(true);
  });

  it.each([
    'Corect-Cal-Baterie-42',
    'Un-Munte-Verde-Si-Inalt',
    'Demo-Parola-Sigura-2026',
    'Ritm-Sinusal-Regulat-72',
    'correct horse battery staple',
  ])('accepts %j', async (pw) => {
    expect(await isCommonPassword(pw)).toBe(false);
  });

  it('counts the person’s own name and e-mail as known words', async () => {
    const pw = 'Vasilescu2026';
    expect(await isCommonPassword(pw)).toBe(false);
    expect(await isCommonPassword(pw, ['maria.vasilescu@institut.example', 'Maria', 'Vasilescu'])).toBe(true);
  });
});
