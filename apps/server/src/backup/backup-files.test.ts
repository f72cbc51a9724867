import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BackupError,
  folderName,
  listBackups,
  pruneBackups,
  verifyBackup,
  writeBackup,
  type BackupTrigger,
} from './backup-files';

const fields = (at: Date) => ({
  createdAt: at.toISOString(),
  durationMs: 1,
  method: 'online-server' as const,
  migrations: { applied: 1, known: 1 },
});

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'crm-backup-files-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const now = new Date('2026-11-29T03:00:00.000Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

async function plant(dir: string, at: Date, trigger: BackupTrigger) {
  return writeBackup(dir, 'pglite', trigger, Buffer.from(`copy of ${at.toISOString()}`), fields(at), at);
}

describe('backup folders', () => {
  it('are written whole under a name that sorts by time, with a manifest that checks the copy', async () => {
    const dir = tempDir();
    const at = new Date('2026-11-29T03:10:00.123Z');
    const path = await plant(dir, at, 'manual');
    expect(path).toBe(join(dir, 'crm-2026-11-29T03-10-00-123Z-manual'));
    // Nothing else is left beside it (the `.partial-` folder was renamed).
    expect(readdirSync(dir)).toEqual(['crm-2026-11-29T03-10-00-123Z-manual']);
    const verified = await verifyBackup(path);
    expect(verified.manifest).toMatchObject({
      kind: 'pglite',
      trigger: 'manual',
      createdAt: at.toISOString(),
    });
    // The same millisecond again: a second folder, never over the first.
    const second = await plant(dir, at, 'manual');
    expect(second).toBe(`${path}-1`);
    expect((await listBackups(dir)).map((b) => b.createdAt.toISOString())).toEqual([
      at.toISOString(),
      at.toISOString(),
    ]);
  });

  it('refuses a damaged copy, a folder without a manifest and an unfinished one', async () => {
    const dir = tempDir();
    const path = await plant(dir, now, 'daily');
    writeFileSync(join(path, 'pglite.tar.gz'), 'copy of something else!!');
    await expect(verifyBackup(path)).rejects.toThrow(/damaged/);

    const plain = join(dir, 'not-a-backup');
    mkdirSync(plain);
    writeFileSync(join(plain, 'notes.txt'), 'hello');
    await expect(verifyBackup(join(plain, 'notes.txt'))).rejects.toThrow(/not a backup of this product/);
    writeFileSync(join(plain, 'manifest.json'), '{"format":"something-else"}');
    await expect(verifyBackup(plain)).rejects.toThrow(BackupError);

    const partial = join(dir, `.partial-${folderName(now, 'daily')}-1`);
    mkdirSync(partial);
    await expect(verifyBackup(partial)).rejects.toThrow(/unfinished/);
    await expect(verifyBackup(join(dir, 'nowhere'))).rejects.toThrow(/no such file or folder/);
  });
});

describe('retention of the daily backups', () => {
  it('removes daily backups older than the retention, keeps manual ones and the newest daily', async () => {
    const dir = tempDir();
    const old = [await plant(dir, daysAgo(30), 'daily'), await plant(dir, daysAgo(14.5), 'daily')];
    const kept = [
      await plant(dir, daysAgo(13.9), 'daily'),
      await plant(dir, daysAgo(1), 'daily'),
      await plant(dir, daysAgo(40), 'manual'),
    ];
    // A crash's leftover from two days ago goes; one being written now stays.
    const leftover = join(dir, '.partial-crm-old-1');
    mkdirSync(leftover);
    utimesSync(leftover, daysAgo(2), daysAgo(2));
    const writing = join(dir, '.partial-crm-now-2');
    mkdirSync(writing);
    // Not ours: never touched.
    mkdirSync(join(dir, 'crm-notes'));

    const removed = await pruneBackups(dir, 14, now);
    expect(removed.sort()).toEqual([...old, leftover].sort());
    expect(readdirSync(dir).sort()).toEqual(
      [...kept.map((p) => p.slice(dir.length + 1)), '.partial-crm-now-2', 'crm-notes'].sort(),
    );
    // 0 keeps everything (daily backups off).
    expect(await pruneBackups(dir, 0, daysAgo(-100))).toEqual([]);
  });

  it('keeps the newest daily backup however old, so a server off for weeks still has one', async () => {
    const dir = tempDir();
    await plant(dir, daysAgo(60), 'daily');
    const newest = await plant(dir, daysAgo(20), 'daily');
    await pruneBackups(dir, 14, now);
    expect((await listBackups(dir)).map((b) => b.dir)).toEqual([newest]);
  });
});
