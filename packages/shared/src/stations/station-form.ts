import type { z } from 'zod';
import type { pointSchema } from './station.schema';

type Point = z.infer<typeof pointSchema>;

/** Map constants of S1 §9 / S2 §9. */
export const mapDefaults = {
  center: { lat: 55.751244, lon: 37.618423 },
  zoom: 17,
  minZoom: 1,
  maxZoom: 19,
  geolocationTimeoutMs: 5000,
  suggestMinChars: 2,
  suggestDebounceMs: 300,
} as const;

/** Box limits: 1–100 in the add-station form, 1–20 in settings (S2 §9). */
export const boxLimits = { create: { min: 1, max: 100 }, settings: { min: 1, max: 20 } } as const;

/** Slot durations offered in settings, minutes; 30 is the default (S2 §9). */
export const slotDurations = [10, 15, 20, 30, 45, 60, 90, 120] as const;
export const DEFAULT_SLOT_DURATION = 30;

/** The boxes field of the add-station form: a non-numeric entry becomes 1 (S2 §5). */
export function parseBoxesInput(raw: unknown): number {
  const n = typeof raw === 'number' ? raw : Number.parseInt(String(raw ?? '').trim(), 10);
  return Number.isFinite(n) ? Math.trunc(n) : 1;
}

/** The form holds latitude/longitude; the API a GeoJSON point [lon, lat] (S2 §3). */
export function toPoint(lat: number, lon: number): Point {
  return { type: 'Point', coordinates: [lon, lat] };
}

export function fromPoint(point: Point | null | undefined): { lat: number; lon: number } | null {
  if (!point) return null;
  const [lon, lat] = point.coordinates;
  return { lat, lon };
}

/** Russia's time zones, west to east, with the city people know them by. */
export const russianTimeZones = [
  { value: 'Europe/Kaliningrad', label: 'Калининград (UTC+2)' },
  { value: 'Europe/Moscow', label: 'Москва (UTC+3)' },
  { value: 'Europe/Samara', label: 'Самара (UTC+4)' },
  { value: 'Asia/Yekaterinburg', label: 'Екатеринбург (UTC+5)' },
  { value: 'Asia/Omsk', label: 'Омск (UTC+6)' },
  { value: 'Asia/Novosibirsk', label: 'Новосибирск (UTC+7)' },
  { value: 'Asia/Krasnoyarsk', label: 'Красноярск (UTC+7)' },
  { value: 'Asia/Irkutsk', label: 'Иркутск (UTC+8)' },
  { value: 'Asia/Yakutsk', label: 'Якутск (UTC+9)' },
  { value: 'Asia/Vladivostok', label: 'Владивосток (UTC+10)' },
  { value: 'Asia/Magadan', label: 'Магадан (UTC+11)' },
  { value: 'Asia/Kamchatka', label: 'Камчатка (UTC+12)' },
] as const;

/** A readable name for a zone: the Russian city when we know it, else the IANA name. */
export function timeZoneLabel(timeZone: string): string {
  return russianTimeZones.find((z) => z.value === timeZone)?.label ?? timeZone;
}

/** Station settings messages (S2 §5 «Station settings info», «Boxes (settings)»), quoted exactly. */
export const stationSettingsMessages = {
  nameRequired: 'Пожалуйста, введите название станции',
  locationRequired: 'Пожалуйста, укажите местоположение станции на карте',
  boxesRequired: 'Пожалуйста, укажите количество боксов',
  boxesMin: 'Должен быть хотя бы один бокс',
  boxesMax: 'Максимальное количество боксов - 20',
} as const;
