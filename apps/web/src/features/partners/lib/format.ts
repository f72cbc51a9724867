import { inStationZone } from '../../../lib/station-time';

const absolute = new Intl.DateTimeFormat('ru-RU', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const relative = new Intl.RelativeTimeFormat('ru', { numeric: 'auto' });

/** «12.11.2026, 14:05» in the viewer's own zone (the system admin watches partners, not one station). */
export function formatInstant(iso: string): string {
  return absolute.format(new Date(iso));
}

/** «5 минут назад», «вчера», «3 дня назад»: how long ago, roughly. */
export function formatAgo(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return 'только что';
  if (abs < 3600) return relative.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return relative.format(Math.round(seconds / 3600), 'hour');
  return relative.format(Math.round(seconds / 86_400), 'day');
}

/** A delivery's time in the station's zone: «28.11 14:05». */
export function formatStationTime(iso: string, timeZone: string): string {
  const at = inStationZone(iso, timeZone);
  return at ? at.format('DD.MM HH:mm') : '—';
}
