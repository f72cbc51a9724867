import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createOrder,
  prepareServerDatabase,
  startServerProcess,
  type Prepared,
  type ServerDatabase,
  type ServerProcess,
} from '../db/durability.test-support';
import { verifyBackup } from './backup-files';
import { emptyPostgresDatabase, runBackupCli } from './backup.test-support';

const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const concurrency = 4;

/**
 * Issue 41: `npm run backup` against the running product while orders are being created, then
 * `npm run restore` into a fresh DATA_DIR / database: every order acknowledged before the backup began is
 * there, and the product started on the restored data serves. On PGlite the running server takes the copy
 * (DATA_DIR/backup.sock); on PostgreSQL pg_dump does (CI runs this file on both).
 */
describe(`backup while orders are created, then restore (${engine})`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'crm-backup-'));
  const backupDir = join(dir, 'backups');
  let prepared: Prepared | undefined;
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await prepared?.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has every order acknowledged before the backup began, and serves', { timeout: 120_000 }, async () => {
    const t0 = performance.now();
    prepared = await prepareServerDatabase();
    const server = await startServerProcess(prepared.database);
    servers.push(server);
    const started = performance.now();

    const acknowledged: { id: string; at: number }[] = [];
    const refused: Record<string, number> = {};
    let next = 0;
    let stopping = false;
    const client = async () => {
      while (!stopping) {
        const result = await createOrder(server, prepared!, next++);
        if (result.id) acknowledged.push({ id: result.id, at: performance.now() });
        else refused[result.status] = (refused[result.status] ?? 0) + 1;
      }
    };
    const clients = Array.from({ length: concurrency }, client);
    while (acknowledged.length < 10) await new Promise((r) => setTimeout(r, 20));

    const began = performance.now();
    const before = acknowledged.length;
    const backup = await runBackupCli(['backup'], prepared.database, backupDir);
    const ended = performance.now();
    const during = acknowledged.filter((a) => a.at > began && a.at < ended).length;
    stopping = true;
    await Promise.all(clients);
    await server.stop();
    servers.pop();

    expect(backup.code, backup.stderr).toBe(0);
    const path = backup.stdout.trim();
    expect(existsSync(path), backup.stdout).toBe(true);
    const { manifest } = await verifyBackup(path);
    expect(manifest.kind).toBe(engine === 'PGlite' ? 'pglite' : 'postgres');
    expect(manifest.method).toBe(engine === 'PGlite' ? 'online-server' : 'pg_dump');
    // Orders were being written while the copy was taken, or the test proved nothing.
    expect(during, 'no order was acknowledged while the backup ran').toBeGreaterThan(0);
    // A shed call (503) did nothing; any other refusal is a bug.
    expect(Object.keys(refused).filter((s) => s !== '503')).toEqual([]);

    // Restore into a fresh DATA_DIR / an empty database.
    const target: ServerDatabase =
      'dataDir' in prepared.database
        ? { dataDir: join(dir, 'restored-data') }
        : { databaseUrl: await emptyPostgresDatabase() };
    const restore = await runBackupCli(['restore', path], target, backupDir);
    expect(restore.code, restore.stderr).toBe(0);

    const restored = await startServerProcess(target);
    servers.push(restored);
    expect((await fetch(`${restored.baseUrl}/api/ready`)).status).toBe(200);
    const { cookie, 'x-user-id': userId } = prepared.headers;
    const missing: string[] = [];
    for (const { id } of acknowledged.filter((a) => a.at < began)) {
      const res = await fetch(`${restored.baseUrl}/api/order/${id}`, {
        headers: { cookie: cookie!, 'x-user-id': userId! },
      });
      if (res.status !== 200) missing.push(`${id}: ${res.status}`);
    }
    expect(missing, `${missing.length} of ${before} orders acknowledged before the backup lost`).toEqual([]);
    // The restored product takes new orders.
    expect((await createOrder(restored, prepared, next + concurrency)).status).toBe(200);
    console.log(
      `${engine}: server up in ${Math.round(started - t0)} ms; backup ${Math.round(backup.ms)} ms ` +
        `(copy ${manifest.copyMs ?? '–'} ms, ${manifest.file.bytes} bytes) with ${during} orders ` +
        `acknowledged meanwhile; restore ${Math.round(restore.ms)} ms; ${before} orders checked`,
    );
  });
});
