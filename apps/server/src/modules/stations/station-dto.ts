import { workingDays, type Station } from '@crm/shared';
import type { StationRow } from './station-access';

export interface BoxRow {
  stationId: string;
  number: number;
  status: string;
}

/** Whether Intl knows the zone (the IANA database of the running Node). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The zone's UTC offset in hours right now (S1 §3 time_zone_int): 3 for Moscow, 5.5 for Kolkata. */
export function utcOffsetHours(timeZone: string, now: Date = new Date()): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(now)
    .find((p) => p.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match) return 0;
  const hours = Number(match[2]) + Number(match[3]) / 60;
  return match[1] === '-' ? -hours : hours;
}

/**
 * A zone for a new station without one: Russia's zones follow longitude closely enough to guess (the
 * owner can change it in settings); elsewhere Moscow, the product's home zone.
 */
export function guessTimeZone(lat: number, lon: number): string {
  const inRussia = lat >= 41 && lat <= 82 && lon >= 19 && lon <= 180;
  if (!inRussia) return 'Europe/Moscow';
  const bands: [maxLon: number, zone: string][] = [
    [23, 'Europe/Kaliningrad'],
    [50, 'Europe/Moscow'],
    [54, 'Europe/Samara'],
    [66, 'Asia/Yekaterinburg'],
    [75, 'Asia/Omsk'],
    [88, 'Asia/Novosibirsk'],
    [103, 'Asia/Krasnoyarsk'],
    [112, 'Asia/Irkutsk'],
    [131, 'Asia/Yakutsk'],
    [148, 'Asia/Vladivostok'],
    [158, 'Asia/Magadan'],
  ];
  return bands.find(([maxLon]) => lon < maxLon)?.[1] ?? 'Asia/Kamchatka';
}

/** The one station → DTO mapping (`stationSchema`). */
export function toStationDto(row: StationRow, boxRows: readonly BoxRow[], now = new Date()): Station {
  return {
    id: row.id,
    name: row.name,
    network_id: row.networkId,
    carwash_id: row.carwashId,
    address: row.address,
    location:
      row.lon !== null && row.lat !== null ? { type: 'Point', coordinates: [row.lon, row.lat] } : null,
    type: row.type,
    boxes: boxRows
      .filter((b) => b.stationId === row.id)
      .sort((a, b) => a.number - b.number)
      .map((b) => ({ number: b.number, status: b.status })),
    daysOfWork: workingDays(row.worktimeByDay),
    worktime_by_day: row.worktimeByDay,
    time_zone: row.timeZone,
    time_zone_int: isValidTimeZone(row.timeZone) ? utcOffsetHours(row.timeZone, now) : 3,
    slot_duration: row.slotDuration,
    days_to_alive: row.daysToAlive,
    enable: row.enable,
    enable_payment: row.enablePayment,
    enable_booking: row.enableBooking,
    autoaccept_payment: row.autoacceptPayment,
    autoaccept_booking: row.autoacceptBooking,
    stepCost: row.stepCost,
    limitMinCost: row.limitMinCost,
    limitMaxCost: row.limitMaxCost,
    awaiting_setup: row.awaitingSetup,
    last_used: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
  };
}
