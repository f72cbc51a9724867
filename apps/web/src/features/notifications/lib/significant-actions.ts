import type { Mutation } from '@tanstack/react-query';

type Listener = (action: string | null) => void;
const listeners = new Set<Listener>();

/**
 * A significant action for the push prompt (S1 §4): anything may report one (an order created, a setting
 * saved); the mounted prompt counts it. Without a mounted prompt it is simply not counted.
 */
export function recordSignificantAction(action: string | null = null): void {
  for (const listener of listeners) listener(action);
}

export function onSignificantAction(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * A successful change the user made counts, unless the mutation says otherwise with
 * `meta: { significant: false }` (turning push on, the admin's test push).
 */
export function isSignificantMutation(mutation: Mutation<unknown, unknown, unknown, unknown>): boolean {
  return mutation.options.meta?.significant !== false;
}

/** What the mutation did, for `lastSignificantAction` (its key when it has one). */
export function mutationActionName(mutation: Mutation<unknown, unknown, unknown, unknown>): string | null {
  const key = mutation.options.mutationKey;
  return key ? key.map(String).join(':').slice(0, 100) : null;
}
