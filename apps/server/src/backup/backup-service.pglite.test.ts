import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { openTestDatabase } from '../test/test-app';
import { listBackups, verifyBackup, writeBackup } from './backup-files';
import { backupStatus } from './backup-status';
import { requestOnlineBackup, SOCKET } from './data-dir';
import { startBackupService, type BackupService } from './embedded';

/**
 * The embedded server's own backups: the first daily one some time after start, the old daily ones pruned,
 * a failure logged and survived; and the local channel `npm run backup` uses (DATA_DIR/backup.sock, the
 * owner's only).
 */
describe('the embedded server’s backup service', () => {
  const dir = mkdtempSync(join(tmpdir(), 'crm-backup-service-'));
  const dataDir = join(dir, 'data');
  const backupDir = join(dir, 'backups');
  const lines: { level: string; msg: string }[] = [];
  const record = (level: string) => (_fields: unknown, msg: string) => void lines.push({ level, msg });
  const log = { info: record('info'), warn: record('warn'), error: record('error') } as FastifyBaseLogger;
  let handle: DatabaseHandle;
  let service: BackupService | undefined;

  beforeAll(async () => {
    mkdirSync(dataDir);
    handle = await openTestDatabase();
  });
  afterAll(async () => {
    await service?.close();
    await handle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes a daily backup after the first delay and prunes the old ones', async () => {
    // A daily backup from 20 days ago: pruned once a newer one exists (retention 14 days).
    const old = new Date(Date.now() - 20 * 86_400_000);
    const stale = await writeBackup(
      backupDir,
      'pglite',
      'daily',
      Buffer.from('old'),
      {
        createdAt: old.toISOString(),
        durationMs: 1,
        method: 'online-server',
        migrations: { applied: 1, known: 1 },
      },
      old,
    );
    service = await startBackupService({
      handle,
      dataDir,
      backupDir,
      retentionDays: 14,
      log,
      firstDelayMs: 50,
      intervalMs: 3_600_000,
    });
    // The metrics know the newest backup already there from the start.
    expect(backupStatus.lastSuccess()?.getTime()).toBe(old.getTime());
    // Only the owner may connect (a Unix socket needs write permission).
    expect(statSync(join(dataDir, SOCKET)).mode & 0o777).toBe(0o600);

    const deadline = Date.now() + 20_000;
    let backups = await listBackups(backupDir);
    while (!(backups.length === 1 && backups[0]!.dir !== stale) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      backups = await listBackups(backupDir);
    }
    expect(backups.map((b) => b.trigger)).toEqual(['daily']);
    expect(backups[0]!.dir).not.toBe(stale);
    const { manifest } = await verifyBackup(backups[0]!.dir);
    expect(manifest).toMatchObject({ kind: 'pglite', trigger: 'daily', method: 'online-server' });
    expect(manifest.migrations.applied).toBe(manifest.migrations.known);
    expect(backupStatus.lastSuccess()!.getTime()).toBeGreaterThan(Date.now() - 20_000);
    expect(lines.some((l) => l.msg === 'backups: daily backup taken')).toBe(true);
  });

  it('answers `npm run backup` on the socket, and survives a failing backup', async () => {
    const path = await requestOnlineBackup(dataDir, join(dir, 'manual'), 1);
    expect((await verifyBackup(path)).manifest).toMatchObject({ trigger: 'manual', method: 'online-server' });

    // BACKUP_DIR is a file: the daily backup fails, is logged, and the service goes on.
    const blocked = join(dir, 'blocked');
    writeFileSync(blocked, 'a file, not a folder');
    await expect(requestOnlineBackup(dataDir, blocked, 1)).rejects.toThrow(/could not take the backup/);
    mkdirSync(join(dir, 'other-data'));
    const failing = await startBackupService({
      handle,
      dataDir: join(dir, 'other-data'),
      backupDir: blocked,
      retentionDays: 14,
      log,
      firstDelayMs: 3_600_000,
    });
    expect(await failing.runDaily()).toBeNull();
    await failing.close();
    expect(lines.some((l) => l.level === 'error' && l.msg === 'backups: the daily backup failed')).toBe(true);
    // The database still answers.
    const result = await handle.db.execute('select 1 as one' as never);
    expect((result as unknown as { rows: { one: number }[] }).rows[0]!.one).toBe(1);
  });
});
