import { describe, expect, it } from 'vitest';
import { issuesToFields } from '../errors/api-error';
import { stationUpdateSchema } from './station.schema';
import { pricingLimitsMessages } from './station-settings';

const fieldsOf = (input: unknown) => {
  const result = stationUpdateSchema.safeParse(input);
  return result.success ? {} : issuesToFields(result.error.issues);
};

describe('stationUpdateSchema: the schedule editor', () => {
  it('takes working days with their hours; hours of other days may ride along', () => {
    expect(
      fieldsOf({
        daysOfWork: ['Monday'],
        worktime_by_day: {
          start_Monday: '09:00',
          end_Monday: '23:59',
          start_Tuesday: '21:00',
          end_Tuesday: '09:00',
        },
      }),
    ).toEqual({});
  });

  it('wants hours with the days, and hours for each working day', () => {
    expect(fieldsOf({ daysOfWork: ['Monday'] })).toEqual({ worktime_by_day: 'Укажите часы работы' });
    expect(fieldsOf({ daysOfWork: [], worktime_by_day: {} })).toEqual({
      daysOfWork: 'Выберите хотя бы один день работы',
    });
    expect(fieldsOf({ daysOfWork: ['Friday'], worktime_by_day: { end_Friday: '18:00' } })).toEqual({
      'worktime_by_day.start_Friday': 'Укажите время работы для пятницы',
    });
    expect(
      fieldsOf({ daysOfWork: ['Friday'], worktime_by_day: { start_Friday: '18:00', end_Friday: '08:00' } }),
    ).toEqual({
      'worktime_by_day.end_Friday': 'Время окончания работы не может быть раньше времени начала для пятницы',
    });
  });

  it('refuses unknown days, more than seven and malformed times', () => {
    expect(fieldsOf({ daysOfWork: ['Funday'], worktime_by_day: {} })).toHaveProperty(['daysOfWork.0']);
    expect(fieldsOf({ daysOfWork: Array(8).fill('Monday'), worktime_by_day: {} })).toHaveProperty(
      'daysOfWork',
    );
    expect(
      fieldsOf({ daysOfWork: ['Monday'], worktime_by_day: { start_Monday: '9:00', end_Monday: '18:00' } }),
    ).toEqual({ 'worktime_by_day.start_Monday': 'Неверный формат времени' });
  });
});

describe('stationUpdateSchema: pricing limits', () => {
  it('checks a full trio together', () => {
    expect(fieldsOf({ limitMinCost: 100, limitMaxCost: 5000, stepCost: 50 })).toEqual({});
    expect(fieldsOf({ limitMinCost: 100, limitMaxCost: 100, stepCost: 50 })).toEqual({
      limitMaxCost: pricingLimitsMessages.maxAboveMin,
    });
    expect(fieldsOf({ limitMinCost: 100, limitMaxCost: 200, stepCost: 500 })).toEqual({
      stepCost: pricingLimitsMessages.stepTooLarge,
    });
  });

  it('checks each value alone when only part is sent (the server checks it against the stored ones)', () => {
    expect(fieldsOf({ stepCost: 100_000 })).toEqual({});
    expect(fieldsOf({ limitMinCost: -1 })).toEqual({ limitMinCost: pricingLimitsMessages.negative });
    expect(fieldsOf({ stepCost: 0 })).toEqual({ stepCost: pricingLimitsMessages.stepPositive });
    expect(fieldsOf({ limitMaxCost: 1_000_000 })).toEqual({ limitMaxCost: 'Не больше 999999' });
  });

  it('wants whole numbers, with the field’s «required» message', () => {
    expect(fieldsOf({ limitMinCost: 'сто' })).toEqual({ limitMinCost: pricingLimitsMessages.minRequired });
    expect(fieldsOf({ limitMaxCost: 10.5 })).toEqual({ limitMaxCost: pricingLimitsMessages.maxRequired });
    expect(fieldsOf({ stepCost: null })).toEqual({ stepCost: pricingLimitsMessages.stepRequired });
  });
});

describe('stationUpdateSchema: boxes (S2 §5 «Boxes (settings)»)', () => {
  it('takes 1 to 20', () => {
    expect(fieldsOf({ boxes: 1 })).toEqual({});
    expect(fieldsOf({ boxes: 20 })).toEqual({});
    expect(fieldsOf({ boxes: 21 })).toEqual({ boxes: 'Максимальное количество боксов - 20' });
    expect(fieldsOf({ boxes: 0 })).toEqual({ boxes: 'Должен быть хотя бы один бокс' });
    expect(fieldsOf({ boxes: 2.5 })).toEqual({ boxes: 'Пожалуйста, укажите количество боксов' });
  });
});
