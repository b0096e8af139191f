/** `npm run db:migrate`: applies the checked-in migrations (the server also does it at start). */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
await database.close();
console.log(`Migrations applied (${database.kind}).`);
