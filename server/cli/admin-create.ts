/**
 * `npm run admin:create -- --email E --password P --first-name F --last-name L`
 * Creates an authorised superadmin (the first account of a new installation; DESIGN §6).
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createStaffUser, staffIdByEmail } from '../platform/auth';
import { checkStaffPassword } from '../platform/auth/auth';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
  },
});

const usage = 'Usage: npm run admin:create -- --email E --password P --first-name F --last-name L';
const email = z.string().email().safeParse(values.email);
if (!email.success || !values.password || !values['first-name'] || !values['last-name']) {
  console.error(`${!email.success && values.email ? 'Invalid e-mail address.\n' : ''}${usage}`);
  process.exit(2);
}
const problem = await checkStaffPassword(values.password, [
  email.data,
  values['first-name'],
  values['last-name'],
]);
if (problem) {
  console.error(`Password refused: ${problem}`);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
try {
  if (await staffIdByEmail(database.db, email.data)) {
    console.error(`An account with the e-mail ${email.data} already exists.`);
    process.exitCode = 1;
  } else {
    await createStaffUser(database.db, {
      email: email.data,
      password: values.password,
      firstName: values['first-name'],
      lastName: values['last-name'],
      role: 'superadmin',
      superadmin: true,
      doctor: false,
      authorized: true,
    });
    console.log(`Superadmin ${email.data} created. Sign in at ${config.publicUrl}/user/login`);
  }
} finally {
  await database.close();
}
