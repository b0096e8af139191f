/** Staff accounts and what better-auth keeps for them: sessions, password accounts, verifications, two-factor secrets, throttling counters (owner: platform/auth). */
import { bigint, boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { created, ts, updated } from './columns';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: created(),
    updatedAt: updated(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    role: text('role').notNull().default('doctor'),
    doctor: boolean('doctor').notNull().default(false),
    superadmin: boolean('superadmin').notNull().default(false),
    authorized: boolean('authorized').notNull().default(false),
    active: boolean('active').notNull().default(true),
    twoFactorEnabled: boolean('two_factor_enabled').default(false),
    lastSignInAt: ts('last_sign_in_at'),
    /** Printed on medical letters: the doctor's specialty and parafă (stamp) code. */
    specialty: text('specialty'),
    parafaCode: text('parafa_code'),
    /** The outbox message of the newest invitation, so administration sees whether it went out. */
    invitationOutboxId: integer('invitation_outbox_id'),
  },
  (t) => [index('users_doctor_idx').on(t.doctor)],
);

/** A staff member a row names (its doctor, who created or signed it): set to null if the account is deleted. */
export const staffRef = (name: string) => text(name).references(() => users.id, { onDelete: 'set null' });

/** The account a row belongs to: deleted with it. */
export const accountRef = () =>
  text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: ts('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: created(),
    updatedAt: updated(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: accountRef(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: accountRef(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: ts('access_token_expires_at'),
    refreshTokenExpiresAt: ts('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: accountRef(),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: ts('locked_until'),
  },
  (t) => [index('two_factors_user_idx').on(t.userId)],
);

/** Throttling counters in the database so several nodes share them (DESIGN §8). */
export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});
