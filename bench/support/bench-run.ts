import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startPgCluster } from './pg-cluster';
import { freePort, scriptNodeFlags, spawnNode } from './processes';

/**
 * The run of one benchmark process: what to stop and remove (newest first), and a log line with the time
 * since the start. `scoped` runs a phase and undoes what it set up, also when it fails; Ctrl-C undoes
 * everything (throw-away clusters and servers must not outlive the bench).
 */
export const cleanups: (() => Promise<void> | void)[] = [];

export async function cleanUp(downTo = 0) {
  while (cleanups.length > downTo) {
    try {
      await cleanups.pop()!();
    } catch (error) {
      console.error('cleanup:', error);
    }
  }
}

export async function scoped<T>(phase: () => Promise<T>): Promise<T> {
  const mark = cleanups.length;
  try {
    return await phase();
  } finally {
    await cleanUp(mark);
  }
}

process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

const started = performance.now();
export const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
export const log = (line: string) => console.log(`[${elapsed().padStart(5)}] ${line}`);

/**
 * A PostgreSQL database for the run: a throw-away cluster, or a fresh database `<prefix>_<pid>_<time>`
 * inside BENCH_DATABASE_URL, dropped at the end.
 */
export async function postgresDatabase(prefix: string): Promise<{ url: string; version: string }> {
  const given = process.env.BENCH_DATABASE_URL;
  if (!given) {
    const cluster = startPgCluster(await freePort());
    cleanups.push(() => cluster.stop());
    return { url: cluster.url, version: cluster.version };
  }
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: given });
  await admin.connect();
  const { rows } = await admin.query<{ v: string }>('select version() as v');
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: given });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  const url = new URL(given);
  url.pathname = `/${name}`;
  return { url: url.toString(), version: rows[0]!.v.split(',')[0]! };
}

/**
 * A copy of the database at `url` (`CREATE DATABASE … TEMPLATE`), dropped with the current scope. Nothing may
 * be connected to the original while it is copied. A separate database also keeps `LISTEN`/`NOTIFY` apart:
 * the channels of two databases never meet.
 */
export async function copyDatabase(url: string, suffix: string): Promise<string> {
  const source = new URL(url);
  const from = decodeURIComponent(source.pathname.slice(1));
  const name = `${from}_${suffix}`;
  // The copying session must not be connected to the original either.
  const adminUrl = new URL(url);
  adminUrl.pathname = from === 'postgres' ? '/template1' : '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${from}"`);
  } finally {
    await admin.end();
  }
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: adminUrl.toString() });
    await c.connect();
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.end();
  });
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  return copy.toString();
}

/**
 * Starts a raw `pg` + `node:http` baseline (`script`) on the recorded SQL against `databaseUrl`, on a free
 * port; it and its recordings file go with the current scope.
 */
export async function startRawBaseline(script: string, databaseUrl: string, recordings: unknown) {
  const dir = mkdtempSync(join(tmpdir(), 'crm-bench-raw-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'recordings.json'), JSON.stringify(recordings));
  const port = await freePort();
  const raw = await spawnNode(
    script,
    port,
    {
      ...process.env,
      BASELINE_DATABASE_URL: databaseUrl,
      BASELINE_PORT: String(port),
      BASELINE_RECORDINGS: join(dir, 'recordings.json'),
    },
    '/health',
    // Not the server: none of its flags (PGlite's import) in the process the product is measured against.
    { nodeFlags: scriptNodeFlags },
  );
  cleanups.push(() => raw.stop());
  return { raw, port };
}

/** A positive number from the environment variable `name`, or `fallback` when it is unset or not one. */
export function envNumber(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
