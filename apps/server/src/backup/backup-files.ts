// A backup on disk (issue 41, README «Operations → Backups»): a folder in BACKUP_DIR named by its time and
// trigger, holding the database's copy and a manifest that describes and checksums it. It appears under its
// final name only once complete (written as `.partial-…`, synced, renamed), so a crash never leaves a folder
// that looks like a backup and is not one.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseKind } from '../db/client';

export const MANIFEST = 'manifest.json';
/** The database's copy inside a backup folder, by kind. */
export const DATA_FILE: Record<DatabaseKind, string> = {
  pglite: 'pglite.tar.gz',
  postgres: 'postgres.dump',
};
const FORMAT = 'carwash-crm-backup';
const PARTIAL = '.partial-';

/** `manual`: `npm run backup`; `daily`: the embedded server's own (pruned by retention, manual ones never). */
export type BackupTrigger = 'manual' | 'daily';

export interface Manifest {
  format: typeof FORMAT;
  version: 1;
  kind: DatabaseKind;
  trigger: BackupTrigger;
  /** When the copy was taken (ISO): it holds every commit acknowledged before this instant. */
  createdAt: string;
  durationMs: number;
  /** The embedded database: how long its queries waited while the copy was taken. */
  copyMs?: number;
  /** How the copy was taken: by the running server, by this command on a stopped DATA_DIR, or pg_dump. */
  method: 'online-server' | 'offline-data-dir' | 'pg_dump';
  migrations: { applied: number; known: number };
  product: { name: 'carwash-crm'; commit: string | null };
  file: { name: string; bytes: number; sha256: string };
}

export class BackupError extends Error {}

const backupName = /^crm-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)-(manual|daily)(-\d+)?$/;

/** `crm-2026-11-29T03-10-00-123Z-daily`: sorts by time, readable, no characters a shell or Windows minds. */
export function folderName(at: Date, trigger: BackupTrigger, suffix = 0) {
  const stamp = at.toISOString().replace(/:/g, '-').replace('.', '-');
  return `crm-${stamp}-${trigger}${suffix ? `-${suffix}` : ''}`;
}

let commit: string | null | undefined;
/** The code's git commit, when it runs from a checkout (recorded, not checked). */
export function productCommit(): string | null {
  if (commit !== undefined) return commit;
  try {
    const here = dirname(fileURLToPath(import.meta.url));
    commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: here, timeout: 2000, stdio: 'pipe' })
      .toString()
      .trim();
  } catch {
    commit = null;
  }
  return commit;
}

async function fsyncPath(path: string) {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export interface NewBackup {
  /** The temporary folder to write the data file into (`dataPath` inside it). */
  dataPath: string;
  /** Seals it: checksums the data file, writes the manifest, syncs and renames; the final path. */
  commit(
    fields: Omit<Manifest, 'format' | 'version' | 'file' | 'product' | 'kind' | 'trigger'>,
  ): Promise<string>;
  /** Removes the temporary folder (the copy failed). */
  abandon(): Promise<void>;
}

/** Starts a backup of `kind` in `backupDir`: write the copy to `dataPath`, then `commit()`. */
export async function startBackup(
  backupDir: string,
  kind: DatabaseKind,
  trigger: BackupTrigger,
  at: Date = new Date(),
): Promise<NewBackup> {
  const dir = resolve(backupDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const name = folderName(at, trigger);
  const tmp = join(dir, `${PARTIAL}${name}-${process.pid}`);
  await rm(tmp, { recursive: true, force: true });
  await mkdir(tmp, { mode: 0o700 });
  const file = DATA_FILE[kind];
  const dataPath = join(tmp, file);
  return {
    dataPath,
    async commit(fields) {
      await fsyncPath(dataPath);
      const manifest: Manifest = {
        format: FORMAT,
        version: 1,
        kind,
        trigger,
        ...fields,
        product: { name: 'carwash-crm', commit: productCommit() },
        file: { name: file, bytes: (await stat(dataPath)).size, sha256: await sha256File(dataPath) },
      };
      const manifestPath = join(tmp, MANIFEST);
      await writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
      await fsyncPath(manifestPath);
      await fsyncPath(tmp);
      // rename() onto an existing folder fails (ENOTEMPTY/EEXIST): a second backup in the same millisecond
      // takes the next suffix, never replaces the first.
      for (let suffix = 0; ; suffix++) {
        const final = join(dir, folderName(at, trigger, suffix));
        try {
          await stat(final);
          continue;
        } catch {
          // free
        }
        await rename(tmp, final);
        await fsyncPath(dir);
        return final;
      }
    },
    abandon: () => rm(tmp, { recursive: true, force: true }),
  };
}

/** Writes a copy already in memory (the embedded database's dump) as a backup; its path. */
export async function writeBackup(
  backupDir: string,
  kind: DatabaseKind,
  trigger: BackupTrigger,
  data: Buffer,
  fields: Parameters<NewBackup['commit']>[0],
  at: Date,
): Promise<string> {
  const backup = await startBackup(backupDir, kind, trigger, at);
  try {
    await writeFile(backup.dataPath, data, { mode: 0o600 });
    return await backup.commit(fields);
  } catch (error) {
    await backup.abandon().catch(() => {});
    throw error;
  }
}

export interface VerifiedBackup {
  dir: string;
  manifest: Manifest;
  dataPath: string;
}

/**
 * Reads and checks a backup before anything is restored from it: a folder (or a file in it) with a manifest
 * of this product whose data file has the recorded size and SHA-256. Throws a BackupError saying what is wrong.
 */
export async function verifyBackup(path: string): Promise<VerifiedBackup> {
  const given = resolve(path);
  let dir = given;
  let info;
  try {
    info = await stat(dir);
  } catch {
    throw new BackupError(`${given}: no such file or folder.`);
  }
  // A file of a backup (its manifest, its data) names its folder.
  if (!info.isDirectory()) dir = dirname(dir);
  if (basename(dir).startsWith(PARTIAL)) {
    throw new BackupError(`${dir} is an unfinished backup (the copy was interrupted): use another one.`);
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(join(dir, MANIFEST), 'utf8')) as Manifest;
  } catch {
    throw new BackupError(
      `${given} is not a backup of this product: ${dir} has no readable ${MANIFEST}. ` +
        `Give the path of a folder made by \`npm run backup\` (or a daily backup).`,
    );
  }
  if (manifest?.format !== FORMAT || manifest.version !== 1 || !(manifest.kind in DATA_FILE)) {
    throw new BackupError(`${dir}/${MANIFEST} is not a manifest of a backup of this product.`);
  }
  const dataPath = join(dir, DATA_FILE[manifest.kind]);
  let size: number;
  try {
    size = (await stat(dataPath)).size;
  } catch {
    throw new BackupError(`${dir} is incomplete: ${DATA_FILE[manifest.kind]} is missing.`);
  }
  if (size !== manifest.file.bytes || (await sha256File(dataPath)) !== manifest.file.sha256) {
    throw new BackupError(
      `${dataPath} is damaged: its size or checksum is not the one the manifest recorded. ` +
        `Use another backup.`,
    );
  }
  return { dir, manifest, dataPath };
}

export interface ListedBackup {
  dir: string;
  name: string;
  trigger: BackupTrigger;
  createdAt: Date;
}

/** The finished backups in `backupDir` (by their names), oldest first. */
export async function listBackups(backupDir: string): Promise<ListedBackup[]> {
  let entries: string[];
  try {
    entries = await readdir(resolve(backupDir));
  } catch {
    return [];
  }
  const found: ListedBackup[] = [];
  for (const name of entries) {
    const match = backupName.exec(name);
    if (!match) continue;
    const [date, time] = match[1]!.split('T') as [string, string];
    const [h, m, s, ms] = time.slice(0, -1).split('-');
    const createdAt = new Date(`${date}T${h}:${m}:${s}.${ms}Z`);
    if (Number.isNaN(createdAt.getTime())) continue;
    found.push({ dir: join(resolve(backupDir), name), name, trigger: match[2] as BackupTrigger, createdAt });
  }
  return found.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/**
 * Retention of the daily backups: removes those older than `retentionDays`, except the newest (a server that
 * was off for weeks keeps its last copy), and the `.partial-` folders a crash left a day ago or more.
 * Backups made with `npm run backup` are the owner's: never removed. The removed folders' paths.
 */
export async function pruneBackups(backupDir: string, retentionDays: number, now = new Date()) {
  const removed: string[] = [];
  if (retentionDays <= 0) return removed;
  const dir = resolve(backupDir);
  const cutoff = now.getTime() - retentionDays * 86_400_000;
  const daily = (await listBackups(dir)).filter((b) => b.trigger === 'daily');
  for (const backup of daily.slice(0, -1)) {
    if (backup.createdAt.getTime() >= cutoff) continue;
    await rm(backup.dir, { recursive: true, force: true });
    removed.push(backup.dir);
  }
  let entries: string[] = [];
  try {
    entries = await readdir(dir);
  } catch {
    // no folder yet
  }
  for (const name of entries.filter((n) => n.startsWith(PARTIAL))) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info && info.mtimeMs < now.getTime() - 86_400_000) {
      await rm(path, { recursive: true, force: true });
      removed.push(path);
    }
  }
  return removed;
}
