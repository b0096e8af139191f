/** Column helpers shared by the schema files. */
import { timestamp } from 'drizzle-orm/pg-core';

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const created = () => ts('created_at').notNull().defaultNow();
export const updated = () => ts('updated_at').notNull().defaultNow();
