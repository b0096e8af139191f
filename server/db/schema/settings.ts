/** Clinic-wide settings changed at run time by administrators (owner: platform/settings). */
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { staffRef } from './auth';
import { updated } from './columns';

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updated(),
  updatedBy: staffRef('updated_by'),
});
