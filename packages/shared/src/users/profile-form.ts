import {
  formatPhone,
  parsePhone,
  profileMessages,
  type PhoneParts,
  type ProfileUpdate,
} from './profile.schema';

/** The profile edit form (S1 §5, S2 §5): the phone as three parts; Russia (+7) preferred. */
export interface ProfileFormValues {
  name: string;
  surname: string;
  email: string;
  countryCode: string;
  areaCode: string;
  phoneNumber: string;
}

export const DEFAULT_COUNTRY_CODE = '7';

/** Input limits of the phone parts: a country code of up to 3 digits and at most 15 digits in all (E.164). */
export const phonePartLimits = { countryCode: 3, areaCode: 5, phoneNumber: 10 } as const;

export type PhonePart = keyof PhoneParts;

export interface PhoneProblem {
  part: PhonePart;
  message: string;
}

/** Keeps digits only: what the phone part inputs accept while typing. */
export function digitsOnly(raw: string, maxLength?: number): string {
  const digits = raw.replace(/\D/g, '');
  return maxLength ? digits.slice(0, maxLength) : digits;
}

/**
 * The first problem with a phone, in the order the spec lists them: every part present, the area code at
 * least 3 digits, the number at least 7 digits. Values are trimmed first.
 */
export function phoneProblem(parts: Partial<PhoneParts>): PhoneProblem | null {
  const countryCode = (parts.countryCode ?? '').trim();
  const areaCode = (parts.areaCode ?? '').trim();
  const phoneNumber = (parts.phoneNumber ?? '').trim();
  if (!countryCode) return { part: 'countryCode', message: profileMessages.phoneParts };
  if (!areaCode) return { part: 'areaCode', message: profileMessages.phoneParts };
  if (!phoneNumber) return { part: 'phoneNumber', message: profileMessages.phoneParts };
  if (!/^\d{1,3}$/.test(countryCode)) return { part: 'countryCode', message: profileMessages.phoneInvalid };
  if (!/^\d{3,}$/.test(areaCode)) return { part: 'areaCode', message: profileMessages.areaCode };
  if (!/^\d{7,}$/.test(phoneNumber)) return { part: 'phoneNumber', message: profileMessages.phoneNumber };
  if (countryCode.length + areaCode.length + phoneNumber.length > 15) {
    return { part: 'phoneNumber', message: profileMessages.phoneInvalid };
  }
  return null;
}

/** The form's starting values from a stored user; an empty phone starts with +7. */
export function profileFormFromUser(user: {
  name: string | null;
  surname: string | null;
  email: string | null;
  number: string | null;
}): ProfileFormValues {
  const phone = user.number
    ? parsePhone(user.number)
    : { countryCode: DEFAULT_COUNTRY_CODE, areaCode: '', phoneNumber: '' };
  return {
    name: user.name ?? '',
    surname: user.surname ?? '',
    email: user.email ?? '',
    countryCode: phone.countryCode,
    areaCode: phone.areaCode,
    phoneNumber: phone.phoneNumber,
  };
}

/** The update body: trimmed values and the phone sent as '+', country code, area code, number (S1 §5). */
export function profileFormToUpdate(values: ProfileFormValues): ProfileUpdate {
  return {
    name: values.name.trim(),
    surname: values.surname.trim(),
    email: values.email.trim(),
    number: formatPhone({
      countryCode: values.countryCode.trim(),
      areaCode: values.areaCode.trim(),
      phoneNumber: values.phoneNumber.trim(),
    }),
  };
}

/** Whether the trimmed form differs from where it started: saving is disabled until it does (S1 §5). */
export function profileFormChanged(initial: ProfileFormValues, current: ProfileFormValues): boolean {
  return (Object.keys(initial) as (keyof ProfileFormValues)[]).some(
    (k) => (initial[k] ?? '').trim() !== (current[k] ?? '').trim(),
  );
}

/** Server field errors arrive keyed by the API's names; the form shows the phone's on its number part. */
export function profileFieldFromApi(field: string): keyof ProfileFormValues | null {
  if (field === 'name' || field === 'surname' || field === 'email') return field;
  if (field === 'number') return 'phoneNumber';
  return null;
}
