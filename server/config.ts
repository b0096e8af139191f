/**
 * All configuration comes from the environment, parsed here once with zod.
 * A wrong value stops the start with a message naming the variable.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import forge from 'node-forge';
import { z } from 'zod';

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional());
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

/** A duration in whole seconds, 1 to 600 (the outbox's network timeouts). */
const seconds = (fallback: number, what: string) =>
  z.coerce.number().int().min(1).max(600).default(fallback).describe(what);

/**
 * TRUST_PROXY: the reverse proxies whose X-Forwarded-For is believed, as a comma list of addresses
 * or CIDR ranges; empty (the default): none, req.ip is the connection's address. A hop count is
 * refused: it cannot check who is talking to us, and Fastify ignores it (fails closed), see
 * docs/decisions/0028-trusted-proxies.md.
 */
const trustProxy = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string()
    .default('')
    .superRefine((v, ctx) => {
      if (v === '') return;
      if (/^\d+$/.test(v)) {
        ctx.addIssue({
          code: 'custom',
          message:
            'a hop count cannot tell a proxy from a client: name the proxies (e.g. 127.0.0.1 or 10.0.0.0/8)',
        });
        return;
      }
      for (const entry of v.split(',').map((s) => s.trim())) {
        const [addr, bits, extra] = entry.split('/');
        const family = isIP(addr ?? '');
        const maxBits = family === 6 ? 128 : 32;
        const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
        if (!family || !bitsOk || extra !== undefined) {
          ctx.addIssue({
            code: 'custom',
            message: `"${entry}" is not an address or CIDR range (e.g. 127.0.0.1 or 10.0.0.0/8)`,
          });
          return;
        }
      }
    })
    .transform((v): string | false => (v === '' ? false : v.replace(/\s+/g, ''))),
);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  PUBLIC_URL: optionalUrl,
  /** More origins (comma-separated URLs) allowed to sign in and write, beside PUBLIC_URL or the address in use. */
  TRUSTED_ORIGINS: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((o) => o.trim())
            .filter(Boolean)
        : [],
    z.array(z.string().url('must be a comma-separated list of URLs')),
  ),
  AUTH_SECRET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  SMTP_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().email().default('no-reply@institut.example'),
  SMTP_CONNECTION_TIMEOUT_SECONDS: seconds(5, 'time to open the connection to the SMTP relay (DNS included)'),
  SMTP_GREETING_TIMEOUT_SECONDS: seconds(5, "time to wait for the SMTP relay's greeting"),
  SMTP_SOCKET_TIMEOUT_SECONDS: seconds(15, 'silence from the SMTP relay after which a send is abandoned'),
  /** The SMS gateway (smsadvert.ro's JSON API, docs/decisions/0039-sms-gateway.md); unset: SMS are written to DATA_DIR/sms. */
  SMS_URL: optionalUrl.describe("the SMS gateway's send address, e.g. https://www.smsadvert.ro/api/sms/"),
  SMS_TOKEN: optionalString.describe("the SMS gateway's API token (sent as the Authorization header)"),
  SMS_SENDER: z
    .enum(['short', 'device'])
    .default('short')
    .describe(
      "how the gateway sends: 'short' through its own network, 'device' through the account's phones (its network when they fail)",
    ),
  SMS_SIGNATURE: z
    .string()
    .min(1)
    .max(20)
    .default('IUBCVT')
    .describe("the institute's short name every SMS starts with (GSM-7 letters keep one segment)"),
  SMS_TIMEOUT_SECONDS: seconds(10, 'longest wait for the SMS gateway to answer one message'),
  /** Hours before an appointment that hold a slot when a reminder goes (REMINDER_HOURS=24,2). */
  REMINDER_HOURS: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((h) => h.trim())
            .filter(Boolean)
            .map(Number)
        : v,
    z
      .custom<number[]>(
        (v) => Array.isArray(v) && v.length <= 5 && v.every((h) => Number.isInteger(h) && h >= 1 && h <= 168),
        'must be whole hours from 1 to 168, comma-separated, at most 5',
      )
      .default([24, 2])
      .describe(
        'hours before an appointment that holds a slot when reminders go, comma-separated; empty: none',
      ),
  ),
  OUTBOX_SEND_TIMEOUT_SECONDS: seconds(30, 'longest one message may take to send, whatever the relay does'),
  SMS_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .max(100000)
    .default(200)
    .describe('SMS the outbox sends in an hour at most; past it they wait (the outbox page says so)'),
  SMS_PER_DAY: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000000)
    .default(1500)
    .describe('SMS the outbox sends in 24 hours at most; past it they wait'),
  OUTBOX_MAX_IN_FLIGHT: z.coerce
    .number()
    .int()
    .min(1)
    .max(10)
    .default(2)
    .describe('messages one server process sends at the same time on each channel'),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default('eu-central-1'),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  INSTITUTE_NAME: z
    .string()
    .min(1)
    .default('Institutul de Urgență pentru Boli Cardiovasculare și Transplant'),
  INSTITUTE_TAGLINE: z.string().min(1).default('Grijă pentru inima fiecărui pacient'),
  INSTITUTE_ADDRESS: z.string().min(1).default('Str. Exemplului nr. 1, sector 2, București'),
  INSTITUTE_CUI: z
    .string()
    .regex(/^(RO)?\d{2,10}$/, 'must be a CUI: 2 to 10 digits, optionally after RO')
    .default('12345678'),
  INSTITUTE_CAS_CONTRACT: z
    .string()
    .min(1)
    .default('DEMO-0001/2026')
    .describe('the contract number with the CAS'),
  INSTITUTE_CAS_NAME: z.string().min(1).default('Casa de Asigurări de Sănătate a Municipiului București'),
  LETTER_SIGNING_P12: optionalString.describe('PKCS#12 file with the certificate that signs medical letters'),
  LETTER_SIGNING_PASSWORD: z.string().optional().describe('password of LETTER_SIGNING_P12'),
  LETTER_TSA_URL: optionalUrl.describe(
    'RFC 3161 time-stamping service that time-stamps each letter signature (PAdES B-T); unset: B-B',
  ),
  CONTACT_EMAIL: z.string().email().default('consultatii@institut.example'),
  INSTITUTE_PHONE: z
    .string()
    .regex(/^\+?[0-9 ()./-]{6,30}$/, 'must be a phone number')
    .default('021 000 0000')
    .describe('the number patients call (the self-service page shows it)'),
  INSTITUTE_WHATSAPP_NUMBER: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^\+?[0-9 ()./-]{6,30}$/, 'must be a phone number')
        .optional(),
    )
    .describe('the number that calls the patient for a remote consultation (INSTITUTE_PHONE when unset)'),
  SELF_SERVICE_CANCEL_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 14)
    .default(24)
    .describe('the self-service page cancels until this many hours before the appointment'),
  WAITLIST_OFFER_HOURS: z.coerce
    .number()
    .min(0.25)
    .max(72)
    .default(2)
    .describe('a freed slot offered to a waiting patient is held for them this many hours'),
  GDPR_PROTOCOL_URL: z.string().url().default('https://institut.example/protectia-datelor.pdf'),
  REGISTRATION_DAILY_CAPACITY: z.coerce.number().int().min(1).max(10000).default(20),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(25 * 1024 * 1024),
  RETENTION_YEARS: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(10)
    .describe('years after the last contact when a patient record is due for retention review'),
  API_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(60)
    .max(1000000)
    .default(3000)
    .describe(
      'API requests per client address per minute, counted by each server process (a hospital behind one address shares it)',
    ),
  SIGNIN_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(10000)
    .default(120)
    .describe(
      'sign-in requests per client address per minute, a flood guard (failed sign-ins are limited apart: 30 in 15 minutes per address)',
    ),
  TRUST_PROXY: trustProxy.describe(
    'reverse proxies whose X-Forwarded-For is believed: addresses or CIDR ranges, comma-separated; empty: none',
  ),
  REGISTRATION_PER_ADDRESS_DAILY: z.coerce
    .number()
    .int()
    .min(1)
    .max(100000)
    .default(5)
    .describe('public consultation requests per client address per day'),
  REGISTRATION_PROOF_OF_WORK: z
    .enum(['on', 'off'])
    .default('on')
    .describe('the public form proves a little work per request (ALTCHA); off only for scripted tests'),
  REGISTRATION_CHALLENGE_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(86400)
    .default(1800)
    .describe(
      "how long the public form's proof-of-work challenge may be used; the page renews it before then (short only in the browser tests)",
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_DATA: z
    .enum(['auto', 'off'])
    .default('auto')
    .describe('auto: fill a new, empty embedded database with demo data'),
});

export type Env = z.infer<typeof envSchema>;

/** The medical letters' signing certificate, opened and checked at start (sign.ts uses it). */
export type LetterSigning = {
  /** The private key, PKCS#8 DER (RSA). */
  key: Buffer;
  /** The certificates of the file, DER as issued: the key's own first. */
  certificates: Buffer[];
  holder: string;
  notAfter: Date;
  /** LETTER_TSA_URL: each signature gets an RFC 3161 time-stamp from it (PAdES B-T). */
  tsaUrl: string | null;
};

export type Config = Env & {
  /** null: letters are printed unsigned ("Document nesemnat electronic"). */
  letterSigning: LetterSigning | null;
  dataDir: string;
  authSecret: string;
  /** PUBLIC_URL, or http://localhost:PORT when it is not set (see `publicUrlFixed`). */
  publicUrl: string;
  /** PUBLIC_URL is set: links and the trusted origin use it; unset, the address in use. */
  publicUrlFixed: boolean;
  /** The origins of TRUSTED_ORIGINS. */
  trustedOrigins: string[];
  isProduction: boolean;
  /** The number that calls the patient for a remote consultation: INSTITUTE_WHATSAPP_NUMBER, else INSTITUTE_PHONE. */
  callingNumber: string;
};

export class ConfigError extends Error {}

/** Reads the auth secret from DATA_DIR/auth-secret, creating it (0600) the first time. */
function ensureAuthSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const s3Keys = [e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (e.SMS_URL && !e.SMS_TOKEN) {
    throw new ConfigError('Invalid configuration:\n  SMS_TOKEN: must be set with SMS_URL');
  }
  if (s3Keys.some(Boolean) && !s3Keys.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_BUCKET: S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
  }
  return {
    ...e,
    letterSigning: openLetterSigning(e),
    dataDir,
    authSecret: e.AUTH_SECRET ?? ensureAuthSecret(dataDir),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    publicUrlFixed: e.PUBLIC_URL !== undefined,
    trustedOrigins: e.TRUSTED_ORIGINS.map((o) => new URL(o).origin),
    isProduction: e.NODE_ENV === 'production',
    callingNumber: e.INSTITUTE_WHATSAPP_NUMBER ?? e.INSTITUTE_PHONE,
  };
}

const invalid = (name: string, message: string) =>
  new ConfigError(`Invalid configuration:\n  ${name}: ${message}`);

/**
 * Opens LETTER_SIGNING_P12 with LETTER_SIGNING_PASSWORD, so that a missing file, a wrong password
 * or an expired certificate stops the start instead of failing the first signature.
 */
function openLetterSigning(e: Env, now = new Date()): LetterSigning | null {
  const file = e.LETTER_SIGNING_P12;
  const password = e.LETTER_SIGNING_PASSWORD;
  if (!file) {
    if (password) throw invalid('LETTER_SIGNING_P12', 'must be set when LETTER_SIGNING_PASSWORD is set');
    if (e.LETTER_TSA_URL) throw invalid('LETTER_SIGNING_P12', 'must be set when LETTER_TSA_URL is set');
    return null;
  }
  if (password === undefined)
    throw invalid('LETTER_SIGNING_PASSWORD', 'must be set when LETTER_SIGNING_P12 is set');
  let p12: Buffer;
  try {
    p12 = readFileSync(path.resolve(file));
  } catch (err) {
    throw invalid(
      'LETTER_SIGNING_P12',
      `cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
  } catch {
    throw invalid('LETTER_SIGNING_P12', `${file} is not a PKCS#12 (.p12/.pfx) file`);
  }
  let store: forge.pkcs12.Pkcs12Pfx;
  try {
    store = openPkcs12(asn1, password);
  } catch {
    throw invalid('LETTER_SIGNING_PASSWORD', `cannot open ${file} with this password`);
  }
  const certs = (store.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [])
    .map((b) => b.cert)
    .filter((c): c is forge.pki.Certificate => !!c);
  const { pkcs8ShroudedKeyBag, keyBag } = forge.pki.oids;
  const keyBags = [
    ...(store.getBags({ bagType: pkcs8ShroudedKeyBag })[pkcs8ShroudedKeyBag] ?? []),
    ...(store.getBags({ bagType: keyBag })[keyBag] ?? []),
  ];
  const key = keyBags.find((b) => b.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  // The key's own certificate: the one whose public key is the key's (a chain may come first).
  const cert = certs.find((c) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return !!key && !!pub.n && pub.n.compareTo(key.n) === 0 && pub.e.compareTo(key.e) === 0;
  });
  if (!key || !cert)
    throw invalid('LETTER_SIGNING_P12', `${file} must hold the certificate and its private key`);
  if (cert.validity.notAfter < now)
    throw invalid(
      'LETTER_SIGNING_P12',
      `the certificate expired on ${cert.validity.notAfter.toISOString().slice(0, 10)}`,
    );
  const attr = (name: string) => {
    const field = cert.subject.getField(name);
    if (!field) return undefined;
    // forge keeps UTF8String values as raw bytes: decode them so "Urgență" prints as such.
    return field.valueTagClass === forge.asn1.Type.UTF8
      ? forge.util.decodeUtf8(field.value)
      : (field.value as string);
  };
  // A parsed certificate is written back from the bytes it was read from (forge keeps them).
  const der = (c: forge.pki.Certificate) =>
    Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(c)).getBytes(), 'binary');
  return {
    key: Buffer.from(
      forge.asn1.toDer(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(key))).getBytes(),
      'binary',
    ),
    certificates: [cert, ...certs.filter((c) => c !== cert)].map(der),
    holder: attr('CN') ?? attr('O') ?? 'certificat fără nume',
    notAfter: cert.validity.notAfter,
    tsaUrl: e.LETTER_TSA_URL ?? null,
  };
}

/**
 * forge.pkcs12 with the password as OpenSSL and the other PKCS#12 writers use it: a BMPString
 * (UTF-16) for the MAC and the PKCS#12 key derivation, which forge does right, but its UTF-8
 * bytes for PBKDF2 (PBES2, OpenSSL 3's default AES-256 encryption), where forge cut each
 * character to one byte, so a password with "ă" or "ț" failed as a wrong one. The override
 * lives only for this synchronous call.
 */
function openPkcs12(asn1: forge.asn1.Asn1, password: string): forge.pkcs12.Pkcs12Pfx {
  type Pbes2 = (oid: string, params: unknown, password: string) => unknown;
  const pbe = (forge.pki as unknown as { pbe: { getCipherForPBES2: Pbes2 } }).pbe;
  const pbes2 = pbe.getCipherForPBES2;
  pbe.getCipherForPBES2 = (oid, params, pw) => pbes2(oid, params, forge.util.encodeUtf8(pw));
  try {
    return forge.pkcs12.pkcs12FromAsn1(asn1, password);
  } finally {
    pbe.getCipherForPBES2 = pbes2;
  }
}

/** The institute's public details: GET /api/misc/institute and every served page's `<meta>`. */
export function publicInstitute(c: Config) {
  return {
    name: c.INSTITUTE_NAME,
    tagline: c.INSTITUTE_TAGLINE,
    contactEmail: c.CONTACT_EMAIL,
    gdprProtocolUrl: c.GDPR_PROTOCOL_URL,
  };
}
