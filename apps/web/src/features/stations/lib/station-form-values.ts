import type { stationCreateSchema } from '@crm/shared';
import {
  DEFAULT_SLOT_DURATION,
  cleanWorktime,
  everyDay,
  fromPoint,
  parseBoxesInput,
  russianTimeZones,
  toPoint,
  type Station,
  type StationUpdate,
  type WorktimeByDay,
} from '@crm/shared';
import type { z } from 'zod';

export interface LatLon {
  lat: number;
  lon: number;
}

/** What the station info form holds: latitude/longitude rather than a point (S2 §3), hours per day. */
export interface StationFormValues {
  name: string;
  /** '' while the field is empty, so «Кол-во боксов обязательно» can show. */
  boxes: number | '';
  address: string;
  location: LatLon | null;
  worktime: WorktimeByDay;
  time_zone: string;
  slot_duration: number;
}

/** Hours a new station starts with: 09:00–21:00 every day, the spec's default (S2 §5 «Schedule»). */
export const defaultWorktime = (): WorktimeByDay => everyDay({ start: '09:00', end: '21:00' });

/** The browser's zone when it is a Russian one, else Moscow. */
export function defaultTimeZone(): string {
  const local = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return russianTimeZones.some((z) => z.value === local) ? local : 'Europe/Moscow';
}

export function emptyStationForm(): StationFormValues {
  return {
    name: '',
    boxes: 1,
    address: '',
    location: null,
    worktime: defaultWorktime(),
    time_zone: defaultTimeZone(),
    slot_duration: DEFAULT_SLOT_DURATION,
  };
}

export function stationToForm(station: Station): StationFormValues {
  return {
    name: station.name,
    boxes: station.boxes.length,
    address: station.address,
    location: fromPoint(station.location),
    worktime: { ...station.worktime_by_day },
    time_zone: station.time_zone,
    slot_duration: station.slot_duration || DEFAULT_SLOT_DURATION,
  };
}

/** The create body before the shared schema checks it (the point may still be missing). */
export function formToCreate(values: StationFormValues): z.input<typeof stationCreateSchema> {
  return {
    name: values.name.trim(),
    boxes: parseBoxesInput(values.boxes),
    address: values.address.trim(),
    location: values.location ? toPoint(values.location.lat, values.location.lon) : null,
    worktime_by_day: cleanWorktime(values.worktime),
    time_zone: values.time_zone,
  };
}

export function formToUpdate(values: StationFormValues): StationUpdate {
  const body: StationUpdate = {
    name: values.name.trim(),
    address: values.address.trim(),
    worktime_by_day: cleanWorktime(values.worktime),
    time_zone: values.time_zone,
    slot_duration: values.slot_duration,
    boxes: parseBoxesInput(values.boxes),
  };
  if (values.location) body.location = toPoint(values.location.lat, values.location.lon);
  return body;
}

/** Server field names (`ApiError.fields`, zod paths) to the form's fields. */
export function formFieldOf(apiField: string): keyof StationFormValues | null {
  const head = apiField.split('.')[0] ?? '';
  if (head === 'worktime_by_day') return 'worktime';
  if (['name', 'boxes', 'address', 'location', 'time_zone', 'slot_duration'].includes(head)) {
    return head as keyof StationFormValues;
  }
  return null;
}
