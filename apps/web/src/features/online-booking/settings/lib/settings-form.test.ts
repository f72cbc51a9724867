import { describe, expect, it } from 'vitest';
import { testOnlineBooking } from '../testing/fixtures';
import { changedFields, formFieldOf, noticeOptions, phoneToSend, toForm } from './settings-form';

describe('online booking settings form', () => {
  const saved = toForm(testOnlineBooking({ tariff_ids: ['b', 'a'], service_keys: null }));

  it('sends nothing when nothing changed, a reordered list included', () => {
    expect(changedFields(saved, { ...saved, tariff_ids: ['a', 'b'] })).toEqual({});
  });

  it('sends «all» as null and a chosen list sorted', () => {
    expect(changedFields(saved, { ...saved, tariffs_mode: 'all' })).toEqual({ tariff_ids: null });
    expect(changedFields(saved, { ...saved, services_mode: 'some', service_keys: ['wax', 'mats'] })).toEqual({
      service_keys: ['mats', 'wax'],
    });
  });

  it('sends each changed field alone', () => {
    expect(changedFields(saved, { ...saved, enabled: false, min_notice_minutes: 0 })).toEqual({
      enabled: false,
      min_notice_minutes: 0,
    });
  });

  it('shows the phone with the clients’ mask, and sends it normalized or null when cleared', () => {
    expect(saved.phone).toBe('+7 (495) 123-45-67');
    expect(toForm(testOnlineBooking({ phone: null })).phone).toBe('');
    expect(changedFields(saved, { ...saved, phone: '+7 (916) 555-12-34' })).toEqual({
      phone: '+79165551234',
    });
    expect(changedFields(saved, { ...saved, phone: '  ' })).toEqual({ phone: null });
    expect(phoneToSend('8 916 555 12 34')).toBe('+79165551234');
    // Not a number: sent as typed, for the server to refuse, never as a silent «no phone».
    expect(phoneToSend('+7 (916) 555')).toBe('+7 (916) 555');
  });

  it('puts a server field on its form field by the head of its path', () => {
    expect(formFieldOf('tariff_ids.0')).toBe('tariff_ids');
    expect(formFieldOf('days_ahead')).toBe('days_ahead');
    expect(formFieldOf('code')).toBeNull();
  });

  it('offers 0 minutes to 24 hours in Russian, and keeps a saved value that is not among them', () => {
    expect(noticeOptions(60, 'Без ограничения').map((o) => o.label)).toEqual([
      'Без ограничения',
      '15 минут',
      '30 минут',
      '1 час',
      '2 часа',
      '3 часа',
      '6 часов',
      '12 часов',
      '1 день',
    ]);
    expect(noticeOptions(45, '0').map((o) => o.value)).toContain(45);
  });
});
