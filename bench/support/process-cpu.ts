/**
 * CPU time of the processes under test, from /proc, for `bench:capacity`: on a shared machine the
 * latencies swing with everyone else's load, while the CPU a server spends per screen stays put, so the
 * bench reports both. Linux only; elsewhere every figure is NaN.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

interface Stat {
  ppid: number;
  /** utime + stime, seconds. */
  cpu: number;
}

function stat(pid: number): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: fields start after its closing parenthesis.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

/** The process listening on a local TCP port (the server under test), or null. */
export function pidListeningOn(port: number): number | null {
  try {
    const out = execFileSync('ss', ['-Hltnp', `sport = :${port}`], { encoding: 'utf8' });
    const match = /pid=(\d+)/.exec(out);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** The process and its children (a PostgreSQL postmaster and its backends). */
function family(root: number): number[] {
  const pids = [root];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (Number.isInteger(pid) && stat(pid)?.ppid === root) pids.push(pid);
  }
  return pids;
}

/** CPU seconds used so far by each root and its children. */
export function cpuSeconds(roots: readonly number[]): number {
  let total = 0;
  for (const root of roots) for (const pid of family(root)) total += stat(pid)?.cpu ?? 0;
  return roots.length ? total : NaN;
}

/** The postmaster of a PostgreSQL a backend `pid` belongs to. */
export function postmasterOf(backendPid: number): number | null {
  return stat(backendPid)?.ppid ?? null;
}
