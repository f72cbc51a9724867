import { useSyncExternalStore } from 'react';

// Orders answered (accepted or declined) in this tab, hidden at once until the list refreshes (S1 §2).
// One store, so the dashboard's block and the blocking modal hide the same order together.
let answered: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function markAnswered(orderId: string) {
  answered = new Set(answered).add(orderId);
  emit();
}

/** The answer failed: the order shows again. */
export function unmarkAnswered(orderId: string) {
  if (!answered.has(orderId)) return;
  const next = new Set(answered);
  next.delete(orderId);
  answered = next;
  emit();
}

export function useAnsweredOrders(): ReadonlySet<string> {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => answered,
  );
}

/** For tests: a clean slate between cases. */
export function resetAnsweredOrders() {
  answered = new Set();
  emit();
}
