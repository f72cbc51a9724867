import {
  displayPhone,
  durationWords,
  normalizePhone,
  type OnlineBookingSettings,
  type OnlineBookingUpdate,
} from '@crm/shared';

/** What the form holds: «all» or a chosen list for tariffs and services, the rest as the server has it. */
export interface OnlineBookingValues {
  enabled: boolean;
  /** As typed, with the clients' mask: +7 (XXX) XXX-XX-XX; empty: no phone on the page. */
  phone: string;
  tariffs_mode: 'all' | 'some';
  tariff_ids: string[];
  services_mode: 'all' | 'some';
  service_keys: string[];
  /** null while the field is empty, so its message can show. */
  days_ahead: number | null;
  min_notice_minutes: number;
  cancel_cutoff_minutes: number;
  autoaccept: boolean;
  max_open_per_phone: number | null;
}

/** The keys of the settings the form edits (everything of the update but `new_code`). */
type Editable = Exclude<keyof OnlineBookingUpdate, 'new_code'>;
const editable: readonly Editable[] = [
  'enabled',
  'phone',
  'tariff_ids',
  'service_keys',
  'days_ahead',
  'min_notice_minutes',
  'cancel_cutoff_minutes',
  'autoaccept',
  'max_open_per_phone',
];

export function toForm(s: OnlineBookingSettings): OnlineBookingValues {
  return {
    enabled: s.enabled,
    phone: s.phone ? displayPhone(s.phone) : '',
    tariffs_mode: s.tariff_ids === null ? 'all' : 'some',
    tariff_ids: s.tariff_ids ?? [],
    services_mode: s.service_keys === null ? 'all' : 'some',
    service_keys: s.service_keys ?? [],
    days_ahead: s.days_ahead,
    min_notice_minutes: s.min_notice_minutes,
    cancel_cutoff_minutes: s.cancel_cutoff_minutes,
    autoaccept: s.autoaccept,
    max_open_per_phone: s.max_open_per_phone,
  };
}

/**
 * The phone as the server stores it: '+7XXXXXXXXXX', null when the field is empty. A number that is not one
 * goes as typed (the field's rule stops it first; the server would answer with the field's message).
 */
export function phoneToSend(typed: string | undefined): string | null {
  const text = (typed ?? '').trim();
  return text ? (normalizePhone(text) ?? text) : null;
}

const sorted = (list: string[]) => [...list].sort();

/** The whole update the values stand for; lists sorted, so a reordering is no change. */
function toUpdate(v: OnlineBookingValues): Required<Pick<OnlineBookingUpdate, Editable>> {
  return {
    enabled: v.enabled,
    phone: phoneToSend(v.phone),
    tariff_ids: v.tariffs_mode === 'all' ? null : sorted(v.tariff_ids ?? []),
    service_keys: v.services_mode === 'all' ? null : sorted(v.service_keys ?? []),
    days_ahead: v.days_ahead ?? NaN,
    min_notice_minutes: v.min_notice_minutes,
    cancel_cutoff_minutes: v.cancel_cutoff_minutes,
    autoaccept: v.autoaccept,
    max_open_per_phone: v.max_open_per_phone ?? NaN,
  };
}

/** Only what differs from the saved settings: a save never overwrites what another owner changed meanwhile. */
export function changedFields(saved: OnlineBookingValues, current: OnlineBookingValues): OnlineBookingUpdate {
  const before = toUpdate(saved);
  const after = toUpdate(current);
  const body: Record<string, unknown> = {};
  for (const key of editable)
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) body[key] = after[key];
  return body as OnlineBookingUpdate;
}

/** Where a server field (`tariff_ids.0` → its head) shows its message on the form; null: nowhere. */
export function formFieldOf(apiField: string): keyof OnlineBookingValues | null {
  const head = apiField.split('.')[0] ?? '';
  return (editable as readonly string[]).includes(head) ? (head as keyof OnlineBookingValues) : null;
}

/** «Минимум до начала» and «Отмена и перенос не позже чем за»: 0, 15, 30 minutes, 1–24 hours. */
export const noticeChoices = [0, 15, 30, 60, 120, 180, 360, 720, 1440] as const;

/** The choices as select options, with the saved value kept when the server has another one. */
export function noticeOptions(current: number | undefined, zeroLabel: string) {
  const values: number[] = [...noticeChoices];
  if (current !== undefined && !values.includes(current)) values.push(current);
  return values
    .sort((a, b) => a - b)
    .map((value) => ({ value, label: value === 0 ? zeroLabel : durationWords(value) }));
}
