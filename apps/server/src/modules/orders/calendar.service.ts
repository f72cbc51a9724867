import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { CalendarResponse, calendarQuerySchema } from '@crm/shared';
import type { Database } from '../../db/client';
import { badRequest } from '../../plugins/errors';
import { loadStationForCaller } from '../stations/station-access';
import type { Caller } from './order-access';
import { calendarRows, storedCalendarVersion } from './calendar.repository';
import { dateRangeOrder } from './orders.service';

type CalendarQuery = z.output<typeof calendarQuerySchema>;

/**
 * Changes whenever the rows of one version could read differently: the tuple's layout, or what the
 * `rows` are. A new format makes every cached week a miss instead of a body the client misreads.
 */
const projectionFormat = 'c1';

export type CalendarAnswer =
  { notModified: true; etag: string } | { notModified: false; etag: string; body: CalendarResponse };

/**
 * A weak ETag of one station's week: the calendar version plus what selects the rows. The time zone is
 * in it because it moves the week's bounds: a station moved to another zone lists other orders under
 * the same version. Nothing else the rows depend on can change without an order write; nothing depends
 * on the current time.
 */
export function calendarEtag(
  version: number,
  station: { id: string; timeZone: string },
  dateStart: string,
  dateEnd: string,
): string {
  const selector = createHash('sha1')
    .update([projectionFormat, station.id, station.timeZone, dateStart, dateEnd].join('|'))
    .digest('base64url')
    .slice(0, 16);
  return `W/"${projectionFormat}.${version}.${selector}"`;
}

/** `If-None-Match` names the tag (weak comparison, RFC 9110 §13.1.2), alone, in a list, or as `*`. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

/**
 * The station's calendar version as the week list and the live stream give it. With no write since
 * versions began, the station's creation stands in, so a database seeded anew never repeats a version an
 * old copy was tagged with.
 */
export async function calendarVersion(
  db: Database,
  station: { id: string; createdAt: Date },
): Promise<number> {
  return (await storedCalendarVersion(db, station.id)) ?? station.createdAt.getTime() * 1000;
}

/**
 * `GET /api/order/calendar`: the week the calendar draws, as tuples (`calendarRowSchema`), or «not
 * modified» when the caller's copy is of the current version. The version is read before the rows: a
 * write committed in between makes the rows newer than their tag (the next poll refetches), never older.
 */
export async function calendarWeek(
  db: Database,
  caller: Caller,
  query: CalendarQuery,
  ifNoneMatch: string | undefined,
): Promise<CalendarAnswer> {
  const { station } = await loadStationForCaller(db, caller, query.station_id);
  if (query.date_end <= query.date_start) throw badRequest({ date_end: dateRangeOrder });
  const version = await calendarVersion(db, station);
  const etag = calendarEtag(version, station, query.date_start, query.date_end);
  if (etagMatches(ifNoneMatch, etag)) return { notModified: true, etag };
  const rows = await calendarRows(db, station.id, station.timeZone, query.date_start, query.date_end);
  return { notModified: false, etag, body: { rows, version } };
}
