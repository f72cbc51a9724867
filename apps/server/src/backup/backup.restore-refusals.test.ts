import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { copyPostgresTemplate } from '../test/test-app';
import { writeBackup } from './backup-files';
import { emptyPostgresDatabase, runBackupCli } from './backup.test-support';

const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/** What a folder holds, file by file with its bytes: to prove a refused restore changed nothing. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (path: string, rel: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(path, entry.name), `${rel}${entry.name}/`);
      else files[`${rel}${entry.name}`] = readFileSync(join(path, entry.name)).toString('base64');
    }
  };
  walk(dir, '');
  return files;
}

/**
 * `npm run restore` refuses, with a clear message, an exit code ≠ 0 and nothing changed: a path that does
 * not exist, something that is not a backup, a damaged copy, a backup of the other database kind, a target
 * that already holds a database, and (PGlite) a DATA_DIR a running server holds.
 */
describe(`npm run restore refuses bad input (${engine})`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'crm-restore-refusals-'));
  const backupDir = join(dir, 'backups');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a missing path, a folder that is no backup, a damaged copy, the other kind', async () => {
    // A fresh target: it must stay fresh (PGlite: nothing created in it).
    const target =
      engine === 'PGlite'
        ? { dataDir: join(dir, 'fresh-data') }
        : { databaseUrl: await emptyPostgresDatabase() };

    const missing = await runBackupCli(['restore', join(dir, 'no-such-backup')], target, backupDir);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('restore failed:');
    expect(missing.stderr).toContain('no such file or folder');

    const garbage = join(dir, 'garbage');
    mkdirSync(garbage);
    writeFileSync(join(garbage, 'pglite.tar.gz'), 'not a database');
    const notBackup = await runBackupCli(['restore', garbage], target, backupDir);
    expect(notBackup.code).toBe(1);
    expect(notBackup.stderr).toContain('is not a backup of this product');

    // A real-looking backup whose copy was altered after it was taken.
    const kind = engine === 'PGlite' ? 'pglite' : 'postgres';
    const at = new Date();
    const fields = {
      createdAt: at.toISOString(),
      durationMs: 1,
      method: 'pg_dump' as const,
      migrations: { applied: 1, known: 1 },
    };
    const damaged = await writeBackup(backupDir, kind, 'manual', Buffer.from('copy'), fields, at);
    writeFileSync(join(damaged, kind === 'pglite' ? 'pglite.tar.gz' : 'postgres.dump'), 'c0py');
    const refused = await runBackupCli(['restore', damaged], target, backupDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is damaged');

    const other = await writeBackup(
      backupDir,
      kind === 'pglite' ? 'postgres' : 'pglite',
      'manual',
      Buffer.from('copy'),
      fields,
      at,
    );
    const wrongKind = await runBackupCli(['restore', other], target, backupDir);
    expect(wrongKind.code).toBe(1);
    expect(wrongKind.stderr).toMatch(/is a backup of (the embedded database|PostgreSQL)/);

    const usage = await runBackupCli(['restore'], target, backupDir);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('npm run restore -- PATH');

    if ('dataDir' in target) expect(readdirSync(dir)).not.toContain('fresh-data');
  });

  it('a target that already holds a database, and a DATA_DIR a running server holds', async () => {
    // A valid backup of the seeded database, and a target that already holds it.
    const at = new Date();
    const fields = {
      createdAt: at.toISOString(),
      durationMs: 1,
      method: 'offline-data-dir' as const,
      migrations: { applied: 1, known: 1 },
    };
    if (engine === 'PGlite') {
      const backup = await writeBackup(
        backupDir,
        'pglite',
        'manual',
        readFileSync(inject('pgliteTemplate')),
        fields,
        at,
      );
      const restored = await runBackupCli(['restore', backup], { dataDir: join(dir, 'data') }, backupDir);
      expect(restored.code, restored.stderr).toBe(0);
      const before = snapshot(join(dir, 'data'));

      const again = await runBackupCli(['restore', backup], { dataDir: join(dir, 'data') }, backupDir);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('already holds a database: nothing was changed');
      expect(snapshot(join(dir, 'data'))).toEqual(before);

      // A server holds it (its lock names a live process: this one): refused even with --force.
      cpSync(join(dir, 'data'), join(dir, 'held'), { recursive: true });
      writeFileSync(join(dir, 'held', 'server.lock'), String(process.pid));
      const held = snapshot(join(dir, 'held'));
      const running = await runBackupCli(
        ['restore', backup, '--force'],
        { dataDir: join(dir, 'held') },
        backupDir,
      );
      expect(running.code).toBe(1);
      expect(running.stderr).toContain(`A server (pid ${process.pid}) is running on`);
      expect(snapshot(join(dir, 'held'))).toEqual(held);

      // --force keeps the database that was there aside, then restores.
      const forced = await runBackupCli(
        ['restore', backup, '--force'],
        { dataDir: join(dir, 'data') },
        backupDir,
      );
      expect(forced.code, forced.stderr).toBe(0);
      expect(readdirSync(join(dir, 'data')).filter((n) => n.startsWith('pglite.replaced-'))).toHaveLength(1);
    } else {
      // The database the seeded template was copied into is not empty.
      const occupied = { databaseUrl: await copyPostgresTemplate(inject('postgresTemplate')) };
      const backup = await runBackupCli(['backup'], occupied, backupDir);
      expect(backup.code, backup.stderr).toBe(0);
      const again = await runBackupCli(['restore', backup.stdout.trim()], occupied, backupDir);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/is not empty \(\d+ tables and sequences\): nothing was changed/);
    }
  });
});
