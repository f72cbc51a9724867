import {
  DEFAULT_SLOT_DURATION,
  fromPoint,
  toPoint,
  type PricingLimits,
  type Station,
  type StationUpdate,
} from '@crm/shared';
import type { LatLon } from './station-form-values';

/** What each settings sub-page sends, and where the server's field messages land on its form. */

/** A server field (`worktime_by_day.end_Monday`) by its head, when the form has it. */
const fieldIn =
  <V extends object>(names: readonly (keyof V & string)[]) =>
  (apiField: string): keyof V | null => {
    const head = apiField.split('.')[0] ?? '';
    return (names as readonly string[]).includes(head) ? (head as keyof V) : null;
  };

export interface InfoValues {
  name: string;
  address: string;
  location: LatLon | null;
  time_zone: string;
}

export const infoForm = {
  toForm: (s: Station): InfoValues => ({
    name: s.name,
    address: s.address,
    location: fromPoint(s.location),
    time_zone: s.time_zone,
  }),
  toUpdate: (v: InfoValues): StationUpdate => ({
    name: (v.name ?? '').trim(),
    address: (v.address ?? '').trim(),
    time_zone: v.time_zone,
    ...(v.location ? { location: toPoint(v.location.lat, v.location.lon) } : {}),
  }),
  fieldOf: fieldIn<InfoValues>(['name', 'address', 'location', 'time_zone']),
};

/**
 * «Запись и оплата». `autoaccept_booking` is not here: «Автоподтверждение записей» is edited with the online
 * booking's settings on the same page (their `autoaccept`), one control for one flag.
 */
export interface BookingValues {
  autoaccept_payment: boolean;
  slot_duration: number;
}

export const bookingForm = {
  toForm: (s: Station): BookingValues => ({
    autoaccept_payment: s.autoaccept_payment,
    slot_duration: s.slot_duration || DEFAULT_SLOT_DURATION,
  }),
  toUpdate: (v: BookingValues): StationUpdate => ({
    autoaccept_payment: v.autoaccept_payment,
    slot_duration: v.slot_duration,
  }),
  fieldOf: fieldIn<BookingValues>(['autoaccept_payment', 'slot_duration']),
};

export interface BoxesValues {
  /** null while the field is empty, so «Пожалуйста, укажите количество боксов» can show. */
  boxes: number | null;
}

export const boxesForm = {
  toForm: (s: Station): BoxesValues => ({ boxes: s.boxes.length }),
  toUpdate: (v: BoxesValues): StationUpdate => (v.boxes === null ? {} : { boxes: v.boxes }),
  fieldOf: fieldIn<BoxesValues>(['boxes']),
};

/** Empty inputs are null until the rules say «Укажите …». */
export type PricingValues = { [K in keyof PricingLimits]: number | null };

export const pricingForm = {
  toForm: (s: Station): PricingValues => ({
    limitMinCost: s.limitMinCost,
    limitMaxCost: s.limitMaxCost,
    stepCost: s.stepCost,
  }),
  // The three go together: the server checks them as one rule (S2 §5 «Pricing limits»).
  toUpdate: (v: PricingValues): StationUpdate => {
    const body: StationUpdate = {};
    if (v.limitMinCost !== null) body.limitMinCost = v.limitMinCost;
    if (v.limitMaxCost !== null) body.limitMaxCost = v.limitMaxCost;
    if (v.stepCost !== null) body.stepCost = v.stepCost;
    return body;
  },
  fieldOf: fieldIn<PricingValues>(['limitMinCost', 'limitMaxCost', 'stepCost']),
};
