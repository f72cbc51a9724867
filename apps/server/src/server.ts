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

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
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
