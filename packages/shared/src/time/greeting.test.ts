import { describe, expect, it } from 'vitest';
import { greetingForHour } from './greeting';

describe('greetingForHour (S1 §1)', () => {
  it.each([
    [6, 'Доброе утро'],
    [11, 'Доброе утро'],
    [12, 'Добрый день'],
    [17, 'Добрый день'],
    [18, 'Добрый вечер'],
    [22, 'Добрый вечер'],
    [23, 'Доброй ночи'],
    [0, 'Доброй ночи'],
    [5, 'Доброй ночи'],
  ])('%i h → %s', (hour, text) => {
    expect(greetingForHour(hour)).toBe(text);
  });
});
