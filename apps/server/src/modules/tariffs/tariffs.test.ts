import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  additionalServicesSchema,
  carClassLabels,
  orderPrice,
  offeredExtras,
  tariffConfigSchema,
  washServices,
  type TariffConfig,
} from '@crm/shared';
import { tariffs } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { demoIds, expectSignInRequired } from '../users/test-guards';
import { loadTariffConfig } from './tariffs.repository';

const unknownId = '00000000-0000-4000-8000-000000000000';

describe('tariffs read API', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let owner: Awaited<ReturnType<TestApp['loginAs']>>;
  const tariffId = async (stationId: string, kind: 'own' | 'yandex', code: string) => {
    const [row] = await t.db
      .select({ id: tariffs.id })
      .from(tariffs)
      .where(and(eq(tariffs.stationId, stationId), eq(tariffs.kind, kind), eq(tariffs.code, code)));
    return row!.id;
  };
  const get = (url: string, headers = owner.headers) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await createTestApp();
    ids = await demoIds(t);
    owner = await t.loginAs('owner');
  });
  afterAll(() => t.close());

  it('lists own and Yandex tariffs of a station in creation order', async () => {
    const own = await get(`/api/own_tariffs/list/${ids.lenina}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().prices_list).toEqual([
      { id: await tariffId(ids.lenina, 'own', 'express'), name: 'Экспресс', active: true },
      { id: await tariffId(ids.lenina, 'own', 'complex'), name: 'Комплекс', active: true },
      { id: await tariffId(ids.lenina, 'own', 'maximum'), name: 'Максимум', active: true },
    ]);
    const yandex = await get(`/api/station/tariff/${ids.lenina}`);
    expect(yandex.statusCode).toBe(200);
    expect(yandex.json().yatariff.map((x: { name: string }) => x.name)).toEqual([
      'Экспресс',
      'Комплекс',
      'Максимум',
    ]);
    expect(yandex.json().yatariff[0].id).toBe(await tariffId(ids.lenina, 'yandex', 'express'));
  });

  it('returns an own tariff config in the S2 §3 shape that prices an order', async () => {
    const id = await tariffId(ids.lenina, 'own', 'express');
    const res = await get(`/api/own_tariffs/price_get/${ids.lenina}/${id}`);
    expect(res.statusCode).toBe(200);
    const config: TariffConfig = tariffConfigSchema.parse(res.json());
    expect(config.price).toMatchObject({ id, name: 'Экспресс', active: true });
    expect(config.price.durationMinutes).toEqual({
      Mini: 20,
      Compact: 25,
      MiddleSize: 30,
      Crossover: 35,
      OffRoad: 40,
      MicroBus: 50,
    });
    expect(config.price.includeService).toEqual(['active_foam', 'body_wash', 'drying']);
    expect(config.price.additionService).toContain('wax');
    const [element] = config.price.priceElements;
    expect(element!.clientGroup).toBe('Individual');
    expect(element!.priceComponent.Compact).toMatchObject({ includeServiceAmount: 600 });
    expect(element!.priceComponent.Compact!.additionalServiceAmounts.wax).toEqual({
      price: 350,
      active: true,
    });
    expect(config.cars).toEqual(carClassLabels);
    for (const s of washServices) expect(config.ru_services_names[s.key]).toBe(s.name_ru);
    // The shared maths gives the form and the server the same answer.
    expect(orderPrice(config, 'Compact', ['wax'])).toEqual({
      tariffName: 'Экспресс',
      includeServiceAmount: 600,
      additionalServiceAmounts: { wax: 350 },
      totalAmount: 950,
      totalDurationMinutes: 35,
    });
  });

  it('marks an extra switched off for a category as not offered there', async () => {
    const id = await tariffId(ids.lenina, 'own', 'complex');
    const config = tariffConfigSchema.parse(
      (await get(`/api/own_tariffs/price_get/${ids.lenina}/${id}`)).json(),
    );
    expect(offeredExtras(config, 'Crossover')).toContain('engine');
    expect(offeredExtras(config, 'MicroBus')).not.toContain('engine');
  });

  it('serves the additional services at the static path, never as a tariff id', async () => {
    const own = await get(`/api/own_tariffs/price_get/${ids.lenina}/addition_service`);
    expect(own.statusCode).toBe(200);
    const body = additionalServicesSchema.parse(own.json());
    expect(body.active.wax).toBe(true);
    expect(body.price.MiddleSize!.wax).toEqual({ price: 400, active: true });
    expect(body.price.MicroBus!.engine).toEqual({ price: 0, active: false });
    expect(body.ru_services_names.wax).toBe('Горячий воск');

    const yandex = await get(`/api/station/tariff/${ids.lenina}/yandex_addition_service`);
    expect(yandex.statusCode).toBe(200);
    const ya = additionalServicesSchema.parse(yandex.json());
    expect(Object.keys(ya.active).sort()).toEqual([
      'anti_rain',
      'engine',
      'mats',
      'tire_black',
      'wax',
      'wheels',
    ]);
    // The partner sells a little dearer than the station.
    expect(ya.price.MiddleSize!.wax!.price).toBeGreaterThan(body.price.MiddleSize!.wax!.price);
  });

  it('returns a Yandex tariff config, and each kind only at its own path', async () => {
    const yaId = await tariffId(ids.lenina, 'yandex', 'express');
    const ownId = await tariffId(ids.lenina, 'own', 'express');
    const res = await get(`/api/station/tariff/${ids.lenina}/${yaId}`);
    expect(res.statusCode).toBe(200);
    const config = tariffConfigSchema.parse(res.json());
    expect(config.price.priceElements[0]!.priceComponent.Compact!.includeServiceAmount).toBe(650);
    expect(config.price.additionService).not.toContain('thresholds');
    expect((await get(`/api/station/tariff/${ids.lenina}/${ownId}`)).statusCode).toBe(404);
    expect((await get(`/api/own_tariffs/price_get/${ids.lenina}/${yaId}`)).statusCode).toBe(404);
  });

  it('lets every position of the network read the tariff lists, and role admin any station', async () => {
    const worker = await t.loginAs('worker');
    expect((await get(`/api/own_tariffs/list/${ids.sadovaya}`, worker.headers)).statusCode).toBe(200);
    expect((await get(`/api/station/tariff/${ids.sadovaya}`, worker.headers)).statusCode).toBe(200);
    const admin = await t.loginAs('admin');
    const res = await get(`/api/own_tariffs/list/${ids.bridge}`, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().prices_list).toHaveLength(3);
  });

  it('gives the prices to those who take orders, not to a worker (issue 38)', async () => {
    const own = await tariffId(ids.lenina, 'own', 'complex');
    const yandex = await tariffId(ids.lenina, 'yandex', 'complex');
    const priceReads = [
      `/api/own_tariffs/price_get/${ids.lenina}/${own}`,
      `/api/own_tariffs/price_get/${ids.lenina}/addition_service`,
      `/api/station/tariff/${ids.lenina}/${yandex}`,
      `/api/station/tariff/${ids.lenina}/yandex_addition_service`,
    ];
    const worker = await t.loginAs('worker');
    for (const url of priceReads) {
      const res = await get(url, worker.headers);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
      expect(JSON.stringify(res.json())).not.toContain('priceElements');
    }
    // The order form keeps working for the positions that create orders, and role admin.
    for (const login of ['administrator', 'principal', 'owner', 'admin'] as const) {
      const who = await t.loginAs(login);
      for (const url of priceReads)
        expect((await get(url, who.headers)).statusCode, `${login} ${url}`).toBe(200);
    }
    // A worker asking about another network's tariff still learns nothing: 404, not 403.
    const bridgeTariff = await tariffId(ids.bridge, 'own', 'express');
    expect(
      (await get(`/api/own_tariffs/price_get/${ids.bridge}/${bridgeTariff}`, worker.headers)).statusCode,
    ).toBe(404);
  });

  it("hides another network's tariffs and unknown ids behind 404", async () => {
    const rival = await t.loginAs('rival');
    const id = await tariffId(ids.lenina, 'own', 'express');
    for (const url of [
      `/api/own_tariffs/list/${ids.lenina}`,
      `/api/own_tariffs/price_get/${ids.lenina}/${id}`,
      `/api/own_tariffs/price_get/${ids.lenina}/addition_service`,
      `/api/station/tariff/${ids.lenina}`,
      `/api/station/tariff/${ids.lenina}/yandex_addition_service`,
    ]) {
      const res = await get(url, rival.headers);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    // Unknown tariff, a tariff of another station, non-uuid ids, unknown station.
    const bridgeTariff = await tariffId(ids.bridge, 'own', 'express');
    for (const url of [
      `/api/own_tariffs/price_get/${ids.lenina}/${unknownId}`,
      `/api/own_tariffs/price_get/${ids.lenina}/${bridgeTariff}`,
      `/api/own_tariffs/price_get/${ids.lenina}/express`,
      `/api/own_tariffs/price_get/not-a-uuid/${id}`,
      `/api/own_tariffs/list/not-a-uuid`,
      `/api/own_tariffs/list/${unknownId}`,
      `/api/station/tariff/${ids.lenina}/${unknownId}`,
      `/api/station/tariff/${unknownId}`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('leaves deleted tariffs out of lists and configs; an inactive one is listed as inactive', async () => {
    const id = await tariffId(ids.sadovaya, 'own', 'maximum');
    const complex = await tariffId(ids.sadovaya, 'own', 'complex');
    await t.db.update(tariffs).set({ deletedAt: new Date() }).where(eq(tariffs.id, id));
    await t.db.update(tariffs).set({ priceActive: false }).where(eq(tariffs.id, complex));
    try {
      const list = (await get(`/api/own_tariffs/list/${ids.sadovaya}`)).json().prices_list;
      expect(list.map((x: { name: string; active: boolean }) => [x.name, x.active])).toEqual([
        ['Экспресс', true],
        ['Комплекс', false],
      ]);
      expect((await get(`/api/own_tariffs/price_get/${ids.sadovaya}/${id}`)).statusCode).toBe(404);
      expect(await loadTariffConfig(t.db, ids.sadovaya, id)).toBeNull();
      expect((await loadTariffConfig(t.db, ids.sadovaya, complex))!.price.active).toBe(false);
    } finally {
      await t.db.update(tariffs).set({ deletedAt: null }).where(eq(tariffs.id, id));
      await t.db.update(tariffs).set({ priceActive: true }).where(eq(tariffs.id, complex));
    }
  });

  it('loadTariffConfig gives the booking engine the config with its kind, or null', async () => {
    const ya = await tariffId(ids.lenina, 'yandex', 'complex');
    expect(await loadTariffConfig(t.db, ids.lenina, ya)).toMatchObject({ kind: 'yandex', price: { id: ya } });
    const own = await tariffId(ids.lenina, 'own', 'complex');
    expect((await loadTariffConfig(t.db, ids.lenina, own))!.kind).toBe('own');
    expect(await loadTariffConfig(t.db, ids.sadovaya, own)).toBeNull();
    expect(await loadTariffConfig(t.db, ids.lenina, 'complex')).toBeNull();
    expect(await loadTariffConfig(t.db, 'x', own)).toBeNull();
  });

  it('requires a signed-in caller', async () => {
    const id = await tariffId(ids.lenina, 'own', 'express');
    await expectSignInRequired(t, { method: 'GET', url: `/api/own_tariffs/list/${ids.lenina}` });
    await expectSignInRequired(t, { method: 'GET', url: `/api/own_tariffs/price_get/${ids.lenina}/${id}` });
    await expectSignInRequired(t, { method: 'GET', url: `/api/station/tariff/${ids.lenina}` });
  });
});
