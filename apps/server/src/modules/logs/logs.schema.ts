import { z } from 'zod';

/** Each JSON member of a report is kept to this size; a larger one is stored as a marked preview. */
export const JSON_MEMBER_MAX_BYTES = 16 * 1024;
const PREVIEW_CHARS = 4096;
const requiredMessage = 'Обязательное поле';

/** Replaces an oversized JSON value by `{ truncated, bytes, preview }`, so one report cannot bloat the table. */
export function boundJson(value: unknown): unknown {
  if (value === undefined) return null;
  const json = JSON.stringify(value) ?? 'null';
  const bytes = Buffer.byteLength(json);
  if (bytes <= JSON_MEMBER_MAX_BYTES) return value;
  return { truncated: true, bytes, preview: json.slice(0, PREVIEW_CHARS) };
}

/** A client string (or number) cut to a sane length: reports are evidence, not a storage service. */
const text = (max: number) => z.union([z.string(), z.number()]).transform((v) => String(v).slice(0, max));
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
  message: z.string({ error: requiredMessage }).transform((v) => v.slice(0, 4000)),
  stack: text(16_000).nullish(),
  url: text(2000).nullish(),
  userAgent: text(500).nullish(),
  timestamp: text(64).nullish(),
  userId: z.union([z.string(), z.number()]).nullish(),
  level: z.enum(['error', 'warning', 'info']).default('info'),
  context: json.optional(),
});
