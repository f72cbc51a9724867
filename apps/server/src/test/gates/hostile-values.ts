/** The values every request position is tried with (issue 9), grouped by what the position holds. */

/** Marks "leave the field out" in a mutation. */
export const MISSING = Symbol('missing');
export type Hostile = unknown | typeof MISSING;

export const hugeString = 'x'.repeat(100_000);

/** NUL and unpaired surrogates: DESIGN §8 says a 400 with a field message, never a 500. */
export const badText = ['a\u0000b', '\u0000', 'x\ud800y', '\udfff', '\ud83d'];

export const extremeDates = [
  '0000-01-01',
  '9999-12-31',
  '-005000-03-10T08:00:00.000Z',
  '+275760-09-12T08:00:00.000Z',
  '2026-02-30',
  '2026-11-23T24:00:00Z',
];

/** Past int4 (2**31) and the largest "safe" integer a zod `.int()` lets through, for integer columns. */
export const extremeNumbers = [
  1e308,
  -1e308,
  2 ** 53 + 1,
  2 ** 53 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  -0,
  1.5,
  -1,
  0,
];
/** The same, as a query string carries them (plus what JSON cannot say). */
export const extremeNumberTexts = [
  '2147483648',
  '9007199254740991',
  '1e308',
  '-1e308',
  '9007199254740993',
  '-0',
  '1.5',
  'NaN',
  'Infinity',
  '0x10',
  ' 1',
];

export const badIds = [
  'not-a-uuid',
  'a'.repeat(101),
  'a'.repeat(3000),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '5b0a3d1e-7c2f-4e8a-9b1d-2f3c4d5e6f70',
  "' OR '1'='1",
  '../../etc/passwd',
];

/** Path segments sent as they are, not encoded: a NUL, an encoded lone surrogate, broken escapes. */
export const rawPathSegments = ['%00', 'a%00b', '%ED%A0%80', '%', '%ZZ', '%F0%9F'];

const wrongTypesFor: Record<string, unknown[]> = {
  string: [12345, true, {}, []],
  number: ['12', 'abc', true, {}, []],
  boolean: ['true', 1, {}, []],
  object: [[], 'x', 0],
  array: [{}, 'x', 0],
};

export type ValueShape = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'null';

export const shapeOf = (v: unknown): ValueShape =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : (typeof v as ValueShape);

export interface SlotTraits {
  shape: ValueShape;
  inQuery: boolean;
  isDate: boolean;
  isId: boolean;
}

/** The hostile values for one position (a query position gets strings only: that is all a URL carries). */
export function hostileValuesFor(traits: SlotTraits, current: unknown): Hostile[] {
  const { shape } = traits;
  const values: Hostile[] = [MISSING];
  if (traits.inQuery) {
    values.push('', ...badText, hugeString, ...extremeNumberTexts, 'true', '[object Object]');
  } else {
    values.push(null, ...(wrongTypesFor[shape] ?? []));
    if (shape === 'string') values.push('', ' ', ...badText, hugeString);
    if (shape === 'number') values.push(...extremeNumbers);
    if (shape === 'object') values.push([current]);
    if (shape === 'array')
      values.push(
        [null],
        Array.from({ length: 5000 }, () => (current as unknown[])[0] ?? 1),
      );
  }
  if (traits.isDate) values.push(...extremeDates);
  if (traits.isId) values.push(...badIds);
  return values;
}

/** Object keys that must not reach a 500 or a prototype: NUL, a lone surrogate, `__proto__`, `constructor`. */
export const hostileKeys = ['\u0000', 'k\ud800', '__proto__', 'constructor'];
