import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { onlineBookingMessages as m, type PublicBooking } from '@crm/shared';
import { rememberBooking, rememberedBookings } from './book-storage';
import { bookTexts } from './book-texts';
import { availability, makeBooking, makeCard, mountBook, stubFetch, TOKEN, type Call } from './book-testing';
import { WAITING_POLL_MS } from './manage-page';

let unmount = () => {};
beforeEach(() => localStorage.clear());
afterEach(() => {
  unmount();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const BOOKING = `/api/public/bookings/${TOKEN}`;
/** The manage API over a booking that changes as the driver acts. */
function bookingApi(
  start: Partial<PublicBooking> = {},
  extra: (call: Call) => { status?: number; body?: unknown } | undefined = () => undefined,
) {
  let booking = makeBooking(start);
  const api = stubFetch((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.path === BOOKING) return { body: booking };
    if (call.path === `${BOOKING}/cancel`) {
      booking = { ...booking, state: 'cancelled', can_change: false };
      return { body: booking };
    }
    if (call.path === `${BOOKING}/reschedule`) {
      const at = (call.body as { booking_start: string }).booking_start;
      booking = { ...booking, booking_start: at, state: 'waiting' };
      return { body: booking };
    }
    if (call.path === `${BOOKING}/forget`) {
      booking = { ...booking, data_removal_requested: true };
      return { status: 202, body: { ok: true } };
    }
    if (call.path === '/api/public/book/lenina24') return { body: makeCard() };
    if (call.path === '/api/public/book/lenina24/availability')
      return { body: availability(call.query.get('date')!, ['07:00', '09:00']) };
    return undefined;
  });
  return { ...api, set: (next: Partial<PublicBooking>) => (booking = { ...booking, ...next }) };
}

describe('the booking manage page', () => {
  it("shows the booking on the station's clock with its address, price, car and calendar link", async () => {
    bookingApi();
    unmount = mountBook(`/booking/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: new RegExp(m.waiting) })).toBeInTheDocument();
    // 07:00 UTC is 10:00 in Moscow, whatever the browser's zone.
    expect(screen.getByText(/29 ноября.*10:00/)).toBeInTheDocument();
    expect(screen.getByText(/ул\. Ленина, 24/)).toBeInTheDocument();
    expect(screen.getByText('1 050 ₽')).toBeInTheDocument();
    expect(screen.getByText(/Toyota Camry · Средний класс/)).toBeInTheDocument();
    expect(screen.getByText(/Горячий воск/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: bookTexts.addToCalendar })).toHaveAttribute(
      'href',
      `${BOOKING}/calendar.ics`,
    );
    expect(screen.getByRole('link', { name: '+7 (495) 123-45-67' })).toHaveAttribute(
      'href',
      'tel:+74951234567',
    );
  });

  it('reads the booking again every 30 s while waiting and when the tab comes back', async () => {
    // The page's poll, caught rather than faked: Testing Library's own waits run on the real timers.
    const polls = new Map<number, () => void>();
    const setInterval = window.setInterval.bind(window);
    const clearInterval = window.clearInterval.bind(window);
    vi.spyOn(window, 'setInterval').mockImplementation(((run: () => void, ms?: number) => {
      if (ms !== WAITING_POLL_MS) return setInterval(run, ms);
      const id = 1e6 + polls.size;
      polls.set(id, run);
      return id;
    }) as typeof window.setInterval);
    vi.spyOn(window, 'clearInterval').mockImplementation(((id?: number) =>
      id !== undefined && polls.has(id)
        ? void polls.delete(id)
        : clearInterval(id)) as typeof window.clearInterval);
    const tick = () => [...polls.values()].forEach((run) => run());

    const api = bookingApi();
    unmount = mountBook(`/booking/${TOKEN}`);
    await screen.findByRole('heading', { name: new RegExp(m.waiting) });
    const reads = () => api.calls.filter((c) => c.path === BOOKING).length;
    expect(reads()).toBe(1);
    // Preact runs effects after the paint.
    await waitFor(() => expect(polls.size).toBe(1));

    tick();
    await waitFor(() => expect(reads()).toBe(2));
    api.set({ state: 'confirmed' });
    tick();
    expect(await screen.findByRole('heading', { name: new RegExp(m.booked) })).toBeInTheDocument();
    expect(screen.getByText('Подтверждена')).toBeInTheDocument();
    // Confirmed: no more polling, but a return to the tab still reads it.
    await waitFor(() => expect(polls.size).toBe(0));
    api.set({ state: 'in_progress' });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(await screen.findByRole('heading', { name: /Моем/ })).toBeInTheDocument();
  });

  it('cancels after a confirmation, and forgets the booking on this device', async () => {
    rememberBooking({
      token: TOKEN,
      code: 'lenina24',
      station: 'x',
      start: '2026-11-29T07:00:00.000Z',
      time_zone: 'Europe/Moscow',
    });
    const api = bookingApi();
    const user = userEvent.setup();
    unmount = mountBook(`/booking/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: bookTexts.cancel }));
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: bookTexts.cancelReason }), 'Планы изменились');
    await user.click(screen.getByRole('button', { name: bookTexts.cancelYes }));
    expect(await screen.findByRole('heading', { name: new RegExp(m.cancelled) })).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
      path: `${BOOKING}/cancel`,
      body: { reason: 'Планы изменились' },
    });
    expect(screen.getByRole('status')).toHaveTextContent(m.cancelled);
    expect(screen.queryByRole('button', { name: bookTexts.reschedule })).not.toBeInTheDocument();
    expect(rememberedBookings()).toEqual([]);
  });

  it('keeps the booking when the driver says «Не отменять»', async () => {
    const api = bookingApi();
    const user = userEvent.setup();
    unmount = mountBook(`/booking/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: bookTexts.cancel }));
    await user.click(screen.getByRole('button', { name: bookTexts.cancelNo }));
    expect(screen.getByRole('button', { name: bookTexts.cancel })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('reschedules to a free time of another day', async () => {
    const api = bookingApi();
    const user = userEvent.setup();
    unmount = mountBook(`/booking/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: bookTexts.reschedule }));
    // The strip starts at the first day with times (today); the driver picks the 30th.
    await user.click(await screen.findByRole('button', { name: /30 ноября/ }));
    await waitFor(() =>
      expect(
        api.calls
          .filter((c) => c.path.endsWith('/availability'))
          .at(-1)!
          .query.get('date'),
      ).toBe('2026-11-30'),
    );
    const query = api.calls.filter((c) => c.path.endsWith('/availability')).at(-1)!.query;
    expect(query.get('tariff_id')).toBe(makeBooking().tariff_id);
    expect(query.get('car_category')).toBe('MiddleSize');
    expect(query.get('services')).toBe('wax');
    await user.click(await screen.findByRole('button', { name: '12:00' }));
    await user.click(screen.getByRole('button', { name: /Перенести на .*30 ноября/ }));
    expect(await screen.findByText(m.rescheduled)).toBeInTheDocument();
    expect(api.calls.find((c) => c.path.endsWith('/reschedule'))!.body).toEqual({
      booking_start: '2026-11-30T09:00:00.000Z',
    });
    expect(screen.getByText(/30 ноября.*12:00/)).toBeInTheDocument();
  });

  it("asks before removing the driver's data, then says the request was sent", async () => {
    const api = bookingApi();
    const user = userEvent.setup();
    unmount = mountBook(`/booking/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: bookTexts.forget }));
    expect(screen.getByText(bookTexts.forgetConfirm)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: bookTexts.forgetYes }));
    await waitFor(() => expect(screen.getAllByText(m.dataRemovalRequested).length).toBeGreaterThan(0));
    expect(api.calls.some((c) => c.method === 'POST' && c.path === `${BOOKING}/forget`)).toBe(true);
    expect(screen.queryByRole('button', { name: bookTexts.forget })).not.toBeInTheDocument();
  });

  it('closes cancel and move after the deadline, naming the cut-off', async () => {
    bookingApi({ can_change: false });
    unmount = mountBook(`/booking/${TOKEN}`);
    expect(await screen.findByText(m.changeClosed(60))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: bookTexts.cancel })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: bookTexts.reschedule })).not.toBeInTheDocument();
  });

  it('says a wrong link is not found', async () => {
    stubFetch(() => ({ status: 404, body: { error: { code: 'NOT_FOUND', message: m.bookingNotFound } } }));
    unmount = mountBook(`/booking/${TOKEN}`);
    expect(await screen.findByText(m.bookingNotFound)).toBeInTheDocument();
  });
});
