import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Slot, SlotsResponse } from '@crm/shared';
import { skipFirstVisit, type ApiSession } from '../support/api';
import { seriousViolations } from '../support/axe';
import { pageErrors } from '../support/browser';
import { followLink } from '../support/dialogs';
import { addDays, listOrders, moscowToday } from '../support/orders';
import { baseUrl, useBrowser } from '../support/test-browser';

async function ok<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** «26.11» as the day cards print a date. */
const dayMonth = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}`;

/** The next Friday at least one day ahead (Moscow): «Friday evening» of the story. */
function nextFriday(): string {
  const today = moscowToday();
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay(); // 5 = Friday
  return addDays(today, (5 - weekday + 7) % 7 || 7);
}

/**
 * Issue 13 «Slot manager», the administrator's story at «Мойка на Ленина»: blocks tomorrow 13:00–14:00
 * for a delivery (the calendar shows it, the booking engine refuses that hour) and unblocks Friday
 * evening on a phone. Every block the test makes is lifted afterwards.
 */
describe('slots of «Мойка на Ленина» (administrator)', () => {
  const browser = useBrowser();
  const leninaId = inject('leninaId');
  let administrator: ApiSession;
  const tomorrow = addDays(moscowToday(), 1);
  const friday = nextFriday();
  /** 13 unless the demo's orders fill every box then: the first hour from 13:00 both of whose slots are Free. */
  let hour = 13;
  let eveningHour = 18;
  const hhmm = (h: number, m: number) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;

  const slotsOf = async (date: string) =>
    ok<SlotsResponse>(
      await administrator.call(`/api/slots/${leninaId}?selected_date=${date}`),
      `GET /api/slots ${date}`,
    );
  const slotAt = async (date: string, start: string): Promise<Slot> => {
    const { slots } = await slotsOf(date);
    const slot = Object.values(slots)
      .flat()
      .find((s) => s.start === start);
    if (!slot) throw new Error(`no slot at ${date} ${start}`);
    return slot;
  };

  beforeAll(async () => {
    administrator = await skipFirstVisit(baseUrl(), 'administrator');
    const { slots } = await slotsOf(tomorrow);
    const free = new Set(
      Object.values(slots)
        .flat()
        .filter((s) => s.status === 'Free')
        .map((s) => s.start),
    );
    while (hour < 20 && !(free.has(hhmm(hour, 0)) && free.has(hhmm(hour, 30)))) hour++;
    // Friday evening is blocked beforehand, as a week-old delivery plan would have left it: the first
    // evening hour the demo's orders leave room in.
    const fridaySlots = Object.values((await slotsOf(friday)).slots).flat();
    const open = (start: string) => fridaySlots.find((s) => s.start === start)?.status !== 'Busy';
    while (eveningHour < 21 && !(open(hhmm(eveningHour, 0)) && open(hhmm(eveningHour, 30)))) eveningHour++;
    for (const start of [hhmm(eveningHour, 0), hhmm(eveningHour, 30)]) {
      const slot = await slotAt(friday, start);
      if (slot.status === 'Free') {
        await ok(
          await administrator.call(`/api/slots/block/${leninaId}/${slot.id}`, {
            body: { to_unblock: false },
          }),
          'block Friday evening',
        );
      }
    }
  });

  // Lifts only the slots this spec blocked: unblocking the whole Friday would also lift the demo's own
  // blocks there (08:00–09:00 two days ahead on a Wednesday), which calendar-day.spec relies on.
  afterAll(async () => {
    const made = [
      [tomorrow, hhmm(hour, 0)],
      [tomorrow, hhmm(hour, 30)],
      [friday, hhmm(eveningHour, 0)],
      [friday, hhmm(eveningHour, 30)],
    ] as const;
    for (const [date, start] of made) {
      const slot = await slotAt(date, start);
      if (slot.status === 'Blocked') {
        await administrator.call(`/api/slots/block/${leninaId}/${slot.id}`, { body: { to_unblock: true } });
      }
    }
  });

  const onSlots = (url: URL) => url.pathname.endsWith('/slots');

  async function open(options: Parameters<typeof browser.openAs>[1] = {}): Promise<Page> {
    const page = await browser.openAs('administrator', options);
    await page.context().addInitScript((id) => localStorage.setItem('crm.selectedStation', id), leninaId);
    await page.goto(`/station/${leninaId}`);
    if (options.viewport === 'phone') {
      // On a phone «Слоты» lives in the «Ещё» sheet.
      await page.getByRole('navigation', { name: 'Разделы' }).getByRole('button', { name: 'Ещё' }).click();
      await page.getByRole('dialog', { name: 'Ещё' }).getByRole('link', { name: 'Слоты' }).click();
      await page.waitForURL(onSlots);
    } else {
      await followLink(page.getByRole('link', { name: 'Слоты' }).first(), onSlots);
    }
    return page;
  }

  it('blocks tomorrow 13:00–14:00 for a delivery: the calendar shows it and the booking engine refuses that hour', async () => {
    const page = await open();
    await page.getByRole('button', { name: new RegExp(`^.. ${dayMonth(tomorrow)}`) }).click();
    for (const [start, end] of [
      [hhmm(hour, 0), hhmm(hour, 30)],
      [hhmm(hour, 30), hhmm(hour + 1, 0)],
    ]) {
      const slot = page.getByRole('button', { name: new RegExp(`^${start}–${end}`) });
      await slot.click();
      await expect.poll(() => slot.getAttribute('aria-label')).toContain('заблокирован');
    }
    expect((await slotAt(tomorrow, hhmm(hour, 0))).status).toBe('Blocked');
    expect((await slotAt(tomorrow, hhmm(hour, 30))).status).toBe('Blocked');

    // The calendar's orders of that day hold the blockers, on every box that was free.
    const orders = await listOrders(administrator, leninaId, tomorrow);
    const blockers = orders.filter(
      (o) =>
        o.order_type === 'BlockerBookingSlot' &&
        o.booking_start.startsWith(`${tomorrow}T${hhmm(hour - 3, 0).slice(0, 2)}:`),
    );
    expect(blockers.length).toBeGreaterThan(0);

    // No box is left in that half hour: an own booking there is refused.
    const { prices_list } = await ok<{ prices_list: { id: string; active: boolean }[] }>(
      await administrator.call(`/api/own_tariffs/list/${leninaId}`),
      'GET tariffs',
    );
    const start = Date.parse(`${tomorrow}T${hhmm(hour, 0)}:00+03:00`);
    const refused = await administrator.call(`/api/create_order/${leninaId}`, {
      body: {
        car: {
          brand: 'Lada',
          model: 'Vesta',
          class: 'MiddleSize',
          category: 'MiddleSize',
          plateNumber: 'А001АА77',
        },
        bookingStart: new Date(start).toISOString(),
        bookingEnd: new Date(start + 30 * 60_000).toISOString(),
        paymentMethod: 'not_paid',
        basket: { tariffId: prices_list.find((t) => t.active)!.id, totalAmount: 1500 },
      },
    });
    expect(refused.status).toBe(409);
    expect(pageErrors(page)).toEqual([]);
  });

  it('unblocks Friday evening on a phone', async () => {
    const page = await open({ viewport: 'phone' });
    const day = page.getByRole('button', { name: new RegExp(`^.. ${dayMonth(friday)}`) });
    await day.scrollIntoViewIfNeeded();
    await day.click();
    for (const [start, end] of [
      [hhmm(eveningHour, 0), hhmm(eveningHour, 30)],
      [hhmm(eveningHour, 30), hhmm(eveningHour + 1, 0)],
    ]) {
      const slot = page.getByRole('button', { name: new RegExp(`^${start}–${end}`) });
      // The throttle of S2 §9 allows one toggle a second per slot: these are two slots.
      await slot.click();
      await expect.poll(() => slot.getAttribute('aria-label')).toContain('свободен');
    }
    expect((await slotAt(friday, hhmm(eveningHour, 0))).status).toBe('Free');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('has no serious axe violation on the slot manager, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await open({ colorScheme });
      // Tomorrow, not today: after the station closes, today has no slots left and so no day toggle (the
      // spec failed whenever CI ran after 22:00 in Moscow).
      await page.getByRole('button', { name: new RegExp(`^.. ${dayMonth(tomorrow)}`) }).click();
      await page.getByRole('button', { name: /Заблокировать день|Разблокировать день/ }).waitFor();
      expect(await seriousViolations(page), colorScheme).toEqual([]);
    }
  });
});
