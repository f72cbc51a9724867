// Shared setup of the backup tests (not a test file itself): `npm run backup` / `npm run restore`'s command
// as a child process, with the server's environment, and fresh PostgreSQL databases to restore into.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import type { ServerDatabase } from '../db/durability.test-support';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** `npm run backup` / `npm run restore -- …`'s command (in apps/server, as the root scripts run it). */
export function runBackupCli(
  args: string[],
  database: ServerDatabase,
  backupDir: string,
  cwd = serverRoot,
): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, BACKUP_DIR: backupDir, INIT_CWD: cwd };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  if ('databaseUrl' in database) env.DATABASE_URL = database.databaseUrl;
  else env.DATA_DIR = database.dataDir;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/backup/cli.ts', ...args], {
      cwd: serverRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: performance.now() - started }));
  });
}

/** A new, empty database in the TEST_DATABASE_URL cluster (global-setup drops it with the run's others). */
export async function emptyPostgresDatabase(): Promise<string> {
  const url = process.env.TEST_DATABASE_URL!;
  const name = `${inject('postgresTemplate')}_t_restore_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return dbUrl.toString();
}
