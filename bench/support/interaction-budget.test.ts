import { describe, expect, it } from 'vitest';
import { budgetFailures, p75, tapVerdict } from './interaction-budget';

describe('the taps’ budget (bench:interactions --check)', () => {
  it('reads the 75th percentile by nearest rank', () => {
    expect(p75([40])).toBe(40);
    expect(p75([10, 20, 30, 40])).toBe(30);
    expect(p75([500, 100, 300, 200, 400])).toBe(400);
    expect(() => p75([])).toThrow();
  });

  it('passes a tap painted within 200 ms at p75 and ready within 1 s, one slow run aside', () => {
    const verdict = tapVerdict({
      tap: 'Новая запись',
      paint: [120, 150, 190, 180, 900],
      ready: [600, 700, 650, 800, 2500],
    });
    expect(verdict).toMatchObject({ paintP75: 190, readyP75: 800, ok: true });
    expect(budgetFailures([verdict])).toEqual([]);
  });

  it('fails a p75 over either budget, and says which', () => {
    const slowPaint = tapVerdict({ tap: 'Неделя', paint: [210, 230, 250, 240], ready: [] });
    const slowReady = tapVerdict({
      tap: 'Новая запись',
      paint: [100, 100, 100, 100],
      ready: [1400, 1500, 1450, 900],
    });
    expect(slowPaint).toMatchObject({ paintOk: false, readyOk: true, readyP75: undefined, ok: false });
    expect(slowReady).toMatchObject({ paintOk: true, readyOk: false, ok: false });
    expect(budgetFailures([slowPaint, slowReady])).toEqual([
      'Неделя: input → paint p75 240 ms > 200 ms',
      'Новая запись: ready p75 1450 ms > 1000 ms',
    ]);
  });

  it('gates at a tolerance: 2× lets 400 ms and 2 s pass, not more', () => {
    const near = tapVerdict({ tap: 'Сохранить', paint: [400], ready: [2000] });
    expect(near.ok).toBe(false);
    expect(budgetFailures([near], 2)).toEqual([]);
    const regressed = tapVerdict({ tap: 'Сохранить', paint: [1088], ready: [2001] });
    expect(budgetFailures([regressed], 2)).toEqual([
      'Сохранить: input → paint p75 1088 ms > 400 ms',
      'Сохранить: ready p75 2001 ms > 2000 ms',
    ]);
  });

  it('holds the budgets themselves: exactly 200 ms and 1000 ms pass', () => {
    expect(tapVerdict({ tap: 'x', paint: [200], ready: [1000] }).ok).toBe(true);
    expect(tapVerdict({ tap: 'x', paint: [201], ready: [1000] }).ok).toBe(false);
    expect(tapVerdict({ tap: 'x', paint: [200], ready: [1001] }).ok).toBe(false);
  });
});
