import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const running = new Set<ChildProcess>();

/**
 * Runs `script` (`node --import tsx`) with `env` added until it prints `committed <id>`, then kills it with
 * SIGKILL: the durability tests' crash between a commit and what should follow it. Answers the id; a child
 * that prints `failed` or exits first fails the test with its output.
 */
export async function killAfterCommit(script: string, env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let out = '';
  const id = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /committed (\S+)\n/.exec(out);
      if (match) resolve(match[1]!);
      else if (out.includes('failed')) reject(new Error(out));
    });
    child.once('exit', (code) => reject(new Error(`child exited (${code}) before committing: ${out}`)));
  });
  child.kill('SIGKILL');
  await exited;
  running.delete(child);
  return id;
}

/** Kills the children a failed test left behind (for `afterAll`). */
export function killChildrenLeft() {
  for (const child of running) child.kill('SIGKILL');
}
