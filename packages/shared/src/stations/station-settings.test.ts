import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DAY_HOURS,
  pricingLimitsErrors,
  pricingLimitsMessages,
  scheduleErrors,
  scheduleMessages,
  scheduleSlider,
  scheduleToSave,
  settingsPages,
  settingsPagesFor,
  sliderToTime,
  timeToSlider,
} from './station-settings';
import { endOfDayMinutes } from './week';

describe('pricingLimitsErrors (S2 §5 «Pricing limits»)', () => {
  it('accepts min below max with a step that fits between them', () => {
    expect(pricingLimitsErrors({ limitMinCost: 0, limitMaxCost: 50_000, stepCost: 50 })).toEqual({});
    expect(pricingLimitsErrors({ limitMinCost: 100, limitMaxCost: 200, stepCost: 100 })).toEqual({});
  });

  it('refuses negative costs, max not above min, a step below 1 and a step wider than the range', () => {
    expect(pricingLimitsErrors({ limitMinCost: -1, limitMaxCost: -5, stepCost: 0 })).toEqual({
      limitMinCost: pricingLimitsMessages.negative,
      limitMaxCost: pricingLimitsMessages.negative,
      stepCost: pricingLimitsMessages.stepPositive,
    });
    expect(pricingLimitsErrors({ limitMinCost: 500, limitMaxCost: 500, stepCost: 10 })).toEqual({
      limitMaxCost: 'Максимальная стоимость должна быть больше минимальной',
    });
    expect(pricingLimitsErrors({ limitMinCost: 100, limitMaxCost: 200, stepCost: 101 })).toEqual({
      stepCost: 'Шаг не может быть больше разницы между максимальной и минимальной стоимостью',
    });
  });
});

describe('scheduleErrors (S2 §5 «Schedule»)', () => {
  it('wants at least one day', () => {
    expect(scheduleErrors([], {})).toEqual({ daysOfWork: 'Выберите хотя бы один день работы' });
  });

  it('names the day in the genitive when its hours are missing or reversed', () => {
    expect(scheduleErrors(['Saturday'], { start_Saturday: '10:00' })).toEqual({
      start_Saturday: 'Укажите время работы для субботы',
    });
    expect(scheduleErrors(['Monday'], { start_Monday: '18:00', end_Monday: '09:00' })).toEqual({
      end_Monday: 'Время окончания работы не может быть раньше времени начала для понедельника',
    });
    expect(scheduleErrors(['Wednesday'], { start_Wednesday: '10:00', end_Wednesday: '10:00' })).toEqual({
      end_Wednesday: scheduleMessages.endBeforeStart.replace('{day}', 'среды'),
    });
  });

  it('ignores days off, and takes 23:59 as the end of the day', () => {
    expect(
      scheduleErrors(['Sunday'], {
        start_Sunday: '00:00',
        end_Sunday: '23:59',
        start_Monday: '20:00',
        end_Monday: '08:00',
      }),
    ).toEqual({});
    expect(endOfDayMinutes('23:59')).toBe(1440);
    expect(endOfDayMinutes('23:45')).toBe(1425);
  });
});

describe('scheduleToSave', () => {
  it('keeps only the working days in week order, filling a day without hours with 09:00–21:00', () => {
    expect(
      scheduleToSave(['Sunday', 'Monday'], {
        start_Monday: '08:00',
        end_Monday: '20:00',
        start_Tuesday: '10:00',
        end_Tuesday: '19:00',
      }),
    ).toEqual({
      start_Monday: '08:00',
      end_Monday: '20:00',
      start_Sunday: DEFAULT_DAY_HOURS.start,
      end_Sunday: DEFAULT_DAY_HOURS.end,
    });
    expect(Object.keys(scheduleToSave(['Sunday', 'Monday'], {}))).toEqual([
      'start_Monday',
      'end_Monday',
      'start_Sunday',
      'end_Sunday',
    ]);
    expect(DEFAULT_DAY_HOURS).toEqual({ start: '09:00', end: '21:00' });
  });
});

describe('the time slider (S2 §5: 0–1439 in steps of 15, 1440 is 23:59)', () => {
  it('defaults to 10:00–19:00', () => {
    expect(scheduleSlider.defaultRange.map(sliderToTime)).toEqual(['10:00', '19:00']);
    expect(scheduleSlider.step).toBe(15);
  });

  it('writes positions as HH:mm, the end of the day as 23:59, clamped to the day', () => {
    expect(sliderToTime(0)).toBe('00:00');
    expect(sliderToTime(615)).toBe('10:15');
    expect(sliderToTime(1439)).toBe('23:59');
    expect(sliderToTime(1440)).toBe('23:59');
    expect(sliderToTime(2000)).toBe('23:59');
    expect(sliderToTime(-30)).toBe('00:00');
  });

  it('reads HH:mm back, 23:59 being the end of the day', () => {
    expect(timeToSlider('10:15')).toBe(615);
    expect(timeToSlider('23:59')).toBe(1440);
    for (const position of [0, 15, 600, 1140, 1425, 1440]) {
      expect(timeToSlider(sliderToTime(position))).toBe(position);
    }
  });
});

describe('settingsPagesFor (S2 §2: the menu by position)', () => {
  it('gives owners, principals and role admin every page, legal details included', () => {
    expect(settingsPagesFor('owner', false)).toEqual([...settingsPages]);
    expect(settingsPagesFor('principal', false)).toEqual([...settingsPages]);
    expect(settingsPagesFor(null, true)).toEqual([...settingsPages]);
    expect(settingsPagesFor('worker', true)).toEqual([...settingsPages]);
  });

  it('keeps pricing and legal details from administrators, and more from workers', () => {
    const administrator = settingsPagesFor('administrator', false);
    expect(administrator).toEqual(['info', 'booking', 'schedule', 'boxes', 'admins', 'notifications']);
    const worker = settingsPagesFor('worker', false);
    expect(worker).toEqual(['info', 'schedule', 'boxes', 'notifications']);
    for (const pages of [administrator, worker, settingsPagesFor(null, false)]) {
      expect(pages).not.toContain('legalInfo');
      expect(pages).not.toContain('pricing');
    }
  });
});
