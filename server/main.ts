/**
 * The production entry: configuration, database (migrations applied), demo data on a new
 * embedded database, the mail worker, then listen. SIGINT/SIGTERM close everything cleanly.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseLockedError, openDatabase } from './db/client';
import { seedDemoDataIfEmpty } from './db/demo-data';
import { scheduleNightlyMaintenance } from './platform/db-maintenance';
import { loggerOptions, safeError } from './platform/logging';
import { startMailWorker } from './platform/mail';
import { listeningAddresses } from './platform/origins';
import { removeOrphanFiles } from './platform/storage/reconcile';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }

  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  } catch (err) {
    if (err instanceof DatabaseLockedError) {
      console.error(err.message);
      process.exit(3);
    }
    throw err;
  }

  if (database.kind === 'pglite' && config.DEMO_DATA === 'auto') {
    const demo = await seedDemoDataIfEmpty(database.db, config);
    if (demo) console.log(demo.banner);
  }

  if (!config.S3_BUCKET) {
    const orphans = await removeOrphanFiles(
      database.db,
      path.join(config.dataDir, 'files'),
      database.kind === 'pglite' ? 0 : 60 * 60 * 1000,
    );
    if (orphans.length)
      console.log(`Removed ${orphans.length} stored file(s) left without a document by a crash.`);
  }

  // Bundled, this file is dist/server/main.js (the SPA is dist/web); from source it is server/main.ts.
  const bundled = here.endsWith(`${path.sep}dist${path.sep}server`);
  const webDir = process.env.WEB_DIR ?? path.resolve(here, bundled ? '../web' : '../dist/web');
  const app = await buildApp({
    config,
    database,
    webDir,
    auth: { signInPerMinute: config.SIGNIN_LIMIT_PER_MINUTE },
    logger: loggerOptions(config.LOG_LEVEL),
  });
  const mail = startMailWorker(
    database.db,
    { smtpUrl: config.SMTP_URL, mailDir: path.join(config.dataDir, 'mail'), from: config.MAIL_FROM },
    2000,
    (err) => app.log.error({ err: safeError(err) }, 'mail worker'),
  );

  const maintenance = scheduleNightlyMaintenance(database, (msg, err) =>
    err ? app.log.error({ err: safeError(err) }, msg) : app.log.info(msg),
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 4500);
    force.unref();
    try {
      maintenance.stop();
      await app.close();
      await mail.stop();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // Every address the server answers on (a colleague opens it at the machine's network address).
  const addresses = config.publicUrlFixed ? [config.publicUrl] : listeningAddresses(config.HOST, config.PORT);
  console.log(
    `\n  ${config.INSTITUTE_NAME}\n  Ready on ${addresses.join('\n           ')}\n  (database: ${database.kind}, data: ${config.dataDir})\n`,
  );
}

main().catch((err) => {
  console.error('Start failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
