import type { PhoneParts } from './profile.schema';

// Kept apart from the zod schemas so the signed-in shell's guard does not pull zod into every route.
/** Profile complete means name, surname, email and number all present (S2 §5). */
export function isProfileComplete(user: {
  name?: string | null;
  surname?: string | null;
  email?: string | null;
  number?: string | Partial<PhoneParts> | null;
}): boolean {
  const phone = user.number;
  const phoneOk =
    typeof phone === 'string'
      ? phone.trim() !== ''
      : !!phone && !!phone.countryCode && !!phone.areaCode && !!phone.phoneNumber;
  return !!user.name?.trim() && !!user.surname?.trim() && !!user.email?.trim() && phoneOk;
}
