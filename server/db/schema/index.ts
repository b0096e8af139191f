/**
 * The whole database, one file per owning feature (docs/ARCHITECTURE.md "Every table has one
 * owner"): only the owner's repository writes SQL against its tables. drizzle-kit reads this
 * index to generate migrations.
 */
export * from './appointments';
export * from './audit';
export * from './auth';
export * from './calendars';
export * from './consultations';
export * from './counties';
export * from './documents';
export * from './my-account';
export * from './outbox';
export * from './patients';
export * from './privacy';
export * from './self-service';
export * from './settings';
export * from './waitlist';
