import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setSessionUser } from '../../../lib/session';
import { FILTERS_KEY } from '../lib/calendar-filters';
import { makeOrder } from '../testing/fixtures';
import { FakeEventSource, serve, show } from '../testing/harness';

vi.mock('../../orders', () => ({ OrderModals: () => null }));

const DAY = '/station/s1?view=day&date=2026-05-13';
// 13 May 2026 in Novosibirsk (UTC+7).
const at = (hour: number) => `2026-05-13T${String(hour - 7).padStart(2, '0')}:00:00.000Z`;
const orders = [
  makeOrder(at(9), at(10), { id: 'a', status: 'Booked' }),
  makeOrder(at(10), at(11), { id: 'b', status: 'Booked' }),
  makeOrder(at(11), at(12), { id: 'c', status: 'Completed' }),
  makeOrder(at(12), at(13), { id: 'd', status: 'UserCanceled' }),
  makeOrder(at(13), at(14), { id: 'e', status: 'Accepted', order_type: 'SelfService' }),
  ...[1, 2].map((box) =>
    makeOrder(at(15), at(16), { id: `x${box}`, order_type: 'BlockerBookingSlot', box_number: box }),
  ),
];

/** The count shown beside an option of the filter popover. */
function countOf(label: string): string {
  const row = screen.getByText(label, { selector: '.cal-filter__label' }).closest('label')!;
  return row.querySelector('.cal-filter__count')!.textContent!;
}
const checkbox = (label: string) =>
  within(screen.getByText(label, { selector: '.cal-filter__label' }).closest('label')!).getByRole('checkbox');
const cards = () => document.querySelectorAll('.ev').length;

async function openFilters() {
  fireEvent.click(screen.getByRole('button', { name: /Фильтры/ }));
  await screen.findByText('Тип записи');
}

beforeEach(() => {
  localStorage.clear();
  setSessionUser('u1');
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('calendar filters', () => {
  it('counts orders per type and status, hides self-bookings by default and shows them when asked', async () => {
    const { user } = serve({ orders });
    show(DAY, { user });
    await screen.findByRole('button', { name: /^09:00–10:00/ });
    // Defaults: all statuses; Booking and blocked slots. The self-booking is hidden.
    expect(cards()).toBe(5);
    expect(screen.queryByText('Самозапись', { selector: '.ev__title' })).not.toBeInTheDocument();

    await openFilters();
    expect(countOf('Бронирование')).toBe('4');
    expect(countOf('Блокировка слота')).toBe('1'); // two boxes, one blocked slot
    expect(countOf('Самозапись')).toBe('1');
    expect(countOf('Забронирован')).toBe('3'); // two bookings and the blocked slot
    expect(countOf('Завершен')).toBe('1');
    expect(countOf('Отменен клиентом')).toBe('1');
    expect(countOf('Новый')).toBe('1');
    expect(countOf('В процессе')).toBe('0');
    expect(screen.getByRole('button', { name: 'Сбросить' })).toBeDisabled();

    fireEvent.click(checkbox('Самозапись'));
    await waitFor(() => expect(cards()).toBe(6));
    expect(screen.getByText('Самозапись', { selector: '.ev__title' })).toBeInTheDocument();
  });

  it('filters by status and type, keeps the choice in this browser and resets to the defaults', async () => {
    const { user } = serve({ orders });
    const first = show(DAY, { user });
    await screen.findByRole('button', { name: /^09:00–10:00/ });
    await openFilters();

    fireEvent.click(checkbox('Забронирован'));
    await waitFor(() => expect(cards()).toBe(2)); // completed and cancelled remain
    fireEvent.click(checkbox('Блокировка слота'));
    expect(JSON.parse(localStorage.getItem(FILTERS_KEY)!)).toEqual({
      statuses: ['Accepted', 'Processing', 'Completed', 'Canceled', 'StationCanceled', 'UserCanceled'],
      types: ['Booking'],
    });
    // Counts describe what is loaded, not what is shown.
    expect(countOf('Забронирован')).toBe('3');
    first.unmount();

    // Another visit: the same filters, marked on the button.
    show(DAY, { user });
    await screen.findByRole('button', { name: /^11:00–12:00/ });
    expect(cards()).toBe(2);
    expect(document.querySelector('.ant-badge-count')).toHaveTextContent('2');

    await openFilters();
    fireEvent.click(screen.getByRole('button', { name: 'Сбросить' }));
    await waitFor(() => expect(cards()).toBe(5));
    expect(JSON.parse(localStorage.getItem(FILTERS_KEY)!)).toEqual({
      statuses: [
        'Accepted',
        'Booked',
        'Processing',
        'Completed',
        'Canceled',
        'StationCanceled',
        'UserCanceled',
      ],
      types: ['Booking', 'BlockerBookingSlot'],
    });
    expect(screen.getByRole('button', { name: 'Сбросить' })).toBeDisabled();
  });
});
