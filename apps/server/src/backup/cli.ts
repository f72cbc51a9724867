// `npm run backup` and `npm run restore -- PATH [--force]` (README «Operations → Backups»). They read the
// server's own environment (DATA_DIR or DATABASE_URL, BACKUP_DIR) and run in apps/server, as `npm start`'s
// server does, so a relative DATA_DIR names the same folder; a PATH given on the command line is taken from
// where the command was typed. `backup` prints the new backup's path on stdout (and nothing else there).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../config';
import { BackupError, verifyBackup } from './backup-files';
import { backupDataDir, restoreDataDir } from './data-dir';

const usage = `usage:
  npm run backup                      a backup of the running product into BACKUP_DIR; prints its path
  npm run restore -- PATH [--force]   restores the backup folder PATH into DATA_DIR or DATABASE_URL,
                                      which must be fresh (--force: replace what is there)`;

const say = (line: string) => process.stderr.write(`${line}\n`);

function knownMigrations(): number {
  const journal = new URL('../db/migrations/meta/_journal.json', import.meta.url);
  return (JSON.parse(readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries.length;
}

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  const config = loadConfig();
  if (command === 'backup' && rest.length === 0) {
    const started = performance.now();
    // PostgreSQL's client and drizzle load only when needed: the embedded case then starts in a fraction.
    const postgres = config.databaseUrl ? await import('./postgres') : null;
    const path = config.databaseUrl
      ? await postgres!.backupPostgres(config.databaseUrl, config.backup.dir)
      : await backupDataDir(config.dataDir, config.backup.dir);
    say(
      `backup of ${postgres ? postgres.describeUrl(config.databaseUrl!) : resolve(config.dataDir)} ` +
        `taken in ${Math.round(performance.now() - started)} ms:`,
    );
    process.stdout.write(`${path}\n`);
    return 0;
  }
  if (command === 'restore') {
    const force = rest.includes('--force');
    const paths = rest.filter((a) => a !== '--force');
    if (paths.length !== 1 || paths[0]!.startsWith('-')) {
      say(usage);
      return 2;
    }
    // The path as typed, from where it was typed (npm runs this script in apps/server).
    const backup = await verifyBackup(resolve(process.env.INIT_CWD ?? process.cwd(), paths[0]!));
    const { manifest } = backup;
    const wanted = config.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.kind !== wanted) {
      throw new BackupError(
        `${backup.dir} is a backup of ${manifest.kind === 'pglite' ? 'the embedded database' : 'PostgreSQL'}, ` +
          `and this environment uses ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'the embedded database (DATA_DIR)'}: ` +
          `restore it with ${manifest.kind === 'pglite' ? 'DATA_DIR and no DATABASE_URL' : 'DATABASE_URL'}.`,
      );
    }
    const known = knownMigrations();
    if (manifest.migrations.applied > known) {
      throw new BackupError(
        `${backup.dir} has ${manifest.migrations.applied} migrations and this version knows ${known}: it ` +
          'comes from a newer version of the product. Restore it with that version.',
      );
    }
    say(`restoring ${backup.dir} (taken ${manifest.createdAt}, ${manifest.file.bytes} bytes, checksum ok)`);
    const postgres = config.databaseUrl ? await import('./postgres') : null;
    if (postgres) await postgres.restorePostgres(backup, config.databaseUrl!, force, say);
    else await restoreDataDir(backup, config.dataDir, force, say);
    say(
      `restored into ${postgres ? postgres.describeUrl(config.databaseUrl!) : resolve(config.dataDir)}; ` +
        'start the server (npm start): it applies any newer migrations.',
    );
    return 0;
  }
  say(usage);
  return 2;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  const label = process.argv[2] === 'restore' ? 'restore' : 'backup';
  say(`${label} failed: ${error instanceof BackupError ? error.message : (error as Error).stack}`);
  process.exitCode = 1;
}
