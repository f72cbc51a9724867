import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carClasses, type CarClass, type Order, type OrderDetailsResponse } from '@crm/shared';
import { orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  call,
  carwashIds,
  expectedPrice,
  freeStart,
  orderBody,
  plus,
  stationIdByCarwash,
} from '../orders/orders.test-support';

const everyClass = (value: number) =>
  Object.fromEntries(carClasses.map((c) => [c, value])) as Record<CarClass, number>;

/** A price change never rewrites a booked order (issue 12): orders keep the amounts they were booked with. */
describe('tariff price changes and booked orders', () => {
  let t: TestApp;
  let lenina: string;
  let owner: Awaited<ReturnType<TestApp['loginAs']>>;
  let administrator: Awaited<ReturnType<TestApp['loginAs']>>;
  beforeAll(async () => {
    t = await createTestApp();
    lenina = await stationIdByCarwash(t, carwashIds.lenina);
    owner = await t.loginAs('owner');
    administrator = await t.loginAs('administrator');
  });
  afterAll(() => t.close());

  const details = (id: string) =>
    call<OrderDetailsResponse>(t, { method: 'GET', url: `/api/order/${id}`, headers: administrator.headers });
  const book = (tariffId: string, amount: number, start: string) =>
    call(t, {
      method: 'POST',
      url: `/api/create_order/${lenina}`,
      headers: administrator.headers,
      payload: orderBody(tariffId, amount, { start }),
    });

  it('keeps the old price on a booked order; a new order gets the new one', async () => {
    const { id: tariffId } = await call<{ id: string }>(t, {
      method: 'POST',
      url: `/api/own_tariffs/create/${lenina}`,
      headers: owner.headers,
      payload: {
        tariff_status: true,
        name: 'Проверка цены',
        main_option: ['body_wash'],
        extra_option: [],
        class_to_duration: everyClass(30),
        class_to_price: everyClass(800),
      },
    });
    const oldPrice = await expectedPrice(t, lenina, tariffId, 'Compact');
    expect(oldPrice.totalAmount).toBe(800);
    const { order: booked } = await book(tariffId, oldPrice.totalAmount, freeStart);
    expect(booked.sum).toBe(800);
    const [storedBefore] = await t.db.select().from(orders).where(eq(orders.id, booked.id));

    await call(t, {
      method: 'POST',
      url: `/api/own_tariffs/price_update/update_includes/${lenina}/${tariffId}`,
      headers: owner.headers,
      payload: { price_active: true, class_to_price: { Compact: 1100 } },
    });
    await call(t, {
      method: 'POST',
      url: `/api/own_tariffs/update_tariff/${lenina}/${tariffId}`,
      headers: owner.headers,
      payload: {
        tariff_status: true,
        name: 'Проверка цены',
        main_option: ['body_wash'],
        extra_option: [],
        class_to_duration: { Compact: 45 },
      },
    });

    // The booked order is untouched: its row, its sum, basket and times.
    const [storedAfter] = await t.db.select().from(orders).where(eq(orders.id, booked.id));
    expect(storedAfter).toEqual(storedBefore);
    const old = await details(booked.id);
    expect(old.order.sum).toBe(800);
    expect(old.order.basket).toMatchObject({ total_amount: 800, include_service_amount: 800 });
    expect(old.order.basket.total_duration_minutes).toBe(30);
    expect(old.human_name_tariff).toBe('Проверка цены');

    // A new order is priced and timed by the tariff as it is now.
    const newPrice = await expectedPrice(t, lenina, tariffId, 'Compact');
    expect(newPrice).toMatchObject({ totalAmount: 1100, totalDurationMinutes: 45 });
    const later = plus(freeStart, 180);
    const { order: fresh } = (await call<{ order: Order }>(t, {
      method: 'POST',
      url: `/api/create_order/${lenina}`,
      headers: administrator.headers,
      payload: orderBody(tariffId, newPrice.totalAmount, { start: later, minutes: 45 }),
    })) as { order: Order };
    expect(fresh.sum).toBe(1100);
    expect(fresh.sum_manual).toBe(false);
    expect(fresh.basket).toMatchObject({ total_amount: 1100, total_duration_minutes: 45 });

    // Deleting the tariff leaves both orders with their name and amounts.
    await call(t, {
      method: 'POST',
      url: `/api/own_tariffs/delete_tariff/${tariffId}`,
      headers: owner.headers,
    });
    expect((await details(booked.id)).order.sum).toBe(800);
    const afterDelete = await details(fresh.id);
    expect(afterDelete.order.sum).toBe(1100);
    expect(afterDelete.human_name_tariff).toBe('Проверка цены');
  });
});
