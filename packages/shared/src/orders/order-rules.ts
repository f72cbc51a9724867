// Pure rules of the order form and the booking engine (S1 §3, §5, §9). No zod here.
import { fromMinutes, toMinutes } from '../time/time-of-day';

export const commentMaxLength = 300;
export const amountStep = 50;
/** Slot default when the station has none (S1 §9, S2 §9). */
export const defaultSlotDuration = 30;

/** Cyrillic letters allowed on Russian plates (they look like Latin ones). */
const plateLetters = 'АВЕКМНОРСТУХ';
/** Latin look-alikes typed on an English layout, mapped to their Cyrillic twins. */
const latinTwins: Record<string, string> = {
  A: 'А',
  B: 'В',
  E: 'Е',
  K: 'К',
  M: 'М',
  H: 'Н',
  O: 'О',
  P: 'Р',
  C: 'С',
  T: 'Т',
  Y: 'У',
  X: 'Х',
};
export const platePattern = new RegExp(`^[${plateLetters}]\\d{3}[${plateLetters}]{2}\\d{2,3}$`);

/** Plate input (S1 §5): uppercased, Latin twins made Cyrillic, every other character stripped. */
export function normalizePlate(raw: string): string {
  return [...raw.toUpperCase()]
    .map((ch) => latinTwins[ch] ?? ch)
    .filter((ch) => /\d/.test(ch) || plateLetters.includes(ch))
    .join('')
    .slice(0, 9);
}

export function isValidPlate(plate: string): boolean {
  return platePattern.test(plate);
}

/** Amount (S1 §5): an integer ≥ 0 in steps of 50 ₽. */
export function isValidAmount(amount: number): boolean {
  return Number.isInteger(amount) && amount >= 0 && amount % amountStep === 0;
}

/**
 * Slot id (S1 §3, S2 §3): local date as DDMMYY, start and end as HHmm, joined by underscores; the start
 * is rounded down to the slot duration. `date` is YYYY-MM-DD, times HH:mm, all on the station's clock.
 */
export function slotId(date: string, start: string, end: string, slotDuration: number): string {
  const [y, m, d] = date.split('-');
  const step = slotDuration > 0 ? slotDuration : defaultSlotDuration;
  const rounded = Math.floor(toMinutes(start) / step) * step;
  const hhmm = (t: string) => t.replace(':', '');
  return `${d}${m}${y!.slice(2)}_${hhmm(fromMinutes(rounded))}_${hhmm(end)}`;
}

/** Parses a slot id back into its date (YYYY-MM-DD) and times (HH:mm); null when malformed. */
export function parseSlotId(id: string): { date: string; start: string; end: string } | null {
  const match = /^(\d{2})(\d{2})(\d{2})_(\d{2})(\d{2})_(\d{2})(\d{2})$/.exec(id);
  if (!match) return null;
  const [, d, m, y, sh, sm, eh, em] = match;
  if (Number(sh) > 23 || Number(sm) > 59 || Number(eh) > 23 || Number(em) > 59) return null;
  if (Number(m) < 1 || Number(m) > 12 || Number(d) < 1 || Number(d) > 31) return null;
  return { date: `20${y}-${m}-${d}`, start: `${sh}:${sm}`, end: `${eh}:${em}` };
}

/** An order phone starting with 8 is sent as is, otherwise with a '+' prefix (S1 §5). */
export function formatOrderPhone(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  if (!digits) return '';
  return digits.startsWith('8') ? digits : `+${digits}`;
}

/** "1 ч 30 мин", "45 мин", "2 ч" (S1 §2: duration as hours and minutes). */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  if (h && m) return `${h} ч ${m} мин`;
  if (h) return `${h} ч`;
  return `${m} мин`;
}

let rubles: Intl.NumberFormat | undefined;

/**
 * Rubles without decimals, with a thin space between thousands: "1 250 ₽" (S1 §9). One formatter for every
 * call: `toLocaleString` builds a new one each time, and a dashboard or a week formats hundreds of sums.
 */
export function formatRub(amount: number): string {
  rubles ??= new Intl.NumberFormat('ru-RU');
  return `${rubles.format(Math.round(amount))} ₽`;
}
