import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { createAdapters, type Adapters } from '../adapters';
import { loadConfig, type Config } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import type { DemoLogin } from '../modules/demo/demo';
import { users } from '../db/schema';
import { createSession, SESSION_COOKIE } from '../plugins/auth';

export interface TestAppOptions {
  env?: NodeJS.ProcessEnv;
  adapters?: (config: Config) => Adapters;
  /** A built web client to serve (static-serving tests); none by default. */
  webDist?: string;
}

/**
 * A new database in the TEST_DATABASE_URL cluster made from the run's seeded template; its URL.
 * global-setup drops this run's copies at the end.
 */
export async function copyPostgresTemplate(template: string): Promise<string> {
  const url = process.env.TEST_DATABASE_URL!;
  const name = `${template}_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return dbUrl.toString();
}

/** A fresh copy of the seeded database (PGlite by default, PostgreSQL with TEST_DATABASE_URL). */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const pgTemplate = inject('postgresTemplate');
  if (pgTemplate) return openDatabase({ databaseUrl: await copyPostgresTemplate(pgTemplate), poolSize: 60 });
  const dump = readFileSync(inject('pgliteTemplate'));
  return openDatabase({ loadDataDir: new Blob([dump]) });
}

/**
 * A test app's config: no demo seed, and the event-loop check and the deadline off. Both shed by the host's
 * speed (a test process opening PGlite databases stalls its own loop; a race of 50 calls on a loaded host
 * is predicted late), and a shed call (503) would fail a test for the machine's load, not for the code: a
 * CI run failed so, ten concurrent creates beside the browser tests. The load-shedding tests set them.
 * Every test that builds an app of its own starts from this.
 */
export function testConfig(env: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({ SEED_DEMO: '0', MAX_EVENT_LOOP_DELAY_MS: '0', RESPONSE_DEADLINE_MS: '0', ...env });
}

/** Builds the app on a fresh database, without listening (`app.inject()`). */
export async function createTestApp(options: TestAppOptions = {}) {
  const config = testConfig(options.env);
  const database = await openTestDatabase();
  const app = await buildApp({
    db: database.db,
    database,
    config,
    adapters: (options.adapters ?? createAdapters)(config),
    webDist: options.webDist ?? null,
  });
  await app.ready();

  /** A signed-in demo user: headers to send with `app.inject()`. */
  async function loginAs(login: DemoLogin | string) {
    const [user] = await database.db.select().from(users).where(eq(users.login, login));
    if (!user) throw new Error(`no demo user ${login}`);
    const { token } = await createSession(database.db, user.id);
    return {
      userId: user.id,
      token,
      headers: { cookie: `${SESSION_COOKIE}=${token}`, 'x-user-id': user.id },
    };
  }

  return {
    app,
    db: database.db,
    database,
    config,
    loginAs,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
