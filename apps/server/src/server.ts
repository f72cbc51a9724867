import { buildApp } from './app';
import { createAdapters } from './adapters';
import { loadConfig } from './config';
import { DataDirLockedError, openDatabase } from './db/client';
import { seedDemo } from './modules/demo/demo';
import { isFreshDataDir, seedFreshDataDirInChildProcess } from './modules/demo/demo-child-process';
import { loggerOptions } from './plugins/log-options';

const startedAt = performance.now();
const config = loadConfig();

// A new embedded database gets its demo data in a short-lived process of its own, so this one starts as lean
// as on any later start (modules/demo/demo-child-process.ts); PostgreSQL or an existing directory: in-process.
let seeded = false;
if (config.seedDemo && !config.databaseUrl && isFreshDataDir(config.dataDir)) {
  await seedFreshDataDirInChildProcess(config.dataDir);
  seeded = true;
}

let database;
try {
  database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
await database.migrate();

const app = await buildApp({
  db: database.db,
  database,
  config,
  adapters: createAdapters(config),
  startOutbox: config.outboxWorker,
  // Tokens and personal data never reach the log (DESIGN §8): see plugins/log-options.ts.
  logger: loggerOptions(config.logLevel),
});

if (seeded || (config.seedDemo && (await seedDemo(database.db)))) app.log.info('demo data created');
if (config.authLocal) {
  app.log.warn(
    'DEMO SIGN-IN IS ON: anyone who can open this server can sign in as any local user. ' +
      'Configure YANDEX_CLIENT_ID and YANDEX_CLIENT_SECRET for production.',
  );
}

/**
 * SIGTERM (a rolling restart, systemd's stop) drains the process (issue 41, README «Operations»):
 * 1. readiness answers 503 at once and every answer closes its connection (plugins/shutdown.ts), while
 *    calls go on being served for SHUTDOWN_DELAY_MS — a proxy notices and sends new calls elsewhere, and
 *    calls already on their way (accepted or not yet) are answered, not reset;
 * 2. `app.close()`: the open event streams are ended (their EventSource reconnects, behind a proxy to
 *    another instance), the server stops listening and closes idle connections, the calls in flight
 *    finish, then the notification outbox stops claiming rows and the LISTEN ends;
 * 3. the database closes (PGlite's last checkpoint, the pg pool) and the process exits 0.
 * Whatever hangs, the process exits (code 1) SHUTDOWN_TIMEOUT_MS after the signal. SIGINT (Ctrl-C at a
 * terminal) skips the delay. A repeated signal changes nothing (`npm start` passes on the Ctrl-C the
 * terminal already sent: a second one must not cut the clean close short).
 */
let stopping = false;
/** The embedded database's backup service, started once the server listens. */
let backups: { close(): Promise<void> } | null = null;
const shutdown = async (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  const signalledAt = performance.now();
  setTimeout(() => {
    app.log.error(`${signal}: not stopped after ${config.shutdown.timeoutMs} ms; exiting`);
    process.exit(1);
  }, config.shutdown.timeoutMs).unref();
  app.lifecycle.draining = true;
  app.log.info(`${signal}: draining`);
  try {
    if (signal === 'SIGTERM' && config.shutdown.delayMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, config.shutdown.delayMs));
    }
    await app.close();
    await backups?.close();
    await database.close();
  } catch (error) {
    app.log.error({ err: error }, `${signal}: shutdown failed`);
    process.exit(1);
  }
  app.log.info(`${signal}: stopped in ${Math.round(performance.now() - signalledAt)} ms`);
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });

// The embedded database's backups: `npm run backup` asks this process through DATA_DIR/backup.sock, and it
// takes its own daily ones (backup/embedded.ts, README «Operations → Backups»).
if (database.kind === 'pglite') {
  const { startBackupService } = await import('./backup/embedded');
  backups = await startBackupService({
    handle: database,
    dataDir: config.dataDir,
    backupDir: config.backup.dir,
    retentionDays: config.backup.retentionDays,
    log: app.log,
  }).catch((error: unknown) => {
    app.log.error({ err: error }, 'backups: not started');
    return null;
  });
}
app.log.info(
  `ready in ${Math.round(performance.now() - startedAt)} ms: ${config.publicUrl} (database: ${database.kind})`,
);

// The demo's partner simulator (issue 36, README «Партнёрский API»): partner orders arrive by themselves.
if (process.env.DEMO_PARTNER_SIMULATOR === '1') {
  const { startInProcessSimulator } = await import('./partner-simulator/in-process');
  await startInProcessSimulator(config, app.log).catch((e: unknown) =>
    app.log.warn({ err: e }, 'no simulator'),
  );
}
