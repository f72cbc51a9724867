/**
 * Starts admitted calls in slices of the event loop's turns instead of at once.
 *
 * PGlite answers from the request thread through promise continuations only, so a call started while the
 * loop reads its sockets runs to its end before the next socket is even read: every call that arrived
 * together runs back to back, never more than one in flight, while a liveness probe among them waits for
 * seconds (bench:overload measured 2–4 s stalls). Queued here instead, every arrival is counted (and the
 * excess shed) first; then each turn's check phase starts calls until `budgetMs` of it is spent, and the
 * loop goes back to its sockets. A call that waits on I/O (PostgreSQL) costs the slice next to nothing, so
 * many start per turn; a PGlite call holds the thread for its whole length, so one or two do.
 */
export function createStartQueue(budgetMs: number, maxPerTurn = 64) {
  const queue: (() => void)[] = [];
  let pendingSteps = 0;
  let sliceStart = 0;

  // One immediate per call, all queued in the same turn: they run one after another in the next check
  // phase, each followed by the promise continuations it set off, so the clock read by the next one
  // includes the work of the calls started before it.
  const step = () => {
    const now = performance.now();
    if (sliceStart === 0) sliceStart = now;
    if (queue.length && now - sliceStart < budgetMs) queue.shift()!();
    if (--pendingSteps === 0) {
      sliceStart = 0;
      if (queue.length) schedule();
    }
  };
  const schedule = () => {
    pendingSteps = Math.min(queue.length, maxPerTurn);
    for (let i = 0; i < pendingSteps; i++) setImmediate(step);
  };

  return (start: () => void) => {
    queue.push(start);
    if (pendingSteps === 0) schedule();
  };
}
