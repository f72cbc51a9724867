import { describe, expect, it } from 'vitest';
import type { PriceChange } from '@crm/shared';
import { describeChange, formFieldKey, ownStatusBody, providerStatusBody } from './tariff-edit-form';
import { express, makeConfig } from '../testing/harness';

const change = (over: Partial<PriceChange>): PriceChange => ({
  id: 'c1',
  changed_at: '2026-11-12T11:05:00Z',
  changed_by: 'Иван Петров',
  tariff_id: 't1',
  service: null,
  car_class: 'MiddleSize',
  field: 'price',
  old_value: 900,
  new_value: 1000,
  ...over,
});

describe('formFieldKey', () => {
  it('maps the schema and server keys onto the form', () => {
    expect(formFieldKey('class_to_price.Mini')).toBe('prices.Mini');
    expect(formFieldKey('class_to_duration.OffRoad')).toBe('durations.OffRoad');
    expect(formFieldKey('update_tariff.duration_minutes.Mini')).toBe('durations.Mini');
    expect(formFieldKey('update_tariff.class_to_price.Compact')).toBe('prices.Compact');
    expect(formFieldKey('tariff_status')).toBe('active');
    expect(formFieldKey('name')).toBe('name');
  });
});

describe('describeChange', () => {
  const name = (key: string) => (key === 'wax' ? 'Горячий воск' : key);
  it('reads a price change in Russian, in the station time', () => {
    const d = describeChange(change({}), 'Europe/Moscow', name);
    expect(`${d.when} · ${d.who} · ${d.what}`.replace(/\s/g, ' ')).toBe(
      '12.11.2026 14:05 · Иван Петров · 3 категория: 900 → 1 000 ₽',
    );
    expect(describeChange(change({}), 'Asia/Novosibirsk', name).when).toBe('12.11.2026 18:05');
  });
  it('reads durations, statuses, extras and unknown values', () => {
    expect(
      describeChange(change({ field: 'duration', old_value: 30, new_value: 35 }), 'UTC', name).what,
    ).toBe('3 категория, время: 30 → 35 мин');
    expect(
      describeChange(change({ field: 'active', car_class: null, old_value: 1, new_value: 0 }), 'UTC', name)
        .what,
    ).toBe('Статус: Активен → Неактивен');
    expect(
      describeChange(
        change({ service: 'wax', car_class: 'Mini', old_value: null, new_value: 300 }),
        'UTC',
        name,
      ).what,
    ).toBe('Горячий воск, 1 категория: — → 300 ₽');
    expect(describeChange(change({ changed_by: null }), 'UTC', name).who).toBe('Удалённый пользователь');
  });
});

describe('status bodies', () => {
  it('keep everything but the status as loaded', () => {
    const config = makeConfig(express);
    expect(ownStatusBody(config, false)).toEqual({
      tariff_status: false,
      name: 'Экспресс',
      main_option: ['active_foam', 'body_wash', 'drying'],
      extra_option: ['wax', 'engine'],
      class_to_duration: { Mini: 20, Compact: 25, MiddleSize: 30, Crossover: 35, OffRoad: 40 },
    });
    expect(providerStatusBody(config, true).update_tariff.class_to_price).toEqual({
      Mini: 500,
      Compact: 600,
      MiddleSize: 700,
      Crossover: 850,
      OffRoad: 1000,
    });
  });
});
