import { describe, expect, it } from 'vitest';
import { testOnlineBooking } from '../testing/fixtures';
import { changedFields, formFieldOf, noticeOptions, toForm } from './settings-form';

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
