import { describe, expect, it } from 'vitest';
import {
  digitsOnly,
  phoneProblem,
  profileFieldFromApi,
  profileFormChanged,
  profileFormFromUser,
  profileFormToUpdate,
} from './profile-form';
import { profileMessages, profileUpdateSchema } from './profile.schema';

describe('profile form', () => {
  it('starts from the user, with +7 for an empty phone', () => {
    expect(profileFormFromUser({ name: 'Олег', surname: null, email: null, number: null })).toEqual({
      name: 'Олег',
      surname: '',
      email: '',
      countryCode: '7',
      areaCode: '',
      phoneNumber: '',
    });
    expect(
      profileFormFromUser({ name: 'А', surname: 'Б', email: 'a@b.ru', number: '+79161234501' }),
    ).toMatchObject({ countryCode: '7', areaCode: '916', phoneNumber: '1234501' });
  });

  it('checks the phone parts in the spec order with the spec texts', () => {
    expect(phoneProblem({ countryCode: '7', areaCode: '', phoneNumber: '1234567' })).toEqual({
      part: 'areaCode',
      message: profileMessages.phoneParts,
    });
    expect(phoneProblem({ countryCode: '', areaCode: '916', phoneNumber: '1234567' })?.message).toBe(
      profileMessages.phoneParts,
    );
    expect(phoneProblem({ countryCode: '7', areaCode: '91', phoneNumber: '1234567' })).toEqual({
      part: 'areaCode',
      message: 'Код региона должен содержать 3 цифры',
    });
    expect(phoneProblem({ countryCode: '7', areaCode: '916', phoneNumber: '123456' })).toEqual({
      part: 'phoneNumber',
      message: 'Номер телефона должен содержать 7 цифр',
    });
    expect(phoneProblem({ countryCode: ' 7 ', areaCode: ' 916', phoneNumber: '1234567 ' })).toBeNull();
    expect(phoneProblem({ countryCode: '7', areaCode: '91612', phoneNumber: '1234567890' })?.message).toBe(
      profileMessages.phoneInvalid,
    );
  });

  it('sends trimmed values and the phone as +, country, area, number', () => {
    const body = profileFormToUpdate({
      name: '  Олег ',
      surname: ' Петров',
      email: ' oleg@example.ru ',
      countryCode: '7',
      areaCode: '916',
      phoneNumber: '1234567',
    });
    expect(body).toEqual({
      name: 'Олег',
      surname: 'Петров',
      email: 'oleg@example.ru',
      number: '+79161234567',
    });
    expect(profileUpdateSchema.safeParse(body).success).toBe(true);
  });

  it('counts only real changes, not surrounding spaces', () => {
    const initial = profileFormFromUser({ name: 'А', surname: 'Б', email: 'a@b.ru', number: '+79161234501' });
    expect(profileFormChanged(initial, { ...initial, name: ' А ' })).toBe(false);
    expect(profileFormChanged(initial, { ...initial, name: 'Анна' })).toBe(true);
  });

  it('keeps digits only in phone inputs', () => {
    expect(digitsOnly('(916) 12-3', 5)).toBe('91612');
    expect(digitsOnly('+7')).toBe('7');
  });

  it('maps server field names to the form', () => {
    expect(profileFieldFromApi('number')).toBe('phoneNumber');
    expect(profileFieldFromApi('email')).toBe('email');
    expect(profileFieldFromApi('position')).toBeNull();
  });
});
