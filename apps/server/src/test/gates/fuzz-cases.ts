import fc from 'fast-check';
import type { RequestParts } from './example-value';
import {
  MISSING,
  badText,
  extremeDates,
  extremeNumbers,
  hostileKeys,
  hostileValuesFor,
  rawPathSegments,
  shapeOf,
  type Hostile,
} from './hostile-values';
import { idKindOf } from './id-kinds';
import type { Operation } from './openapi-operations';
import { validVariants } from './schema-arbitrary';

/** One request of the fuzz: a base request with one thing broken. */
export interface FuzzCase {
  /** Compact description for the failure report: `body.car.plateNumber ← "a\u0000b"`. */
  label: string;
  parts: RequestParts;
  /** Path parameters sent without URL-encoding (`%00`). */
  rawPath?: string[];
  /** Raw body text (bad JSON, huge, form data) instead of the JSON of `parts.body`. */
  payload?: string;
  /** Content type of a raw payload; null sends none. */
  contentType?: string | null;
}

type Key = string | number;
interface Slot {
  part: 'path' | 'query' | 'body';
  keys: Key[];
  value: unknown;
}

const datePattern = /^[+-]?\d{4,6}-\d{2}-\d{2}/;
const dateName = /date|time|start|end|timestamp/i;

/** Every position of the request: each parameter and each node of the body (the root included). */
function slotsOf(parts: RequestParts): Slot[] {
  const slots: Slot[] = [];
  for (const [k, v] of Object.entries(parts.path)) slots.push({ part: 'path', keys: [k], value: v });
  for (const [k, v] of Object.entries(parts.query)) slots.push({ part: 'query', keys: [k], value: v });
  const walk = (value: unknown, keys: Key[]) => {
    slots.push({ part: 'body', keys, value });
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...keys, i]));
    else if (value && typeof value === 'object') {
      // Siblings holding the same value are one position twice (the 14 times of `worktime_by_day`):
      // two of each group are enough, and keep the case count of such routes near the others'.
      const seen = new Map<string, number>();
      for (const [k, v] of Object.entries(value)) {
        const sig = JSON.stringify(v) ?? 'undefined';
        const n = seen.get(sig) ?? 0;
        seen.set(sig, n + 1);
        if (n < 2) walk(v, [...keys, k]);
      }
    }
  };
  if (parts.body !== undefined) walk(parts.body, []);
  return slots;
}

/** A copy of the request with the value at the slot replaced (or removed). */
function withValue(parts: RequestParts, slot: Slot, value: Hostile): RequestParts {
  const next = structuredClone(parts);
  if (slot.part === 'path') {
    next.path[slot.keys[0] as string] = value === MISSING ? '' : String(value);
    return next;
  }
  if (slot.part === 'query') {
    if (value === MISSING) delete next.query[slot.keys[0] as string];
    else next.query[slot.keys[0] as string] = value;
    return next;
  }
  if (slot.keys.length === 0) {
    next.body = value === MISSING ? undefined : value;
    return next;
  }
  let node = next.body as Record<Key, unknown>;
  for (const k of slot.keys.slice(0, -1)) node = node[k] as Record<Key, unknown>;
  const last = slot.keys[slot.keys.length - 1]!;
  if (value !== MISSING) node[last] = value;
  else if (Array.isArray(node)) node.splice(last as number, 1);
  else delete node[last];
  return next;
}

const describe = (v: Hostile): string => {
  if (v === MISSING) return '(missing)';
  const json = JSON.stringify(v) ?? String(v);
  return json.length > 160 ? `${json.slice(0, 150)}…(${json.length} chars)` : json;
};

const slotName = (s: Slot) => [s.part, ...s.keys].join('.');

/**
 * The JSON text of the body with one object key added (a key cannot be set with `obj[key] = …` when it
 * is `__proto__`, so the key is spliced into the text).
 */
function withKey(body: unknown, keys: Key[], key: string): string {
  const marker = '__gate_key_marker__';
  const copy = structuredClone(body) as Record<Key, unknown>;
  let node = copy;
  for (const k of keys) node = node[k] as Record<Key, unknown>;
  node[marker] = { polluted: true };
  return JSON.stringify(copy).replace(JSON.stringify(marker), JSON.stringify(key));
}

export const mib = 1024 * 1024;

/** Whole-request breakage: the body as a whole, its encoding, the query string. */
function wholeRequestCases(op: Operation, base: RequestParts): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const json = JSON.stringify(base.body ?? {});
  const raw = (label: string, payload: string, contentType: string | null): FuzzCase => ({
    label,
    parts: base,
    payload,
    contentType,
  });
  if (op.method !== 'GET') {
    for (const value of [null, [], 'x', 42, true])
      cases.push({ label: `body ← ${JSON.stringify(value)}`, parts: { ...base, body: value } });
    cases.push(
      raw('bad JSON: truncated', json.slice(0, Math.max(1, json.length - 3)), 'application/json'),
      raw('bad JSON: trailing comma', '{"a":1,}', 'application/json'),
      raw('bad JSON: empty', '', 'application/json'),
      raw('bad JSON: NUL byte', `{"a":"\u0000"}\u0000`, 'application/json'),
      raw('JSON as text/plain', json, 'text/plain'),
      raw('form-urlencoded', 'a=1&b=%00&c[]=x', 'application/x-www-form-urlencoded'),
      raw('no content-type', json, null),
      raw('unknown content-type', json, 'application/x-gate'),
      raw('JSON with charset latin1', json, 'application/json; charset=latin1'),
      raw('body past 1 MiB', JSON.stringify({ x: 'x'.repeat(mib + 1024) }), 'application/json'),
      raw('deep nesting', `${'['.repeat(5000)}${']'.repeat(5000)}`, 'application/json'),
      raw(
        '__proto__ key at the root',
        json.length > 2
          ? json.replace(/^\{/, '{"__proto__":{"polluted":true},')
          : '{"__proto__":{"polluted":true}}',
        'application/json',
      ),
    );
  } else {
    cases.push(raw('GET with a JSON body', json, 'application/json'));
  }
  cases.push(
    { label: 'query: NUL key', parts: { ...base, query: { ...base.query, '\u0000': '1' } } },
    {
      label: 'query: repeated params',
      parts: { ...base, query: Object.fromEntries(Object.entries(base.query).map(([k, v]) => [k, [v, v]])) },
    },
    {
      label: 'query: 100 KB unknown param',
      parts: { ...base, query: { ...base.query, junk: 'x'.repeat(100_000) } },
    },
  );
  for (const name of Object.keys(base.path)) {
    for (const segment of rawPathSegments) {
      cases.push({
        label: `path.${name} ← raw ${segment}`,
        parts: { ...base, path: { ...base.path, [name]: segment } },
        rawPath: [name],
      });
    }
  }
  return cases;
}

/**
 * Every position × the values of hostile-values.ts, and hostile keys in every object of the body.
 * `onlyText`: just NUL and unpaired surrogates (DESIGN §8's rule for every string), for the extra bases.
 */
function positionCases(op: Operation, base: RequestParts, tag = '', onlyText = false): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const slot of slotsOf(base)) {
    const name = String(slot.keys[slot.keys.length - 1] ?? '');
    const shape = shapeOf(slot.value);
    const isDate =
      (typeof slot.value === 'string' && datePattern.test(slot.value)) ||
      (shape === 'string' && dateName.test(name));
    const isId = idKindOf(name, op.path) !== null || slot.part === 'path';
    const values = onlyText
      ? shape === 'string'
        ? badText
        : []
      : hostileValuesFor({ shape, inQuery: slot.part === 'query', isDate, isId }, slot.value);
    for (const value of values) {
      if (slot.part === 'path' && typeof value !== 'string' && value !== MISSING) continue;
      cases.push({
        label: `${tag}${slotName(slot)} ← ${describe(value)}`,
        parts: withValue(base, slot, value),
      });
    }
    if (slot.part === 'body' && shape === 'object' && !onlyText) {
      for (const key of hostileKeys) {
        cases.push({
          label: `${tag}${slotName(slot)} + key ${JSON.stringify(key)}`,
          parts: base,
          payload: withKey(base.body, slot.keys, key),
          contentType: 'application/json',
        });
      }
    }
  }
  return cases;
}

/**
 * Random values at random positions, from fast-check with a fixed seed (printed by the suite, and
 * replayable with GATES_SEED): what the catalogue above did not think of.
 */
function randomCases(base: RequestParts, seed: number, count: number): FuzzCase[] {
  const slots = slotsOf(base);
  if (slots.length === 0 || count === 0) return [];
  const value = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.string({ unit: 'grapheme', maxLength: 30 }),
    fc.double(),
    fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
    fc.constantFrom<unknown>(...extremeDates, ...extremeNumbers),
    fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    fc.anything({ maxDepth: 2, withNullPrototype: false }),
  );
  const arb = fc.record({ slot: fc.constantFrom(...slots), value });
  return fc.sample(arb, { seed, numRuns: count }).map(({ slot, value: v }) => {
    // A URL carries text: objects go as JSON (String() throws on fast-check's `{toString: …}` objects).
    const safe = slot.part === 'body' || typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined');
    return {
      label: `random(seed ${seed}): ${slotName(slot)} ← ${describe(safe)}`,
      parts: withValue(base, slot, safe),
    };
  });
}

/**
 * The cases of one operation. `primary` is the base the owner's request succeeded with (or the first):
 * it gets the whole catalogue; the other bases (all fields, required only, other ids) get NUL and
 * surrogates in every string, and random cases.
 */
export function fuzzCasesFor(
  op: Operation,
  bases: RequestParts[],
  primary: number,
  {
    seed,
    randomPerBase,
    validVariants: validCount,
  }: { seed: number; randomPerBase: number; validVariants: number },
): FuzzCase[] {
  const main = bases[primary];
  if (!main) return [];
  const cases: FuzzCase[] = [
    ...wholeRequestCases(op, main),
    ...positionCases(op, main, `[base #${primary}] `),
  ];
  bases.forEach((b, i) => {
    if (i !== primary)
      cases.push(...positionCases(op, b, `[base #${i}] `, true).filter((c) => !c.label.includes('] path.')));
  });
  bases.forEach((b, i) => cases.push(...randomCases(b, seed + i, randomPerBase)));
  validVariants(op, main, seed, validCount).forEach((parts, i) =>
    cases.push({
      label: `schema-valid variant #${i} (seed ${seed}): ${describe(parts.body ?? parts.query)}`,
      parts,
    }),
  );
  return cases;
}
