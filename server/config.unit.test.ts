import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'clinic-config-'));

describe('configuration', () => {
  it('starts with the embedded defaults', () => {
    const dir = tmp();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.REGISTRATION_DAILY_CAPACITY).toBe(20);
    expect(c.UPLOAD_MAX_BYTES).toBe(25 * 1024 * 1024);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.TRUST_PROXY).toBe(false);
    expect(c.REGISTRATION_PER_ADDRESS_DAILY).toBe(5);
  });

  it('calls remote patients from INSTITUTE_WHATSAPP_NUMBER, else from INSTITUTE_PHONE', () => {
    expect(loadConfig({ DATA_DIR: tmp(), INSTITUTE_PHONE: '021 318 4000' }).callingNumber).toBe(
      '021 318 4000',
    );
    expect(
      loadConfig({
        DATA_DIR: tmp(),
        INSTITUTE_PHONE: '021 318 4000',
        INSTITUTE_WHATSAPP_NUMBER: '+40 721 234 567',
      }).callingNumber,
    ).toBe('+40 721 234 567');
    expect(loadConfig({ DATA_DIR: tmp(), INSTITUTE_WHATSAPP_NUMBER: '' }).callingNumber).toBe('021 000 0000');
    expect(() => loadConfig({ DATA_DIR: tmp(), INSTITUTE_WHATSAPP_NUMBER: 'sunați-ne' })).toThrow(
      /INSTITUTE_WHATSAPP_NUMBER/,
    );
  });

  it('reads TRUST_PROXY as a list of addresses and CIDR ranges', () => {
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: ' 10.0.0.5, 10.0.0.6 ,fd00::/8' }).TRUST_PROXY).toBe(
      '10.0.0.5,10.0.0.6,fd00::/8',
    );
  });

  it('generates the auth secret once, keeps it in DATA_DIR (0600) and reuses it', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).authSecret;
    const file = path.join(dir, 'auth-secret');
    expect(readFileSync(file, 'utf8')).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first);
    expect(loadConfig({ DATA_DIR: tmp() }).authSecret).not.toBe(first);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['PUBLIC_URL', 'not a url'],
    ['SMTP_URL', 'http://mail'],
    ['CONTACT_EMAIL', 'nobody'],
    ['GDPR_PROTOCOL_URL', 'protocol.pdf'],
    ['REGISTRATION_DAILY_CAPACITY', '0'],
    ['UPLOAD_MAX_BYTES', 'big'],
    ['AUTH_SECRET', 'short'],
    ['TRUST_PROXY', 'proxy.local'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '1'],
    ['REGISTRATION_PER_ADDRESS_DAILY', '0'],
    ['SMS_URL', 'gateway'],
    ['SMS_SENDER', 'phone'],
    ['REMINDER_HOURS', '24,two'],
    ['REMINDER_HOURS', '0'],
    ['REMINDER_HOURS', '1.5'],
  ])('refuses %s=%s with a message naming it', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), [name]: value })).toThrowError(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tmp(), [name]: value })).toThrowError(
      new RegExp(`^Invalid configuration:\\n  ${name}: `),
    );
  });

  it('wants the S3 settings together', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), S3_BUCKET: 'docs' })).toThrowError(
      /S3_BUCKET.*S3_ACCESS_KEY_ID/,
    );
    const c = loadConfig({
      DATA_DIR: tmp(),
      S3_BUCKET: 'docs',
      S3_ACCESS_KEY_ID: 'a',
      S3_SECRET_ACCESS_KEY: 'b',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
    });
    expect(c.S3_BUCKET).toBe('docs');
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    expect(
      loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://u@127.0.0.1:5432/clinic' }).DATABASE_URL,
    ).toBe('postgres://u@127.0.0.1:5432/clinic');
  });

  it('reads the reminder hours (24 and 2 by default, none when empty) and wants a token with SMS_URL', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).REMINDER_HOURS).toEqual([24, 2]);
    expect(loadConfig({ DATA_DIR: tmp(), REMINDER_HOURS: '48, 3' }).REMINDER_HOURS).toEqual([48, 3]);
    expect(loadConfig({ DATA_DIR: tmp(), REMINDER_HOURS: '' }).REMINDER_HOURS).toEqual([]);
    expect(() => loadConfig({ DATA_DIR: tmp(), SMS_URL: 'https://www.smsadvert.ro/api/sms/' })).toThrowError(
      /^Invalid configuration:\n {2}SMS_TOKEN: /,
    );
  });
});
