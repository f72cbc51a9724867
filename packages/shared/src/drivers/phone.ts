/**
 * Client phones (S2 §5): typed as +7 (XXX) XXX-XX-XX or 10 digits, stored as '+' plus 11 digits. A number
 * typed with the Russian trunk prefix 8 («8 916 …») is the same number as +7 916 ….
 */

/** '+7XXXXXXXXXX' for anything that is a Russian mobile or landline number, else null. */
export function normalizePhone(raw: string | number | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const text = String(raw).trim();
  const digits = text.replace(/\D/g, '');
  // Typed with '+', the country code is part of it: +7 and ten digits, nothing shorter.
  if (text.startsWith('+')) return /^7\d{10}$/.test(digits) ? `+${digits}` : null;
  const full =
    digits.length === 10
      ? `7${digits}`
      : digits.length === 11 && digits.startsWith('8')
        ? `7${digits.slice(1)}`
        : digits;
  return /^7\d{10}$/.test(full) ? `+${full}` : null;
}

/**
 * The mask of the client form, +7 (000) 000-00-00, applied while typing: whatever has been typed so far,
 * formatted, never more than 10 digits after the country code. A leading 7 or 8 is the country code.
 */
export function maskPhone(typed: string): string {
  let digits = typed.replace(/\D/g, '');
  if (digits.startsWith('7') || digits.startsWith('8')) digits = digits.slice(1);
  digits = digits.slice(0, 10);
  if (!digits) return '';
  const parts = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6, 8), digits.slice(8, 10)];
  let out = `+7 (${parts[0]}`;
  if (digits.length > 3) out += `) ${parts[1]}`;
  if (digits.length > 6) out += `-${parts[2]}`;
  if (digits.length > 8) out += `-${parts[3]}`;
  return out;
}

/** A stored phone as people read it: +7 (916) 555-12-34; anything else is shown as stored. */
export function displayPhone(stored: string): string {
  return /^\+7\d{10}$/.test(stored) ? maskPhone(stored) : stored;
}
