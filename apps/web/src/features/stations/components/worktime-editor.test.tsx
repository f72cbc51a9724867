import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { everyDay, stationMessages, type WorktimeByDay } from '@crm/shared';
import { WorktimeEditor, pickDaysMessage } from './worktime-editor';

function setup(initial: WorktimeByDay = {}) {
  const onChange = vi.fn();
  render(<WorktimeEditor value={initial} onChange={onChange} today="Monday" />);
  return { onChange, last: () => onChange.mock.lastCall?.[0] as WorktimeByDay };
}

const typeTime = (label: string, text: string) => {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
  return input as HTMLInputElement;
};

describe('WorktimeEditor', () => {
  afterEach(cleanup);

  it('applies a typed range (HHMM and H:MM) to the picked days only', () => {
    const { onChange, last } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Суббота' }));
    fireEvent.click(screen.getByRole('button', { name: 'Воскресенье' }));
    typeTime('Начало работы', '1000');
    typeTime('Конец работы', '18:30');
    fireEvent.click(screen.getByRole('button', { name: 'Применить к выбранным дням' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(last()).toEqual({
      start_Saturday: '10:00',
      end_Saturday: '18:30',
      start_Sunday: '10:00',
      end_Sunday: '18:30',
    });
  });

  it('reverts an invalid entry to the previous value', () => {
    setup();
    expect(typeTime('Начало работы', '2590').value).toBe('09:00');
    expect(typeTime('Начало работы', '930').value).toBe('09:30');
  });

  it('refuses a range whose start is not before its end, and asks for days first', () => {
    const { onChange } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Применить к выбранным дням' }));
    expect(screen.getByRole('alert')).toHaveTextContent(pickDaysMessage);
    fireEvent.click(screen.getByRole('button', { name: 'Понедельник' }));
    typeTime('Начало работы', '20:00');
    typeTime('Конец работы', '08:00');
    fireEvent.click(screen.getByRole('button', { name: 'Применить к выбранным дням' }));
    expect(screen.getByRole('alert')).toHaveTextContent(stationMessages.rangeOrder);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('makes a day a day off from the week list', () => {
    const { last } = setup(everyDay({ start: '08:00', end: '22:00' }));
    fireEvent.click(screen.getByRole('button', { name: 'Среда: сделать выходным' }));
    expect(last().start_Wednesday).toBeUndefined();
    expect(last().start_Thursday).toBe('08:00');
  });

  it('sets a whole day with «Круглосуточно» and loads a picked day’s hours', () => {
    const { last } = setup({ start_Monday: '07:00', end_Monday: '19:00' });
    fireEvent.click(screen.getByRole('button', { name: 'Понедельник' }));
    expect((screen.getByLabelText('Начало работы') as HTMLInputElement).value).toBe('07:00');
    fireEvent.click(screen.getByRole('button', { name: 'Вторник' }));
    fireEvent.click(screen.getByLabelText('Круглосуточно'));
    fireEvent.click(screen.getByRole('button', { name: 'Применить к выбранным дням' }));
    expect(last()).toMatchObject({ start_Tuesday: '00:00', end_Tuesday: '23:59', start_Monday: '00:00' });
  });
});
