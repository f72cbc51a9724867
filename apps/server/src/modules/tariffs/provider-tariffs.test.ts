import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  additionalServicesSchema,
  carClasses,
  tariffConfigSchema,
  tariffMessages,
  type AdditionalServicesUpdate,
} from '@crm/shared';
import { additionalServices, tariffPriceChanges, tariffs } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { demoIds, expectSignInRequired } from '../users/test-guards';

const unknownId = '00000000-0000-4000-8000-000000000000';

type Login = Awaited<ReturnType<TestApp['loginAs']>>;

describe('provider (Yandex) tariff editing API', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let owner: Login;

  const yandexRows = (stationId: string) =>
    t.db
      .select()
      .from(tariffs)
      .where(and(eq(tariffs.stationId, stationId), eq(tariffs.kind, 'yandex')));
  const yandexTariff = async (stationId: string, code: string) =>
    (await yandexRows(stationId)).find((r) => r.code === code)!;
  const yandexExtras = (stationId: string) =>
    t.db
      .select()
      .from(additionalServices)
      .where(and(eq(additionalServices.stationId, stationId), eq(additionalServices.kind, 'yandex')));
  const history = (stationId: string, tariffKey?: string) =>
    t.db
      .select()
      .from(tariffPriceChanges)
      .where(
        and(
          eq(tariffPriceChanges.stationId, stationId),
          tariffKey ? eq(tariffPriceChanges.tariffKey, tariffKey) : undefined,
        ),
      );
  const post = (url: string, payload: unknown, user: Login = owner) =>
    t.app.inject({ method: 'POST', url, headers: user.headers, payload: payload as object });
  const setActive = (stationId: string, tariffId: string, active: boolean, user: Login = owner) =>
    post(
      `/api/station/tariff/${stationId}`,
      { tariff_id: tariffId, update_tariff: { active, duration_minutes: {}, class_to_price: {} } },
      user,
    );

  beforeAll(async () => {
    t = await createTestApp();
    ids = await demoIds(t);
    owner = await t.loginAs('owner');
  });
  afterAll(() => t.close());

  describe('POST /api/station/tariff/:stationId', () => {
    it('changes prices, minutes and status of a Yandex tariff, answers its config and records each change', async () => {
      const before = await yandexTariff(ids.lenina, 'express');
      const res = await post(`/api/station/tariff/${ids.lenina}`, {
        tariff_id: before.id,
        update_tariff: {
          active: false,
          duration_minutes: { Compact: 33 },
          class_to_price: { Compact: 777, Mini: before.priceByClass.Mini },
        },
      });
      expect(res.statusCode).toBe(200);
      const config = tariffConfigSchema.parse(res.json());
      expect(config.price).toMatchObject({ id: before.id, name: 'Экспресс', active: false });
      expect(config.price.durationMinutes.Compact).toBe(33);
      expect(config.price.durationMinutes.Mini).toBe(before.durationByClass.Mini);
      expect(config.price.priceElements[0]!.priceComponent.Compact!.includeServiceAmount).toBe(777);
      // The name and services are the partner's: untouched.
      const after = await yandexTariff(ids.lenina, 'express');
      expect(after).toMatchObject({
        name: before.name,
        includeServices: before.includeServices,
        extraServices: before.extraServices,
        active: false,
      });
      expect(after.priceByClass).toEqual({ ...before.priceByClass, Compact: 777 });

      const rows = await history(ids.lenina, before.id);
      expect(rows.every((r) => r.userId === owner.userId)).toBe(true);
      expect(
        rows
          .map((r) => ({ field: r.field, carClass: r.carClass, oldValue: r.oldValue, newValue: r.newValue }))
          .sort((a, b) => a.field.localeCompare(b.field)),
      ).toEqual([
        { field: 'active', carClass: null, oldValue: 1, newValue: 0 },
        { field: 'duration', carClass: 'Compact', oldValue: before.durationByClass.Compact, newValue: 33 },
        { field: 'price', carClass: 'Compact', oldValue: before.priceByClass.Compact, newValue: 777 },
      ]);

      // The list reads the new status; switching it back on records one more row.
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/station/tariff/${ids.lenina}`,
        headers: owner.headers,
      });
      expect(list.json().yatariff.find((x: { id: string }) => x.id === before.id).active).toBe(false);
      expect((await setActive(ids.lenina, before.id, true)).statusCode).toBe(200);
      expect(await history(ids.lenina, before.id)).toHaveLength(4);
    });

    it('refuses to switch off the last active Yandex tariff with 409 and the S2 text', async () => {
      const rows = await yandexRows(ids.sadovaya);
      const [first, second, third] = rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      expect((await setActive(ids.sadovaya, first!.id, false)).statusCode).toBe(200);
      expect((await setActive(ids.sadovaya, second!.id, false)).statusCode).toBe(200);
      const historyBefore = (await history(ids.sadovaya)).length;
      const res = await setActive(ids.sadovaya, third!.id, false);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({
        code: 'LAST_PROVIDER_TARIFF',
        message: 'Нельзя выключить все Яндекс тарифы',
      });
      expect((await yandexTariff(ids.sadovaya, third!.code!)).active).toBe(true);
      expect(await history(ids.sadovaya)).toHaveLength(historyBefore);
      // Prices of the last active one can still change, and an inactive one can stay off.
      const keep = await post(`/api/station/tariff/${ids.sadovaya}`, {
        tariff_id: third!.id,
        update_tariff: { active: true, duration_minutes: {}, class_to_price: { Mini: 1000 } },
      });
      expect(keep.statusCode).toBe(200);
      expect((await setActive(ids.sadovaya, first!.id, false)).statusCode).toBe(200);
      // Back to the seeded state for the import tests below.
      expect((await setActive(ids.sadovaya, first!.id, true)).statusCode).toBe(200);
      expect((await setActive(ids.sadovaya, second!.id, true)).statusCode).toBe(200);
    });

    it('answers 400 with fields and the Russian texts for bad prices and minutes', async () => {
      const tariff = await yandexTariff(ids.lenina, 'complex');
      const res = await post(`/api/station/tariff/${ids.lenina}`, {
        tariff_id: tariff.id,
        update_tariff: {
          active: true,
          duration_minutes: { Mini: -5 },
          class_to_price: { Compact: 1_000_000, Mini: 10.5 },
        },
      });
      expect(res.statusCode).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.fields).toMatchObject({
        'update_tariff.duration_minutes.Mini': tariffMessages.durationPositive,
        'update_tariff.class_to_price.Compact': 'Недопустимый диапазон цены',
        'update_tariff.class_to_price.Mini': 'Недопустимый диапазон цены',
      });
      const missing = await post(`/api/station/tariff/${ids.lenina}`, { tariff_id: tariff.id });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.fields).toHaveProperty('update_tariff');
      expect((await yandexTariff(ids.lenina, 'complex')).priceByClass).toEqual(tariff.priceByClass);
    });

    it('answers 404 for an own tariff, a tariff of another station, an unknown or non-uuid id', async () => {
      const own = await t.db
        .select({ id: tariffs.id })
        .from(tariffs)
        .where(and(eq(tariffs.stationId, ids.lenina), eq(tariffs.kind, 'own')));
      const sadovaya = await yandexTariff(ids.sadovaya, 'express');
      for (const tariffId of [own[0]!.id, sadovaya.id, unknownId, 'express', 'yandex_addition_service']) {
        const res = await setActive(ids.lenina, tariffId, true);
        expect(res.statusCode, tariffId).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
      expect((await setActive('not-a-uuid', sadovaya.id, true)).statusCode).toBe(404);
      expect((await setActive(unknownId, sadovaya.id, true)).statusCode).toBe(404);
    });

    it('lets a principal and role admin edit; administrator and worker get 403; a rival 404', async () => {
      const tariff = await yandexTariff(ids.lenina, 'maximum');
      for (const login of ['principal', 'admin']) {
        expect((await setActive(ids.lenina, tariff.id, true, await t.loginAs(login))).statusCode).toBe(200);
      }
      for (const login of ['administrator', 'worker']) {
        const res = await setActive(ids.lenina, tariff.id, false, await t.loginAs(login));
        expect(res.statusCode, login).toBe(403);
        expect(res.json().error.code).toBe('FORBIDDEN');
      }
      const rival = await t.loginAs('rival');
      expect((await setActive(ids.lenina, tariff.id, false, rival)).statusCode).toBe(404);
      // A rival naming a Демо-сеть tariff at its own station: as unknown.
      expect((await setActive(ids.bridge, tariff.id, false, rival)).statusCode).toBe(404);
      expect((await yandexTariff(ids.lenina, 'maximum')).active).toBe(true);
    });

    it('requires a session', async () => {
      await expectSignInRequired(t, {
        method: 'POST',
        url: `/api/station/tariff/${ids.lenina}`,
        payload: {
          tariff_id: unknownId,
          update_tariff: { active: true, duration_minutes: {}, class_to_price: {} },
        },
      });
    });
  });

  describe('POST /api/station/tariff/:stationId/yandex_addition_service', () => {
    const url = () => `/api/station/tariff/${ids.lenina}/yandex_addition_service`;

    it('saves the flags and per-class prices of the Yandex extras and records the changes', async () => {
      const before = await yandexExtras(ids.lenina);
      const wax = before.find((r) => r.serviceKey === 'wax')!;
      const body: AdditionalServicesUpdate = {
        active: { wax: true, mats: false },
        price: {
          Compact: { wax: { price: 555, active: true } },
          MicroBus: { wax: { price: wax.prices.MicroBus!.price, active: false } },
        },
      };
      const res = await post(url(), body);
      expect(res.statusCode).toBe(200);
      const saved = additionalServicesSchema.parse(res.json());
      expect(saved.active.mats).toBe(false);
      expect(saved.active.wax).toBe(true);
      expect(saved.price.Compact!.wax).toEqual({ price: 555, active: true });
      expect(saved.price.MicroBus!.wax!.active).toBe(false);
      // Untouched classes and services keep their values.
      expect(saved.price.Mini!.wax).toEqual(wax.prices.Mini);
      expect(saved.active.engine).toBe(true);
      const read = await t.app.inject({ method: 'GET', url: url(), headers: owner.headers });
      expect(read.json()).toEqual(saved);

      const rows = await history(ids.lenina, 'yandex_addition_service');
      expect(
        rows
          .map((r) => [r.service, r.field, r.carClass, r.oldValue, r.newValue])
          .sort((a, b) => String(a).localeCompare(String(b))),
      ).toEqual([
        ['mats', 'active', null, 1, 0],
        ['wax', 'active', 'MicroBus', 1, 0],
        ['wax', 'price', 'Compact', wax.prices.Compact!.price, 555],
      ]);
      // Own extras are another list: untouched.
      const ownWax = await t.db
        .select()
        .from(additionalServices)
        .where(
          and(
            eq(additionalServices.stationId, ids.lenina),
            eq(additionalServices.kind, 'own'),
            eq(additionalServices.serviceKey, 'wax'),
          ),
        );
      expect(ownWax[0]!.prices.Compact!.price).not.toBe(555);
    });

    it('refuses an active service with a zero price in some class, naming it (S2 §5)', async () => {
      const before = await yandexExtras(ids.lenina);
      const res = await post(url(), {
        active: { wheels: true },
        price: {
          Crossover: { wheels: { price: 0, active: true } },
          Mini: { wheels: { price: 10, active: true } },
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Для услуги "Мойка колёсных дисков" необходимо указать цены больше нуля',
        fields: {
          'price.Crossover.wheels': 'Для услуги "Мойка колёсных дисков" необходимо указать цены больше нуля',
        },
      });
      expect(await yandexExtras(ids.lenina)).toEqual(before);
      // Switched off station-wide, or in that class, a zero price is fine.
      expect(
        (
          await post(url(), {
            active: { wheels: false },
            price: { Crossover: { wheels: { price: 0, active: true } } },
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await post(url(), {
            active: { wheels: true },
            price: { Crossover: { wheels: { price: 0, active: false } } },
          })
        ).statusCode,
      ).toBe(200);
    });

    it('answers 400 for an out-of-range price and for a service the partner does not sell here', async () => {
      const range = await post(url(), {
        active: {},
        price: { Mini: { wax: { price: 1_000_000, active: true } } },
      });
      expect(range.statusCode).toBe(400);
      expect(range.json().error.fields).toEqual({ 'price.Mini.wax.price': 'Недопустимый диапазон цены' });
      const unknown = await post(url(), { active: { leather: true }, price: {} });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.fields).toHaveProperty(['active.leather']);
    });

    it('is not taken for a tariff id, and is refused to administrator (403) and a rival (404)', async () => {
      const body = { active: { wax: true }, price: {} };
      expect((await post(url(), body, await t.loginAs('administrator'))).statusCode).toBe(403);
      expect((await post(url(), body, await t.loginAs('worker'))).statusCode).toBe(403);
      expect((await post(url(), body, await t.loginAs('rival'))).statusCode).toBe(404);
      expect((await post(url(), body, await t.loginAs('principal'))).statusCode).toBe(200);
    });
  });

  describe('POST /api/station/tariff/:stationId/import', () => {
    const importUrl = (stationId: string) => `/api/station/tariff/${stationId}/import`;

    it('copies Yandex prices, minutes, status and extras from a station of the same network, in one call', async () => {
      const source = await yandexRows(ids.lenina);
      const target = await yandexRows(ids.sadovaya);
      // The demo prices differ (Novosibirsk is cheaper), so the import is visible.
      const sourceExpress = source.find((r) => r.code === 'express')!;
      const targetExpress = target.find((r) => r.code === 'express')!;
      expect(targetExpress.priceByClass).not.toEqual(sourceExpress.priceByClass);
      const sourceExtras = await yandexExtras(ids.lenina);
      const historyBefore = (await history(ids.sadovaya)).length;

      const res = await post(importUrl(ids.sadovaya), { source_station_id: ids.lenina });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ imported: 3 });

      for (const from of source) {
        const to = (await yandexRows(ids.sadovaya)).find((r) => r.code === from.code)!;
        expect(to.priceByClass).toEqual(from.priceByClass);
        expect(to.durationByClass).toEqual(from.durationByClass);
        expect(to.active).toBe(from.active);
        // The target keeps its own ids and names.
        expect(target.map((r) => r.id)).toContain(to.id);
      }
      const extras = await yandexExtras(ids.sadovaya);
      for (const extra of sourceExtras) {
        const copied = extras.find((e) => e.serviceKey === extra.serviceKey)!;
        expect(copied.active).toBe(extra.active);
        expect(copied.prices).toEqual(extra.prices);
      }
      const rows = (await history(ids.sadovaya)).slice(historyBefore);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.some((r) => r.tariffKey === targetExpress.id && r.field === 'price')).toBe(true);
      expect(rows.some((r) => r.tariffKey === 'yandex_addition_service')).toBe(true);
      expect(rows.every((r) => r.userId === owner.userId)).toBe(true);

      // The second import changes nothing and records nothing.
      const count = (await history(ids.sadovaya)).length;
      expect((await post(importUrl(ids.sadovaya), { source_station_id: ids.lenina })).json()).toEqual({
        imported: 3,
      });
      expect(await history(ids.sadovaya)).toHaveLength(count);
    });

    it('matches by name when a tariff has no code', async () => {
      const target = await yandexTariff(ids.sadovaya, 'complex');
      await t.db.update(tariffs).set({ code: null }).where(eq(tariffs.id, target.id));
      await t.db
        .update(tariffs)
        .set({ priceByClass: { ...target.priceByClass, Mini: 50 } })
        .where(eq(tariffs.id, target.id));
      const res = await post(importUrl(ids.sadovaya), { source_station_id: ids.lenina });
      expect(res.statusCode).toBe(200);
      const [after] = await t.db.select().from(tariffs).where(eq(tariffs.id, target.id));
      expect(after!.priceByClass).toEqual((await yandexTariff(ids.lenina, 'complex')).priceByClass);
      await t.db.update(tariffs).set({ code: 'complex' }).where(eq(tariffs.id, target.id));
    });

    it('is all or nothing: a source tariff without a counterpart fails with 404 and writes nothing', async () => {
      const lenMax = await yandexTariff(ids.lenina, 'maximum');
      const sadMax = await yandexTariff(ids.sadovaya, 'maximum');
      // Make Садовая different from Ленина again, then make one of its tariffs unmatched.
      const express = await yandexTariff(ids.sadovaya, 'express');
      await t.db
        .update(tariffs)
        .set({ priceByClass: { ...express.priceByClass, Mini: 100 } })
        .where(eq(tariffs.id, express.id));
      await t.db.update(tariffs).set({ code: 'premium', name: 'Премиум' }).where(eq(tariffs.id, sadMax.id));
      const tariffsBefore = await yandexRows(ids.sadovaya);
      const extrasBefore = await yandexExtras(ids.sadovaya);
      const historyBefore = (await history(ids.sadovaya)).length;

      const res = await post(importUrl(ids.sadovaya), { source_station_id: ids.lenina });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: 'Тариф не найден для импорта' });
      expect(await yandexRows(ids.sadovaya)).toEqual(tariffsBefore);
      expect(await yandexExtras(ids.sadovaya)).toEqual(extrasBefore);
      expect(await history(ids.sadovaya)).toHaveLength(historyBefore);
      expect(lenMax.code).toBe('maximum');
      await t.db.update(tariffs).set({ code: 'maximum', name: 'Максимум' }).where(eq(tariffs.id, sadMax.id));
    });

    it('refuses a source in another network, an unknown or non-uuid source (404) and the station itself (400)', async () => {
      const tariffsBefore = await yandexRows(ids.sadovaya);
      for (const source of [ids.bridge, ids.newWash, unknownId, 'not-a-uuid']) {
        const res = await post(importUrl(ids.sadovaya), { source_station_id: source });
        expect(res.statusCode, source).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
      // Role admin opens every station, but still only imports within the network.
      const admin = await t.loginAs('admin');
      expect((await post(importUrl(ids.sadovaya), { source_station_id: ids.bridge }, admin)).statusCode).toBe(
        404,
      );
      const self = await post(importUrl(ids.sadovaya), { source_station_id: ids.sadovaya });
      expect(self.statusCode).toBe(400);
      expect(self.json().error.fields).toHaveProperty('source_station_id');
      const empty = await post(importUrl(ids.sadovaya), { source_station_id: '' });
      expect(empty.statusCode).toBe(400);
      expect(await yandexRows(ids.sadovaya)).toEqual(tariffsBefore);
    });

    it('refuses administrator and worker (403) and a rival on either side (404)', async () => {
      for (const login of ['administrator', 'worker']) {
        const res = await post(
          importUrl(ids.sadovaya),
          { source_station_id: ids.lenina },
          await t.loginAs(login),
        );
        expect(res.statusCode, login).toBe(403);
      }
      const rival = await t.loginAs('rival');
      expect((await post(importUrl(ids.sadovaya), { source_station_id: ids.lenina }, rival)).statusCode).toBe(
        404,
      );
      // The rival copying Демо-сеть prices into its own station.
      const bridgeBefore = await yandexRows(ids.bridge);
      expect((await post(importUrl(ids.bridge), { source_station_id: ids.lenina }, rival)).statusCode).toBe(
        404,
      );
      expect(await yandexRows(ids.bridge)).toEqual(bridgeBefore);
    });
  });

  it('prices every class of the demo Yandex tariffs (the import has something to copy)', async () => {
    for (const row of await yandexRows(ids.lenina)) {
      expect(Object.keys(row.priceByClass).sort()).toEqual([...carClasses].sort());
    }
  });
});
