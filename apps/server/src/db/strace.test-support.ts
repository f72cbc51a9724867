// strace for the durability tests (not a test file itself): which sync syscalls a running process makes.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Every syscall that can push written data to the disk. */
const syncCalls = ['fsync', 'fdatasync', 'sync_file_range', 'msync', 'syncfs', 'sync'];

export interface SyncCall {
  /** Wall-clock milliseconds (strace -ttt), comparable with Date.now(). */
  at: number;
  call: string;
  /** The file behind the descriptor (strace -y). */
  path: string;
  result: string;
}

/** A missing strace must fail the run, not skip the proof (CI installs it: .ci/run). */
export function requireStrace() {
  const probe = spawnSync('strace', ['-V'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      'strace is not installed, and the durability test needs it to count fsyncs: ' +
        '`apt-get install -y strace` (.ci/run installs it).',
    );
  }
}

/**
 * Attaches strace to every thread of `pid`, recording only the sync syscalls. Resolves once attached;
 * `stop()` detaches and returns what it saw.
 */
export async function traceSyncs(pid: number): Promise<{ stop(): Promise<SyncCall[]> }> {
  const dir = mkdtempSync(join(tmpdir(), 'crm-strace-'));
  const out = join(dir, 'trace');
  const tracer = spawn(
    'strace',
    ['-f', '-ttt', '-y', '-e', `trace=${syncCalls.join(',')}`, '-o', out, '-p', String(pid)],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => tracer.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    tracer.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (/attached/.test(stderr)) resolve();
    });
    void exited.then((code) => reject(new Error(`strace -p ${pid} exited (${code}): ${stderr}`)));
  });
  return {
    async stop() {
      tracer.kill('SIGINT'); // detaches from the process and leaves it running
      await exited;
      const text = readFileSync(out, 'utf8');
      rmSync(dir, { recursive: true, force: true });
      return parseTrace(text);
    },
  };
}

// "1234 1763900000.123456 fdatasync(19</data/pglite/pg_wal/000000010000000000000001>) = 0"; a call another
// thread interrupts is split into "… <unfinished ...>" and "<... fdatasync resumed>) = 0": the first half
// has the time and the file.
const line = /^\d+\s+(\d+\.\d+)\s+(\w+)\(\d+<([^>]*)>(.*)$/;

export function parseTrace(text: string): SyncCall[] {
  const calls: SyncCall[] = [];
  for (const row of text.split('\n')) {
    const match = line.exec(row);
    if (!match || !syncCalls.includes(match[2]!)) continue;
    const result = /= (-?\d+.*)$/.exec(match[4]!)?.[1] ?? 'unfinished';
    calls.push({ at: Number(match[1]) * 1000, call: match[2]!, path: match[3]!, result });
  }
  return calls;
}
