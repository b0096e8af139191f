/**
 * All configuration comes from the environment, parsed here once with zod.
 * A wrong value stops the start with a message naming the variable.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional());
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

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
  CONTACT_EMAIL: z.string().email().default('consultatii@institut.example'),
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
  SIGNIN_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(10000)
    .default(10)
    .describe('sign-in attempts per client address per minute'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_DATA: z
    .enum(['auto', 'off'])
    .default('auto')
    .describe('auto: fill a new, empty embedded database with demo data'),
});

export type Env = z.infer<typeof envSchema>;

export type Config = Env & {
  dataDir: string;
  authSecret: string;
  publicUrl: string;
  isProduction: boolean;
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
  if (s3Keys.some(Boolean) && !s3Keys.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_BUCKET: S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
  }
  return {
    ...e,
    dataDir,
    authSecret: e.AUTH_SECRET ?? ensureAuthSecret(dataDir),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    isProduction: e.NODE_ENV === 'production',
  };
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
