import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setSessionUser } from '../../../lib/session';
import { FILTERS_KEY, LEGACY_FILTERS_KEY } from '../lib/calendar-filters';
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
/** An order's card by the start of its spoken name; the layout of the day (lanes, strips) is not this test's. */
const card = (name: RegExp) => screen.queryByRole('button', { name });
const selfBooking = /^13:00–14:00.*Самозапись/;
const booked = /^09:00–10:00/;
const completed = /^11:00–12:00/;

const filterButton = () => screen.getByRole('button', { name: /^Фильтры/ });
async function openFilters() {
  fireEvent.click(filterButton());
  await screen.findByText('Тип записи');
}

/** The test window is a desktop; this makes it a phone until the end of the test. */
function onPhone() {
  const width = window.innerWidth;
  const happyDOM = (window as unknown as { happyDOM: { setViewport(v: object): void } }).happyDOM;
  happyDOM.setViewport({ width: 390, height: 844 });
  onTestFinished(() => happyDOM.setViewport({ width, height: 844 }));
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

const allStatuses = [
  'Accepted',
  'Booked',
  'Processing',
  'Completed',
  'Canceled',
  'StationCanceled',
  'UserCanceled',
];

describe('calendar filters', () => {
  it('shows every order by default, self-bookings included, and counts them per type and status', async () => {
    const { user } = serve({ orders });
    show(DAY, { user });
    await screen.findByRole('button', { name: booked });
    expect(card(selfBooking)).toBeInTheDocument();
    expect(screen.getByText('Самозапись', { selector: '.ev__title' })).toBeInTheDocument();
    // Nothing is filtered: the button says just «Фильтры», no count, no reset beside it.
    expect(filterButton()).toHaveAccessibleName('Фильтры');
    expect(document.querySelector('.count-badge')).toBeNull();
    expect(document.querySelector('.cal-filters__reset')).toBeNull();
    expect(screen.queryByText(/Скрыто фильтром/)).not.toBeInTheDocument();

    await openFilters();
    expect(countOf('Бронирование')).toBe('4');
    expect(countOf('Блокировка слота')).toBe('1'); // two boxes, one blocked slot
    expect(countOf('Самозапись')).toBe('1');
    expect(countOf('Забронирован')).toBe('3'); // two bookings and the blocked slot
    expect(countOf('Завершен')).toBe('1');
    expect(countOf('Отменен клиентом')).toBe('1');
    expect(countOf('Новый')).toBe('1');
    expect(countOf('В процессе')).toBe('0');
    expect(checkbox('Самозапись')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Сбросить' })).toBeDisabled();
  });

  it('marks an active filter on the button, says what it hides and resets in one click beside it', async () => {
    const { user } = serve({ orders });
    show(DAY, { user });
    await screen.findByRole('button', { name: booked });
    await openFilters();

    fireEvent.click(checkbox('Самозапись'));
    await waitFor(() => expect(card(selfBooking)).not.toBeInTheDocument());
    fireEvent.click(checkbox('Забронирован'));
    await waitFor(() => expect(card(booked)).not.toBeInTheDocument());
    expect(card(completed)).toBeInTheDocument();
    expect(filterButton()).toHaveAccessibleName('Фильтры (активно: 2)');
    expect(document.querySelector('.count-badge')).toHaveTextContent('2');
    // Two bookings, the blocked slot and the self-booking.
    expect(document.querySelector('.cal-filters__hidden')).toHaveTextContent('Скрыто фильтром: 4');

    // The reset beside the button (the popover has its own).
    const beside = document.querySelector<HTMLElement>('.cal-filters__reset')!;
    expect(beside).toHaveTextContent('Сбросить');
    fireEvent.click(beside);
    await waitFor(() => expect(card(selfBooking)).toBeInTheDocument());
    expect(card(booked)).toBeInTheDocument();
    expect(filterButton()).toHaveAccessibleName('Фильтры');
    expect(document.querySelector('.cal-filters__reset')).toBeNull();
    expect(document.querySelector('.cal-filters__hidden')).toBeNull();
  });

  it('filters by status and type, keeps the choice in this browser and resets to the defaults', async () => {
    const { user } = serve({ orders });
    const first = show(DAY, { user });
    await screen.findByRole('button', { name: booked });
    await openFilters();

    fireEvent.click(checkbox('Забронирован'));
    await waitFor(() => expect(card(booked)).not.toBeInTheDocument());
    fireEvent.click(checkbox('Блокировка слота'));
    expect(JSON.parse(localStorage.getItem(FILTERS_KEY)!)).toEqual({
      statuses: allStatuses.filter((s) => s !== 'Booked'),
      types: ['Booking', 'SelfService'],
    });
    // Counts describe what is loaded, not what is shown.
    expect(countOf('Забронирован')).toBe('3');
    first.unmount();

    // Another visit: the same filters, marked on the button.
    show(DAY, { user });
    await screen.findByRole('button', { name: completed });
    expect(card(booked)).not.toBeInTheDocument();
    expect(card(selfBooking)).toBeInTheDocument();
    expect(document.querySelector('.count-badge')).toHaveTextContent('2');

    await openFilters();
    fireEvent.click(screen.getAllByRole('button', { name: 'Сбросить' }).at(-1)!);
    await waitFor(() => expect(card(booked)).toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem(FILTERS_KEY)!)).toEqual({
      statuses: allStatuses,
      types: ['Booking', 'BlockerBookingSlot', 'SelfService'],
    });
    expect(screen.getByRole('button', { name: 'Сбросить' })).toBeDisabled();
  });

  it('brings self-bookings back from a choice saved while they were hidden by default', async () => {
    // Version 1 saved the old default, self-bookings off, and a real choice: no cancelled-by-client orders.
    localStorage.setItem(
      LEGACY_FILTERS_KEY,
      JSON.stringify({
        statuses: allStatuses.filter((s) => s !== 'UserCanceled'),
        types: ['Booking', 'BlockerBookingSlot'],
      }),
    );
    const { user } = serve({ orders });
    show(DAY, { user });
    await screen.findByRole('button', { name: booked });
    expect(card(selfBooking)).toBeInTheDocument();
    // The cancelled order stays hidden, as chosen, and the button says a filter is on.
    expect(filterButton()).toHaveAccessibleName('Фильтры (активно: 1)');
    expect(document.querySelector('.cal-filters__hidden')).toHaveTextContent('Скрыто фильтром: 1');

    await openFilters();
    expect(checkbox('Самозапись')).toBeChecked();
    expect(checkbox('Отменен клиентом')).not.toBeChecked();
    fireEvent.click(checkbox('Отменен клиентом'));
    await waitFor(() => expect(filterButton()).toHaveAccessibleName('Фильтры'));
    // Saved under the new key; the old one is gone and cannot come back.
    expect(localStorage.getItem(LEGACY_FILTERS_KEY)).toBeNull();
    expect(JSON.parse(localStorage.getItem(FILTERS_KEY)!).types).toContain('SelfService');
  });

  it('on a phone the icon button carries the count and a reset icon sits beside it', async () => {
    localStorage.setItem(FILTERS_KEY, JSON.stringify({ statuses: allStatuses, types: ['Booking'] }));
    onPhone();
    const { user } = serve({ orders });
    show(DAY, { user });
    await screen.findByRole('button', { name: booked });
    expect(card(selfBooking)).not.toBeInTheDocument();
    expect(filterButton()).toHaveAccessibleName('Фильтры (активно: 2)');
    expect(filterButton()).not.toHaveTextContent('Фильтры');
    expect(document.querySelector('.count-badge')).toHaveTextContent('2');
    // The self-booking and the blocked slot.
    fireEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры. Скрыто фильтром: 2' }));
    await waitFor(() => expect(card(selfBooking)).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Сбросить фильтры/ })).not.toBeInTheDocument();
  });
});
