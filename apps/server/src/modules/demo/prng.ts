// A small seeded PRNG for demo data: the same seed gives the same data, so a demo database built twice on
// one day is the same database, and a day's orders do not change with the day the seed ran.

/** FNV-1a: a string seed to 32 bits. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export interface Rng {
  /** [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks a key by weight: `{ Own: 50, Yandex: 35 }`. Pass module constants (their sums are cached). */
  weighted<K extends string>(weights: Readonly<Partial<Record<K, number>>>): K;
  /** n random hexadecimal digits. */
  hex(n: number): string;
  /** n random decimal digits. */
  digits(n: number): string;
  /** A random v4-shaped uuid: stable ids for seeded rows. */
  uuid(): string;
}

// Weight tables are module constants, so their running sums are worked out once per table.
const tables = new WeakMap<object, { keys: string[]; cumulative: number[] }>();
function table(weights: Readonly<Partial<Record<string, number>>>) {
  let found = tables.get(weights);
  if (!found) {
    let sum = 0;
    found = { keys: Object.keys(weights), cumulative: Object.values(weights).map((w) => (sum += w ?? 0)) };
    tables.set(weights, found);
  }
  return found;
}

/** mulberry32: fast, 32-bit state, good enough for fake data. */
export function createRng(seed: string | number): Rng {
  let state = typeof seed === 'number' ? seed >>> 0 : hashSeed(seed);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const hex = (n: number) => {
    let out = '';
    while (out.length < n)
      out += Math.floor(next() * 0x100000000)
        .toString(16)
        .padStart(8, '0');
    return out.slice(0, n);
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    weighted<K extends string>(weights: Readonly<Partial<Record<K, number>>>): K {
      const { keys, cumulative } = table(weights);
      const roll = next() * cumulative[cumulative.length - 1]!;
      for (let i = 0; i < keys.length; i++) if (roll < cumulative[i]!) return keys[i] as K;
      return keys[keys.length - 1] as K;
    },
    hex,
    digits(n) {
      let out = '';
      while (out.length < n) out += String(Math.floor(next() * 1e9)).padStart(9, '0');
      return out.slice(0, n);
    },
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[int(0, 3)]}${hex(3)}-${hex(12)}`,
  };
}
