// Backups of a PostgreSQL database: `pg_dump --format=custom` (one snapshot: consistent while the servers
// write) and `pg_restore` into a database that holds no tables yet. The password travels in PGPASSWORD, not on
// the command line where `ps` would show it.
import { spawn } from 'node:child_process';
import pg from 'pg';
import { migrationState, openDatabase } from '../db/client';
import { BackupError, startBackup, type VerifiedBackup } from './backup-files';

/** `pg_dump` / `pg_restore` (Debian's, on PATH), unless PG_DUMP / PG_RESTORE name others. */
const tool = (name: 'pg_dump' | 'pg_restore') =>
  (name === 'pg_dump' ? process.env.PG_DUMP : process.env.PG_RESTORE) || name;

/** The URL without its password, and the environment that passes the password instead. */
function connection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (url.password) {
    env.PGPASSWORD = decodeURIComponent(url.password);
    url.password = '';
  }
  return { url: url.toString(), env };
}

/** Where the URL points, for messages (never the password). */
export function describeUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      fail(
        new BackupError(
          error.code === 'ENOENT'
            ? `${command} was not found: install PostgreSQL's client tools (Debian: apt install postgresql-client).`
            : `${command}: ${error.message}`,
        ),
      ),
    );
    child.on('close', (code) =>
      code === 0 ? done() : fail(new BackupError(`${command} failed (exit ${code}):\n${stderr.trim()}`)),
    );
  });
}

/** Backs up the database at `databaseUrl` into a new folder in `backupDir`; its path. */
export async function backupPostgres(databaseUrl: string, backupDir: string): Promise<string> {
  const at = new Date();
  const started = performance.now();
  const handle = await openDatabase({ databaseUrl, poolSize: 1 });
  let migrations;
  try {
    migrations = await migrationState(handle);
  } catch (error) {
    throw new BackupError(`Cannot reach ${describeUrl(databaseUrl)}: ${(error as Error).message}`);
  } finally {
    await handle.close();
  }
  const backup = await startBackup(backupDir, 'postgres', 'manual', at);
  try {
    const { url, env } = connection(databaseUrl);
    await run(tool('pg_dump'), ['--format=custom', `--file=${backup.dataPath}`, `--dbname=${url}`], env);
    return await backup.commit({
      createdAt: at.toISOString(),
      durationMs: Math.round(performance.now() - started),
      method: 'pg_dump',
      migrations: { applied: migrations.applied, known: migrations.known },
    });
  } catch (error) {
    await backup.abandon().catch(() => {});
    throw error;
  }
}

/** Tables and sequences outside PostgreSQL's own schemas: a database with none is fresh. */
async function userRelations(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(
      `Cannot connect to ${describeUrl(databaseUrl)}: ${(error as Error).message}. ` +
        'Create the (empty) database first, e.g. `createdb crm`.',
    );
  }
  try {
    const result = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'S', 'v', 'm')
          and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`,
    );
    return result.rows[0]!.n;
  } finally {
    await client.end();
  }
}

/**
 * Restores a pg_dump backup into the database at `databaseUrl`, in one transaction (all or nothing). A
 * database that already holds tables is refused, unless `force`: then the dump's objects are dropped and made
 * anew (`--clean`); tables the dump does not have stay.
 */
export async function restorePostgres(
  backup: VerifiedBackup,
  databaseUrl: string,
  force: boolean,
  say: (line: string) => void,
): Promise<void> {
  const where = describeUrl(databaseUrl);
  const existing = await userRelations(databaseUrl);
  if (existing > 0 && !force) {
    throw new BackupError(
      `${where} is not empty (${existing} tables and sequences): nothing was changed. Restore into a fresh ` +
        'database (createdb), or add --force to replace what the backup holds in this one.',
    );
  }
  const { url, env } = connection(databaseUrl);
  await run(
    tool('pg_restore'),
    [
      '--single-transaction',
      '--no-owner',
      '--no-privileges',
      ...(existing > 0 ? ['--clean', '--if-exists'] : []),
      `--dbname=${url}`,
      backup.dataPath,
    ],
    env,
  );
  const handle = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    const state = await migrationState(handle);
    say(`restored into ${where}: ${state.applied} migrations applied (this version knows ${state.known})`);
  } finally {
    await handle.close();
  }
}
