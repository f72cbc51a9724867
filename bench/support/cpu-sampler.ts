/**
 * CPU seconds of process families (a root and its children) over a window, counting processes that start
 * or end inside it: PostgreSQL backends come and go (the pools open and close connections, a LISTEN
 * reconnects), and a plain «sum of the family now minus then» loses an ended backend's whole life and
 * went negative in `bench:capacity-cluster`. Samples /proc every `everyMs`; a backend that ends between
 * two samples loses only its last interval. Linux only.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

function stat(pid: number): { ppid: number; cpu: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

/** pid → CPU seconds of every process whose parent is one of `roots`, and of the roots. */
function snapshot(roots: readonly number[]): Map<number, number> {
  const out = new Map<number, number>();
  const set = new Set(roots);
  for (const root of roots) {
    const s = stat(root);
    if (s) out.set(root, s.cpu);
  }
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || set.has(pid)) continue;
    const s = stat(pid);
    if (s && set.has(s.ppid)) out.set(pid, s.cpu);
  }
  return out;
}

export class CpuSampler {
  private readonly first = new Map<string, Map<number, number>>();
  private readonly last = new Map<string, Map<number, number>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly groups: Record<string, () => readonly number[]>,
    private readonly everyMs = 500,
  ) {}

  private sample(initial: boolean) {
    for (const [name, roots] of Object.entries(this.groups)) {
      const now = snapshot(roots());
      const last = this.last.get(name) ?? new Map<number, number>();
      for (const [pid, cpu] of now) last.set(pid, cpu);
      this.last.set(name, last);
      if (initial) this.first.set(name, new Map(now));
    }
  }

  start(): void {
    this.first.clear();
    this.last.clear();
    this.sample(true);
    this.timer = setInterval(() => this.sample(false), this.everyMs);
  }

  /** CPU seconds per group since start(): processes born inside the window count from 0. */
  stop(): Record<string, number> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.sample(false);
    const out: Record<string, number> = {};
    for (const name of Object.keys(this.groups)) {
      const first = this.first.get(name)!;
      let total = 0;
      for (const [pid, cpu] of this.last.get(name)!) total += cpu - (first.get(pid) ?? 0);
      out[name] = total;
    }
    return out;
  }
}
