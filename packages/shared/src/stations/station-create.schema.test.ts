import { describe, expect, it } from 'vitest';
import { issuesToFields } from '../errors/api-error';
import { stationCreateSchema, stationUpdateSchema, workingDays } from './station.schema';

const base = {
  name: 'Мойка на Ленина',
  boxes: 4,
  address: 'Москва, Ленинский проспект, 45',
  location: { type: 'Point' as const, coordinates: [37.58, 55.7] as [number, number] },
  worktime_by_day: { start_Monday: '08:00', end_Monday: '22:00' },
};

const fieldsOf = (input: unknown) => {
  const result = stationCreateSchema.safeParse(input);
  return result.success ? {} : issuesToFields(result.error.issues);
};

describe('stationCreateSchema (S2 §5 add-station form)', () => {
  it('accepts a valid station', () => {
    expect(stationCreateSchema.safeParse(base).success).toBe(true);
  });

  it('quotes the name messages', () => {
    expect(fieldsOf({ ...base, name: '' }).name).toBe('Название обязательно');
    expect(fieldsOf({ ...base, name: 'М' }).name).toBe('Название должно содержать минимум 2 символа');
  });

  it('bounds boxes to 1..100', () => {
    expect(fieldsOf({ ...base, boxes: 0 }).boxes).toBe('Минимум 1 бокс');
    expect(fieldsOf({ ...base, boxes: 101 }).boxes).toBe('Максимум 100 боксов');
    expect(fieldsOf({ ...base, boxes: undefined }).boxes).toBe('Кол-во боксов обязательно');
  });

  it('needs an address of 5+ characters and a map point', () => {
    expect(fieldsOf({ ...base, address: '' }).address).toBe('Адрес обязателен');
    expect(fieldsOf({ ...base, address: 'Мск' }).address).toBe('Адрес должен содержать минимум 5 символов');
    expect(fieldsOf({ ...base, location: null }).location).toBe(
      'Пожалуйста, выберите точку на карте или используйте предложенный адрес',
    );
  });

  it('needs working hours for at least one day, in HH:mm, start before end', () => {
    expect(fieldsOf({ ...base, worktime_by_day: {} }).worktime_by_day).toBe(
      'Необходимо указать график работы хотя бы для одного дня',
    );
    expect(fieldsOf({ ...base, worktime_by_day: { start_Monday: '8', end_Monday: '22:00' } })).toHaveProperty(
      'worktime_by_day.start_Monday',
      'Неверный формат времени',
    );
    expect(
      fieldsOf({ ...base, worktime_by_day: { start_Monday: '22:00', end_Monday: '08:00' } })[
        'worktime_by_day.end_Monday'
      ],
    ).toBeDefined();
  });
});

describe('stationUpdateSchema (S2 §5 settings)', () => {
  it('uses the settings limits: name ≤ 50, boxes 1..20', () => {
    const long = stationUpdateSchema.safeParse({ name: 'x'.repeat(51) });
    expect(issuesToFields(long.error!.issues).name).toBe('Название не должно превышать 50 символов');
    const boxes = stationUpdateSchema.safeParse({ boxes: 21 });
    expect(issuesToFields(boxes.error!.issues).boxes).toBe('Максимальное количество боксов - 20');
  });

  it('rejects unknown fields', () => {
    expect(stationUpdateSchema.safeParse({ network_id: 'x' }).success).toBe(false);
  });
});

describe('workingDays', () => {
  it('lists the days that have both ends, in week order', () => {
    expect(
      workingDays({
        start_Sunday: '09:00',
        end_Sunday: '18:00',
        start_Monday: '09:00',
        end_Monday: '21:00',
        start_Friday: '10:00',
      }),
    ).toEqual(['Monday', 'Sunday']);
  });
});
