/** Reference data (owner: counties): the 42 ISO 3166-2:RO counties. */
import { pgTable, text } from 'drizzle-orm/pg-core';

export const counties = pgTable('counties', {
  isoCode: text('iso_code').primaryKey(),
  name: text('name').notNull(),
});
