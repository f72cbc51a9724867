/** HH:mm, hour 0-23, minute 0-59. */
export const hhmmPattern = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Minutes since midnight of a valid HH:mm. */
export function toMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

export function fromMinutes(total: number): string {
  const h = Math.floor(total / 60);
  const m = total % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/**
 * Manual time entry (S1 §5): HH:MM, or HHMM / HMM. Returns normalised HH:mm, or null when the entry is
 * invalid (the caller then reverts to the previous value).
 */
export function parseTimeInput(raw: string): string | null {
  const value = raw.trim();
  let h: number;
  let m: number;
  const colon = /^(\d{1,2}):(\d{2})$/.exec(value);
  const compact = /^(\d{1,2})(\d{2})$/.exec(value);
  if (colon) {
    h = Number(colon[1]);
    m = Number(colon[2]);
  } else if (compact) {
    h = Number(compact[1]);
    m = Number(compact[2]);
  } else return null;
  if (h > 23 || m > 59) return null;
  return fromMinutes(h * 60 + m);
}
