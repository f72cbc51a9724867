/**
 * One rule for every string that enters the system (DESIGN §8): NUL and unpaired UTF-16 surrogates are
 * refused, never silently changed. PostgreSQL cannot store NUL in text at all, rejects a lone surrogate
 * inside jsonb, and the driver quietly turns one in a text column into U+FFFD — so either a 500 or data
 * that differs from what was sent.
 */
export const textMessages = {
  unsafe: 'Текст содержит недопустимые символы',
} as const;

// Without the `u` flag the pattern sees UTF-16 code units, which is exactly what a lone surrogate is.
// eslint-disable-next-line no-control-regex -- NUL is the very character this rule looks for.
const unsafeText = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when the text has no NUL and every surrogate has its partner. */
export function isSafeText(text: string): boolean {
  return !unsafeText.test(text);
}

export type JsonPath = (string | number)[];

/** A step of the walk; the path is a chain of parents, so a deep value costs no copying. */
interface Step {
  value: unknown;
  at: PathLink | null;
  /** An object key: checked as text, never descended into. */
  key?: boolean;
}

interface PathLink {
  segment: string | number;
  parent: PathLink | null;
}

function pathOf(link: PathLink | null): JsonPath {
  const path: JsonPath = [];
  for (let l = link; l; l = l.parent) path.push(l.segment);
  return path.reverse();
}

/**
 * The path of the first unsafe string in a parsed JSON value (strings and object keys, at any depth), in
 * document order; null when every string is safe. An unsafe key is reported at the object holding it, so
 * the answer never echoes the bad characters back. Iterative and linear, so a deeply nested body neither
 * overflows the stack nor costs quadratic time.
 */
export function findUnsafeText(value: unknown): JsonPath | null {
  const stack: Step[] = [{ value, at: null }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    const v = step.value;
    if (typeof v === 'string') {
      if (!isSafeText(v)) return pathOf(step.at);
      continue;
    }
    if (step.key || typeof v !== 'object' || v === null) continue;
    // Pushed in reverse so the earliest member is looked at first.
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--)
        stack.push({ value: v[i], at: { segment: i, parent: step.at } });
      continue;
    }
    const keys = Object.keys(v);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      stack.push({ value: (v as Record<string, unknown>)[key], at: { segment: key, parent: step.at } });
      stack.push({ value: key, at: step.at, key: true });
    }
  }
  return null;
}

/**
 * At most `max` UTF-16 units of `text`, never cutting a surrogate pair in half (a cut emoji would leave
 * exactly the lone surrogate the rule above refuses).
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  const endsInHighSurrogate = code >= 0xd800 && code <= 0xdbff;
  return text.slice(0, endsInHighSurrogate ? max - 1 : max);
}
