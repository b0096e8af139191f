/**
 * The production entry: configuration, database (migrations applied), demo data on a new
 * embedded database, the mail worker, then listen. SIGINT/SIGTERM close everything cleanly.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseLockedError, openDatabase } from './db/client';
import { seedDemoDataIfEmpty } from './demo/demo-data';
import { scheduleCalendarChangesPrune } from './features/calendars';
import { letterDeliverySettled } from './features/consultations';
import { reconcileCounts, reconcileStorage, scheduleStorageReconcile } from './features/documents';
import { staleJourneyMessage } from './features/journey';
import { linkSecrets, patientLinks } from './features/self-service';
import { scheduleWaitlist } from './features/waitlist';
import { scheduleNightlyMaintenance } from './platform/db-maintenance';
import { loggerOptions, safeError } from './platform/logging';
import { emailSender } from './platform/mail';
import { listeningAddresses } from './platform/origins';
import { createOutboxWorker } from './platform/outbox';
import { smsBudget, smsSender } from './platform/sms';
import { getStorage } from './platform/storage';

const here = path.dirname(fileURLToPath(import.meta.url));

/** How often storage is reconciled with the database, and the age below which a leftover may
 * still be an upload in progress (a finished file gets its row within seconds; a live write keeps
 * touching its temporary file). */
const RECONCILE_EVERY_MS = 15 * 60 * 1000;
const RECONCILE_GRACE_MS = 10 * 60 * 1000;

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

  // Storage ≡ documents table: at start (on the embedded database only this process writes, so
  // nothing is in flight), then regularly (uploads may be in flight: only leftovers older than
  // the grace period go). See platform/storage/reconcile.ts.
  const storage = getStorage(config);
  try {
    const c = reconcileCounts(
      await reconcileStorage(database.db, storage, {
        minAgeMs: database.kind === 'pglite' ? 0 : RECONCILE_GRACE_MS,
      }),
    );
    console.log(
      `Storage check: ${c.matched} file(s) with their document, ${c.orphansRemoved} without one removed, ${c.partialsRemoved} unfinished write(s) removed, ${c.youngSkipped} recent left for later, ${c.rowsWithoutFile} document(s) without a file.`,
    );
  } catch (err) {
    // The store may be away for a moment (S3): the regular run tries again; the server starts.
    console.error('Storage check failed:', safeError(err).type, safeError(err).code ?? '');
  }

  // Bundled, this file is dist/server/main.js (the SPA is dist/web); from source it is server/main.ts.
  const bundled = here.endsWith(`${path.sep}dist${path.sep}server`);
  const webDir = process.env.WEB_DIR ?? path.resolve(here, bundled ? '../web' : '../dist/web');
  const app = await buildApp({
    config,
    database,
    webDir,
    auth: { signInPerMinute: config.SIGNIN_LIMIT_PER_MINUTE },
    apiRateLimit: config.API_LIMIT_PER_MINUTE,
    logger: loggerOptions(config.LOG_LEVEL),
  });
  const outbox = createOutboxWorker(database.db, {
    senders: [
      emailSender({
        smtpUrl: config.SMTP_URL,
        mailDir: path.join(config.dataDir, 'mail'),
        from: config.MAIL_FROM,
        connectionTimeoutMs: config.SMTP_CONNECTION_TIMEOUT_SECONDS * 1000,
        greetingTimeoutMs: config.SMTP_GREETING_TIMEOUT_SECONDS * 1000,
        socketTimeoutMs: config.SMTP_SOCKET_TIMEOUT_SECONDS * 1000,
      }),
      smsSender({
        url: config.SMS_URL,
        token: config.SMS_TOKEN,
        sender: config.SMS_SENDER,
        smsDir: path.join(config.dataDir, 'sms'),
        timeoutMs: config.SMS_TIMEOUT_SECONDS * 1000,
      }),
    ],
    maxInFlight: config.OUTBOX_MAX_IN_FLIGHT,
    sendTimeoutMs: config.OUTBOX_SEND_TIMEOUT_SECONDS * 1000,
    intervalMs: 2000,
    log: app.log,
    onSettled: (id, outcome) => letterDeliverySettled(database.db, id, outcome),
    expired: staleJourneyMessage,
    links: patientLinks(database.db, linkSecrets(config)),
    budgets: { sms: smsBudget(config) },
  });
  outbox.start();

  const reconcile = scheduleStorageReconcile(
    database.db,
    storage,
    { intervalMs: RECONCILE_EVERY_MS, minAgeMs: RECONCILE_GRACE_MS },
    (counts, err) =>
      err || !counts
        ? app.log.error({ err: safeError(err) }, 'storage reconcile failed')
        : counts.orphansRemoved || counts.partialsRemoved || counts.rowsWithoutFile
          ? app.log.warn(counts, 'storage reconciled')
          : app.log.info(counts, 'storage reconciled'),
  );

  // Waitlist offers past their time go to the next waiting patient (issue 15).
  const waitlist = scheduleWaitlist(app.deps, 60_000, (err) =>
    app.log.error({ err: safeError(err) }, 'waitlist processing failed'),
  );

  const maintenance = scheduleNightlyMaintenance(database, (msg, err) =>
    err ? app.log.error({ err: safeError(err) }, msg) : app.log.info(msg),
  );

  // The months kept until their calendar changes need the change rows of the last minutes only.
  const calendarChanges = scheduleCalendarChangesPrune(database, (msg, err) =>
    app.log.error({ err: safeError(err) }, msg),
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // Sends in flight end within OUTBOX_SEND_TIMEOUT_SECONDS and their results are recorded
    // before the database closes; past that (and a margin), exit anyway.
    const force = setTimeout(() => process.exit(1), config.OUTBOX_SEND_TIMEOUT_SECONDS * 1000 + 4500);
    force.unref();
    try {
      maintenance.stop();
      calendarChanges.stop();
      waitlist.stop();
      reconcile.stop();
      // Stop claiming first, then close the server while the last sends finish.
      const outboxStopped = outbox.stop();
      await app.close();
      await outboxStopped;
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
