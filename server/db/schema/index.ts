/**
 * The whole database, one file per owning feature (docs/ARCHITECTURE.md "Every table has one
 * owner"): only the owner's repository writes SQL against its tables. drizzle-kit reads this
 * index to generate migrations.
 */
export * from './appointments';
export * from './audit';
export * from './calendar-feeds';
export * from './calendars';
export * from './consents';
export * from './consultations';
export * from './counties';
export * from './documents';
export * from './identity';
export * from './outbox';
export * from './patients';
export * from './registration';
export * from './settings';
export * from './time-off';
export * from './waitlist';
