import { z } from 'zod';

export { isProfileComplete } from './profile-complete';

/** Messages of S1 §5 / S2 §5 «Profile», quoted exactly. */
export const profileMessages = {
  nameRequired: 'Имя обязательно',
  surnameRequired: 'Фамилия обязательна',
  emailInvalid: 'Неверный формат email',
  emailRequired: 'Email обязателен',
  phoneParts: 'Необходимо заполнить все части номера телефона',
  areaCode: 'Код региона должен содержать 3 цифры',
  phoneNumber: 'Номер телефона должен содержать 7 цифр',
  phoneInvalid: 'Введите корректный номер телефона',
} as const;

/** A phone as the profile form holds it (S2 §3 Administrator/staff user). */
export const phonePartsSchema = z.object({
  countryCode: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, profileMessages.phoneParts),
  areaCode: z
    .string()
    .trim()
    .regex(/^\d{3,}$/, profileMessages.areaCode),
  phoneNumber: z
    .string()
    .trim()
    .regex(/^\d{7,}$/, profileMessages.phoneNumber),
});
export type PhoneParts = z.infer<typeof phonePartsSchema>;

/** '+', country code, area code, number (S1 §5). */
export function formatPhone(parts: PhoneParts): string {
  return `+${parts.countryCode.trim()}${parts.areaCode.trim()}${parts.phoneNumber.trim()}`;
}

/** Splits a stored '+7XXXXXXXXXX' back into the form's parts; Russia is the preferred country. */
export function parsePhone(value: string | null | undefined): PhoneParts {
  const digits = (value ?? '').replace(/\D/g, '');
  if (digits.length === 11 && (digits.startsWith('7') || digits.startsWith('8'))) {
    return { countryCode: '7', areaCode: digits.slice(1, 4), phoneNumber: digits.slice(4) };
  }
  if (digits.length > 10) {
    const cc = digits.slice(0, digits.length - 10);
    return {
      countryCode: cc,
      areaCode: digits.slice(cc.length, cc.length + 3),
      phoneNumber: digits.slice(cc.length + 3),
    };
  }
  return { countryCode: '7', areaCode: digits.slice(0, 3), phoneNumber: digits.slice(3) };
}

/** The stored phone: '+' and 8 to 15 digits. */
export const phoneStringSchema = z
  .string()
  .trim()
  .regex(/^\+\d{8,15}$/, profileMessages.phoneInvalid);

export const emailSchema = z
  .string({ error: profileMessages.emailRequired })
  .trim()
  .min(1, profileMessages.emailRequired)
  .pipe(z.email(profileMessages.emailInvalid));

/** Body of `POST /api/user/update/{userId}` (S1 §7): the profile fields, or a networks list. */
export const profileUpdateSchema = z.object({
  name: z
    .string({ error: profileMessages.nameRequired })
    .trim()
    .min(1, profileMessages.nameRequired)
    .max(100),
  surname: z
    .string({ error: profileMessages.surnameRequired })
    .trim()
    .min(1, profileMessages.surnameRequired)
    .max(100),
  email: emailSchema,
  number: phoneStringSchema,
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
