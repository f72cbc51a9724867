import { describe, expect, it } from 'vitest';
import { issuesToFields } from '../errors/api-error';
import {
  formatPhone,
  isProfileComplete,
  parsePhone,
  phonePartsSchema,
  profileMessages,
  profileUpdateSchema,
} from './profile.schema';

const valid = { name: 'Ирина', surname: 'Волкова', email: 'irina@example.ru', number: '+79161234567' };

describe('profileUpdateSchema (S1 §5 / S2 §5)', () => {
  it('accepts a complete profile and trims values', () => {
    const parsed = profileUpdateSchema.parse({ ...valid, name: '  Ирина ', email: ' irina@example.ru ' });
    expect(parsed.name).toBe('Ирина');
    expect(parsed.email).toBe('irina@example.ru');
  });

  it('reports each missing field with the spec message', () => {
    const result = profileUpdateSchema.safeParse({ name: ' ', surname: '', email: '', number: '' });
    expect(result.success).toBe(false);
    const fields = issuesToFields(result.error!.issues);
    expect(fields).toMatchObject({
      name: profileMessages.nameRequired,
      surname: profileMessages.surnameRequired,
      email: profileMessages.emailRequired,
      number: profileMessages.phoneInvalid,
    });
  });

  it('rejects a malformed email with «Неверный формат email»', () => {
    const result = profileUpdateSchema.safeParse({ ...valid, email: 'irina@' });
    expect(issuesToFields(result.error!.issues).email).toBe('Неверный формат email');
  });
});

describe('phone parts', () => {
  it('needs a 3-digit area code and a 7-digit number', () => {
    const fields = issuesToFields(
      phonePartsSchema.safeParse({ countryCode: '7', areaCode: '91', phoneNumber: '12345' }).error!.issues,
    );
    expect(fields.areaCode).toBe('Код региона должен содержать 3 цифры');
    expect(fields.phoneNumber).toBe('Номер телефона должен содержать 7 цифр');
  });

  it("is sent as '+', country code, area code, number and parsed back", () => {
    const parts = { countryCode: '7', areaCode: '916', phoneNumber: '1234567' };
    expect(formatPhone(parts)).toBe('+79161234567');
    expect(parsePhone('+79161234567')).toEqual(parts);
    expect(parsePhone('89161234567')).toEqual(parts);
    expect(parsePhone(null)).toEqual({ countryCode: '7', areaCode: '', phoneNumber: '' });
  });
});

describe('isProfileComplete', () => {
  it('needs name, surname, email and number', () => {
    expect(isProfileComplete(valid)).toBe(true);
    expect(isProfileComplete({ ...valid, email: null })).toBe(false);
    expect(isProfileComplete({ ...valid, number: '  ' })).toBe(false);
    expect(isProfileComplete({ ...valid, surname: '' })).toBe(false);
  });

  it('counts a phone object only when all three parts are present', () => {
    expect(
      isProfileComplete({ ...valid, number: { countryCode: '7', areaCode: '916', phoneNumber: '1234567' } }),
    ).toBe(true);
    expect(isProfileComplete({ ...valid, number: { countryCode: '7', areaCode: '916' } })).toBe(false);
  });
});
