import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { setViewport } from '../test/render';
import { PeriodSelector, periodTitle, type PeriodValue } from './period-selector';

afterEach(() => {
  cleanup();
  setViewport();
});

const november: PeriodValue = { kind: 'month', range: { start: '2026-11-01', end: '2026-11-30' } };

/** November 2026 chosen among day, week, month and year, on 22 November; returns the change handler. */
function showNovember() {
  const onChange = vi.fn();
  render(
    <PeriodSelector
      kinds={['day', 'week', 'month', 'year']}
      value={november}
      onChange={onChange}
      today="2026-11-22"
    />,
  );
  return onChange;
}

describe('PeriodSelector', () => {
  it('steps to the previous and next whole month with the arrows', () => {
    const onChange = showNovember();
    fireEvent.click(screen.getByRole('button', { name: 'Предыдущий месяц' }));
    expect(onChange).toHaveBeenLastCalledWith({
      kind: 'month',
      range: { start: '2026-10-01', end: '2026-10-31' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Следующий месяц' }));
    expect(onChange).toHaveBeenLastCalledWith({
      kind: 'month',
      range: { start: '2026-12-01', end: '2026-12-31' },
    });
  });

  it('starts a newly chosen kind at the period holding the station’s today', () => {
    const onChange = showNovember();
    fireEvent.click(screen.getByText('Неделя'));
    // 22 November 2026 is a Sunday: its week began on Monday the 16th.
    expect(onChange).toHaveBeenLastCalledWith({
      kind: 'week',
      range: { start: '2026-11-16', end: '2026-11-22' },
    });
  });

  it('offers the kinds in the phone’s own select on a phone, and starts the chosen one at today', () => {
    setViewport(390);
    const onChange = showNovember();
    const kinds = screen.getByRole('combobox', { name: 'Период' });
    expect(kinds.tagName).toBe('SELECT');
    expect((kinds as HTMLSelectElement).value).toBe('month');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'День',
      'Неделя',
      'Месяц',
      'Год',
    ]);
    fireEvent.change(kinds, { target: { value: 'day' } });
    expect(onChange).toHaveBeenLastCalledWith({
      kind: 'day',
      range: { start: '2026-11-22', end: '2026-11-22' },
    });
  });

  it('shows «Период»’s two dates in a date picker that loads with it, and sets both', async () => {
    const onChange = vi.fn();
    render(
      <PeriodSelector
        kinds={['day', 'custom']}
        value={{ kind: 'custom', range: { start: '2026-11-03', end: '2026-11-09' } }}
        onChange={onChange}
        today="2026-11-22"
      />,
    );
    const start = await screen.findByPlaceholderText('Начало');
    expect(start).toHaveValue('03.11.2026');
    expect(screen.getByPlaceholderText('Конец')).toHaveValue('09.11.2026');
    // A custom range steps by its own length.
    fireEvent.click(screen.getByRole('button', { name: 'Следующий период' }));
    expect(onChange).toHaveBeenLastCalledWith({
      kind: 'custom',
      range: { start: '2026-11-10', end: '2026-11-16' },
    });
  });

  it('offers no arrows for all time', () => {
    render(
      <PeriodSelector
        kinds={['month', 'all']}
        value={{ kind: 'all', range: { start: '2022-01-01', end: '2026-11-22' } }}
        onChange={() => {}}
        today="2026-11-22"
      />,
    );
    expect(screen.queryByRole('button', { name: /Предыдущ/ })).toBeNull();
    expect(screen.getByText('с 01.01.2022')).toBeTruthy();
  });
});

describe('periodTitle', () => {
  it('names a period in Russian words', () => {
    expect(periodTitle(november)).toBe('ноябрь 2026');
    expect(periodTitle({ kind: 'week', range: { start: '2026-11-30', end: '2026-12-06' } })).toBe(
      '30 ноября – 6 декабря 2026',
    );
    expect(periodTitle({ kind: 'year', range: { start: '2026-01-01', end: '2026-12-31' } })).toBe('2026 год');
  });
});
