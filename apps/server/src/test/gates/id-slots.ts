import type { IdKind } from './demo-ids';
import type { RequestParts } from './example-value';
import { idKindOf } from './id-kinds';
import type { Operation } from './openapi-operations';

type Key = string | number;

/** A request position that carries a tenant id: `path.stationId`, `body.basket.tariffId` … */
export interface IdSlot {
  part: 'path' | 'query' | 'body';
  keys: Key[];
  kind: IdKind;
  label: string;
}

/** The positions of the request whose field name names a tenant id (id-kinds.ts), at any depth. */
export function idSlotsOf(op: Operation, parts: RequestParts): IdSlot[] {
  const slots: IdSlot[] = [];
  const add = (part: IdSlot['part'], keys: Key[]) => {
    const kind = idKindOf(String(keys[keys.length - 1]), op.path);
    if (kind) slots.push({ part, keys, kind, label: [part, ...keys].join('.') });
  };
  for (const name of Object.keys(parts.path)) add('path', [name]);
  for (const name of Object.keys(parts.query)) add('query', [name]);
  const walk = (value: unknown, keys: Key[]) => {
    if (typeof value === 'string' && keys.length) add('body', keys);
    else if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...keys, i]));
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) walk(v, [...keys, k]);
  };
  walk(parts.body, []);
  return slots;
}

export function valueAt(parts: RequestParts, slot: IdSlot): unknown {
  let node: unknown = slot.part === 'body' ? parts.body : parts[slot.part];
  for (const k of slot.keys) node = (node as Record<Key, unknown>)[k];
  return node;
}

/** A copy of `parts` with the slot's value taken from `from` (the same request for another tenant). */
export function withSlotFrom(parts: RequestParts, from: RequestParts, slot: IdSlot): RequestParts {
  const next = structuredClone(parts);
  const value = valueAt(from, slot);
  if (slot.part === 'path') {
    next.path[slot.keys[0] as string] = String(value);
    return next;
  }
  if (slot.part === 'query') {
    next.query[slot.keys[0] as string] = value;
    return next;
  }
  let node = next.body as Record<Key, unknown>;
  for (const k of slot.keys.slice(0, -1)) node = node[k] as Record<Key, unknown>;
  node[slot.keys[slot.keys.length - 1]!] = value;
  return next;
}
