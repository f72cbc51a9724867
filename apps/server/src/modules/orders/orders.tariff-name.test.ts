import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@crm/shared';
import { drivers, orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loadTariffConfig } from '../tariffs/tariffs.repository';
import {
  call,
  carwashIds,
  expectedPrice,
  freeStart,
  orderBody,
  plus,
  stationIdByCarwash,
  tariffByCode,
} from './orders.test-support';

type Login = Awaited<ReturnType<TestApp['loginAs']>>;

/**
 * Issue 38: an order keeps the name of its tariff as it keeps its price. Renaming «Экспресс» leaves the
 * orders booked before it their name in the order window, the new-orders list, the client's visits and the
 * driver's manage link; orders booked or edited afterwards take the new one. Migration 0016 gave the
 * existing orders their tariff's name.
 */
describe('an order keeps its tariff’s name (issue 38)', () => {
  let t: TestApp;
  let lenina: string;
  let express: Awaited<ReturnType<typeof tariffByCode>>;
  let complex: Awaited<ReturnType<typeof tariffByCode>>;
  let admin: Login;
  let owner: Login;

  beforeAll(async () => {
    t = await createTestApp();
    lenina = await stationIdByCarwash(t, carwashIds.lenina);
    express = await tariffByCode(t, lenina, 'express');
    complex = await tariffByCode(t, lenina, 'complex');
    admin = await t.loginAs('administrator');
    owner = await t.loginAs('owner');
  });
  afterAll(() => t.close());

  const book = async (tariffId: string, start: string, extra: Record<string, unknown> = {}) => {
    const total = (await expectedPrice(t, lenina, tariffId, 'Compact')).totalAmount;
    return (
      await call(t, {
        method: 'POST',
        url: `/api/create_order/${lenina}`,
        headers: admin.headers,
        payload: { ...orderBody(tariffId, total, { start }), ...extra },
      })
    ).order;
  };
  const rename = async (tariffId: string, name: string) => {
    const config = (await loadTariffConfig(t.db, lenina, tariffId))!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/own_tariffs/update_tariff/${lenina}/${tariffId}`,
      headers: owner.headers,
      payload: {
        tariff_status: config.price.active,
        name,
        main_option: config.price.includeService,
        extra_option: config.price.additionService,
        class_to_duration: config.price.durationMinutes,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const details = async (orderId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/order/${orderId}`, headers: admin.headers })).json() as {
      order: Order;
      human_name_tariff: string;
    };

  it('shows an order booked before a rename with the old name, and a later one with the new', async () => {
    const [client] = await t.db.select().from(drivers).limit(1);
    const before = await book(express.id, freeStart, { driver_id: client!.id });
    expect(before.basket.tariff_name).toBe('Экспресс');

    await rename(express.id, 'Экспресс плюс');
    try {
      const old = await details(before.id);
      expect(old.human_name_tariff).toBe('Экспресс');
      expect(old.order.basket.tariff_name).toBe('Экспресс');

      // The client's card lists the visit under the name it was booked with.
      const visits = await t.app.inject({
        method: 'GET',
        url: `/api/drivers/visits/${client!.id}?page=1&page_size=50`,
        headers: owner.headers,
      });
      expect(visits.statusCode).toBe(200);
      const visit = (visits.json() as { visits: { order_id: string; tariff: string }[] }).visits.find(
        (v) => v.order_id === before.id,
      );
      expect(visit?.tariff).toBe('Экспресс');

      const after = await book(express.id, plus(freeStart, 60));
      expect(after.basket.tariff_name).toBe('Экспресс плюс');
      expect((await details(after.id)).human_name_tariff).toBe('Экспресс плюс');
    } finally {
      await rename(express.id, 'Экспресс');
    }
  });

  it('takes the name of the tariff an edit chooses', async () => {
    const order = await book(express.id, plus(freeStart, 120));
    const total = (await expectedPrice(t, lenina, complex.id, 'Compact')).totalAmount;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/own_order/update/${order.id}`,
      headers: admin.headers,
      payload: orderBody(complex.id, total, { start: plus(freeStart, 120) }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { order: Order }).order.basket.tariff_name).toBe('Комплекс');
    expect((await details(order.id)).human_name_tariff).toBe('Комплекс');
  });

  it('the demo’s orders and migration 0016 give every order with a tariff its name', async () => {
    const [missing] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(sql`${orders.basket}->>'tariff_id' is not null and not (${orders.basket} ? 'tariff_name')`);
    expect(missing!.n).toBe(0);

    // An order from before the migration: no name kept. The migration's statement names it by its tariff.
    const order = await book(complex.id, plus(freeStart, 240));
    await t.db
      .update(orders)
      .set({ basket: sql`${orders.basket} - 'tariff_name'` })
      .where(eq(orders.id, order.id));
    expect((await details(order.id)).order.basket.tariff_name).toBeUndefined();
    // Before the migration the name came from the tariff: still so for such an order.
    expect((await details(order.id)).human_name_tariff).toBe('Комплекс');

    const migration = readFileSync(
      new URL('../../db/migrations/0016_order_tariff_name.sql', import.meta.url),
      'utf8',
    );
    await t.db.execute(sql.raw(migration));
    const [row] = await t.db.select({ basket: orders.basket }).from(orders).where(eq(orders.id, order.id));
    expect(row!.basket.tariff_name).toBe('Комплекс');
    // Blocked slots (no tariff) are left without one.
    const [blockers] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(sql`${orders.basket}->>'tariff_id' is null and ${orders.basket} ? 'tariff_name'`);
    expect(blockers!.n).toBe(0);
  });
});
