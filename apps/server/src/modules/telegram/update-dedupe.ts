/**
 * The `update_id`s the bot has taken, so an update Telegram sends again is ignored (issue 38). Telegram
 * re-sends an update whose webhook call it thinks failed (a time-out, a dropped connection) — the same
 * `update_id` — and handling it twice would reply twice or press «Принять» twice.
 *
 * Bounded and in memory, not persisted: one process serves the bot (DESIGN §1), and a re-sent update
 * comes seconds to minutes after the first, so the last few thousand ids cover every resend; a set that
 * never forgets would grow with every message. What a restart forgets is safe to see again: a link code
 * is single-use and a decision is guarded by the order's status, so a repeat only re-answers.
 */
export function createUpdateDeduper(capacity = 5_000) {
  const seen = new Set<number>();
  return {
    /** True when `updateId` was taken before (ignore it); otherwise remembers it and answers false. */
    isRepeat(updateId: number): boolean {
      if (seen.has(updateId)) return true;
      seen.add(updateId);
      // A Set iterates in insertion order: the first is the oldest.
      if (seen.size > capacity) seen.delete(seen.values().next().value!);
      return false;
    },
    get size() {
      return seen.size;
    },
  };
}
