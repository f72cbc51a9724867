import { z } from 'zod';
import { isCalendarDate } from '../analytics/periods';

/**
 * The date and instant fields of every schema (DESIGN §4, §8). Bookings, report periods and instants the
 * product sets live in 2000–2100: far inside what PostgreSQL and JavaScript can store, so a fuzzed year 0
 * or 275760 is a field message instead of a 500, and a day added on the server stays in range. Dates of
 * documents and people (a certificate, a registration) reach back to 1900 and never pass today.
 */
export const productYears = { first: 2000, last: 2100 } as const;
export const pastFirstYear = 1900;

export const dateMessages = {
  required: 'Укажите дату',
  format: 'Дата должна быть в формате YYYY-MM-DD',
  invalid: 'Некорректная дата',
  range: 'Дата должна быть между 2000 и 2100 годом',
  pastRange: 'Дата должна быть между 1900 годом и сегодняшним днём',
  instantInvalid: 'Некорректное время',
} as const;

const productStart = Date.UTC(productYears.first, 0, 1);
const productEnd = Date.UTC(productYears.last + 1, 0, 1);

// ISO-8601 with a zone: `Z` or an offset. An extended (six-digit) year still parses, so that it gets the
// range message rather than a format one.
const instantPattern =
  /^(?:[+-]\d{6}|\d{4})-\d{2}-\d{2}T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)$/;

/** What is wrong with an ISO instant (`2026-11-23T08:00:00.000Z`): null when it is fine. */
export function instantProblem(value: string, invalid: string = dateMessages.instantInvalid): string | null {
  if (!instantPattern.test(value)) return invalid;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return invalid;
  // Date.parse rolls 30 February over into March; the written date must exist.
  if (/^\d{4}-/.test(value) && !isCalendarDate(value.slice(0, 10))) return invalid;
  if (time < productStart || time >= productEnd) return dateMessages.range;
  return null;
}

/** Today's date in the zone furthest ahead (UTC+14): no one anywhere is refused a date that is today. */
function latestToday(now: Date): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** What is wrong with a `YYYY-MM-DD` date in the given window: null when it is fine. */
export function localDateProblem(
  value: string,
  window: { from: string; to: string; message: string },
): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return dateMessages.format;
  if (!isCalendarDate(value)) return dateMessages.invalid;
  // Same-shape ISO dates compare correctly as strings.
  if (value < window.from || value > window.to) return window.message;
  return null;
}

const productWindow = {
  from: `${productYears.first}-01-01`,
  to: `${productYears.last}-12-31`,
  message: dateMessages.range,
};

// The OpenAPI document (and the fuzz suite generated from it) learns the shape from `format`.
const instantMeta = { format: 'date-time', examples: ['2026-11-23T08:00:00.000Z'] };
const dateMeta = { format: 'date', examples: ['2026-11-23'] };

/** An instant as an ISO-8601 string with a zone, in 2000–2100; `invalid` is the field's own message. */
export const isoInstant = (invalid: string = dateMessages.instantInvalid) =>
  z
    .string({ error: invalid })
    .superRefine((value, ctx) => {
      const problem = instantProblem(value, invalid);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .meta(instantMeta);

/** A calendar date `YYYY-MM-DD` (a station's local date, a report day) in 2000–2100. */
export const localDate = (required: string = dateMessages.required) =>
  z
    .string({ error: required })
    .superRefine((value, ctx) => {
      const problem = localDateProblem(value, productWindow);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .meta(dateMeta);

/**
 * A date of a document or a person (a legal certificate, a registration): 1900 up to today. `now` is read
 * at every parse, so a long-running server does not keep yesterday's "today".
 */
export const pastLocalDate = (required: string = dateMessages.required, now: () => Date = () => new Date()) =>
  z
    .string({ error: required })
    .superRefine((value, ctx) => {
      const problem = localDateProblem(value, {
        from: `${pastFirstYear}-01-01`,
        to: latestToday(now()),
        message: dateMessages.pastRange,
      });
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .meta({ format: 'date', examples: ['1985-06-15'] });
