import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { seedDemo } from '../modules/demo/demo';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
    /** The moment the template was seeded: the demo lays today's orders out around it. */
    demoSeededAt: string;
  }
}

/**
 * Builds the migrated, seeded database once per run; each test file starts from a copy of it
 * (PGlite: a data-directory dump, STACK trap 4; PostgreSQL: `CREATE DATABASE … TEMPLATE`).
 */
export default async function setup(project: TestProject) {
  // Tests that read the demo's day against a clock use this one: the run's own may be minutes later,
  // past a booking's start that the seed saw ahead (the station's opening, read at 08:00).
  const seededAt = new Date();
  project.provide('demoSeededAt', seededAt.toISOString());
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `crm_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${template}`;
    const handle = await openDatabase({ databaseUrl: templateUrl.toString(), poolSize: 2 });
    await handle.migrate();
    await seedDemo(handle.db, { now: seededAt });
    await handle.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplate', '');
    return async () => {
      const rows = await admin.query<{ datname: string }>(
        // Only this run's databases: another run may share the cluster.
        `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
        [`${template}_t_%`, template],
      );
      for (const r of rows.rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
      await admin.end();
    };
  }
  const handle = await openDatabase({});
  await handle.migrate();
  await seedDemo(handle.db, { now: seededAt });
  const client = (handle.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client;
  // Gzipped: the 66 MB data directory (half of it WAL segments, mostly zeros) becomes ≈ 9 MB. Every test
  // app copies the dump several times before PGlite unpacks it (file → Blob → worker → Blob; PGlite inflates
  // what is not a plain tar), which costs more than inflating it: ≈ 20 % less CPU per createTestApp.
  const dump = await client.dumpDataDir('gzip');
  const path = join(tmpdir(), `crm-template-${process.pid}.tar.gz`);
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', path);
  project.provide('postgresTemplate', '');
  // Per run: left behind, they would fill /tmp on a machine that runs the suite all day.
  return () => rmSync(path, { force: true });
}
