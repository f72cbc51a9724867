import { z } from 'zod';
import { cutText } from '@crm/shared';

/** Each JSON member of a report is kept to this size; a larger one is stored as a marked preview. */
export const JSON_MEMBER_MAX_BYTES = 16 * 1024;
const PREVIEW_CHARS = 4096;
/** Deeper than this, JSON.stringify and PostgreSQL's jsonb run out of stack (a 500): kept as a preview. */
const JSON_MAX_DEPTH = 64;
const requiredMessage = 'Обязательное поле';

/** True when arrays and objects nest deeper than `max` (walked without recursion). */
function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= max) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Replaces an oversized or too deeply nested JSON value by `{ truncated, … }`, so one report can neither
 * bloat the table nor fail to store. The preview never cuts a surrogate pair in half: a lone half is
 * exactly what jsonb refuses.
 */
export function boundJson(value: unknown): unknown {
  if (value === undefined) return null;
  if (nestsDeeperThan(value, JSON_MAX_DEPTH)) return { truncated: true, reason: 'too deep' };
  const json = JSON.stringify(value) ?? 'null';
  const bytes = Buffer.byteLength(json);
  if (bytes <= JSON_MEMBER_MAX_BYTES) return value;
  return { truncated: true, bytes, preview: cutText(json, PREVIEW_CHARS) };
}

/** A client string (or number) cut to a sane length: reports are evidence, not a storage service. */
const text = (max: number) => z.union([z.string(), z.number()]).transform((v) => cutText(String(v), max));
const json = z.unknown().transform(boundJson);

/** `POST /api/error` (S1 §7). `user_id` is accepted for compatibility and never trusted. */
export const errorReportSchema = z.object({
  user_id: z.union([z.string(), z.number()]).nullish(),
  code: text(100).nullish(),
  api_url: text(2000).nullish(),
  current_url: text(2000).nullish(),
  request_data: json.optional(),
  response_data: json.optional(),
});

/** `POST /api/logger` (S1 §7). `userId` is accepted for compatibility and never trusted. */
export const clientLogSchema = z.object({
  message: z.string({ error: requiredMessage }).transform((v) => cutText(v, 4000)),
  stack: text(16_000).nullish(),
  url: text(2000).nullish(),
  userAgent: text(500).nullish(),
  timestamp: text(64).nullish(),
  userId: z.union([z.string(), z.number()]).nullish(),
  level: z.enum(['error', 'warning', 'info']).default('info'),
  context: json.optional(),
});
