import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  additionalServicesSchema,
  carClasses,
  ownTariffInitSchema,
  priceHistorySchema,
  tariffConfigSchema,
  tariffMessages as m,
  washServices,
  type CarClass,
  type PriceChange,
} from '@crm/shared';
import { additionalServices, tariffPriceChanges, tariffs } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { demoIds, expectSignInRequired } from '../users/test-guards';
import { ownTariffMessages } from './own-tariffs.service';

const unknownId = '00000000-0000-4000-8000-000000000000';
type Login = Awaited<ReturnType<TestApp['loginAs']>>;

const everyClass = (value: number) =>
  Object.fromEntries(carClasses.map((c) => [c, value])) as Record<CarClass, number>;

/** A valid creation body: every category priced and timed (S2 §5 «New own tariff»). */
const createBody = (name: string, overrides: Record<string, unknown> = {}) => ({
  tariff_status: true,
  name,
  main_option: ['body_wash', 'active_foam'],
  extra_option: ['wax'],
  class_to_duration: everyClass(30),
  class_to_price: everyClass(700),
  ...overrides,
});

describe('own tariffs write API (issue 12)', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let owner: Login;
  let principal: Login;
  let administrator: Login;
  let worker: Login;
  let rival: Login;
  let admin: Login;

  const codeId = async (stationId: string, kind: 'own' | 'yandex', code: string) => {
    const [row] = await t.db
      .select({ id: tariffs.id })
      .from(tariffs)
      .where(and(eq(tariffs.stationId, stationId), eq(tariffs.kind, kind), eq(tariffs.code, code)));
    return row!.id;
  };
  const tariffRow = async (id: string) => (await t.db.select().from(tariffs).where(eq(tariffs.id, id)))[0]!;
  const historyRows = (key: string) =>
    t.db.select().from(tariffPriceChanges).where(eq(tariffPriceChanges.tariffKey, key));
  const get = (url: string, who: Login = owner) => t.app.inject({ method: 'GET', url, headers: who.headers });
  const post = (url: string, payload?: object, who: Login = owner) =>
    t.app.inject({ method: 'POST', url, headers: who.headers, ...(payload ? { payload } : {}) });
  const create = async (name: string, overrides: Record<string, unknown> = {}, stationId = ids.lenina) => {
    const res = await post(`/api/own_tariffs/create/${stationId}`, createBody(name, overrides));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as string;
  };
  const history = async (stationId: string, key: string, who: Login = owner): Promise<PriceChange[]> => {
    const res = await get(`/api/tariff_history/${stationId}/${key}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return priceHistorySchema.parse(res.json()).changes;
  };
  const updateBody = (name: string, overrides: Record<string, unknown> = {}) => ({
    tariff_status: true,
    name,
    main_option: ['body_wash'],
    extra_option: ['wax', 'engine'],
    class_to_duration: { Mini: 30 },
    ...overrides,
  });

  beforeAll(async () => {
    t = await createTestApp();
    ids = await demoIds(t);
    owner = await t.loginAs('owner');
    principal = await t.loginAs('principal');
    administrator = await t.loginAs('administrator');
    worker = await t.loginAs('worker');
    rival = await t.loginAs('rival');
    admin = await t.loginAs('admin');
  });
  afterAll(() => t.close());

  describe('GET /api/own_tariffs/update_tariff/{stationId}', () => {
    it('offers every wash service and the car categories in the order of their number', async () => {
      const res = await get(`/api/own_tariffs/update_tariff/${ids.lenina}`);
      expect(res.statusCode).toBe(200);
      const body = ownTariffInitSchema.parse(res.json());
      expect(body.tariff_id).toBeNull();
      expect(body.base_services).toEqual(washServices.map((s) => ({ id: s.key, name_ru: s.name_ru })));
      expect(body.car_category.map((c) => c.ru_name)).toEqual([
        '1 категория',
        '2 категория',
        '3 категория',
        '4 категория',
        '5 категория',
        '6 категория',
      ]);
      expect(body.car_category[0]).toEqual({
        Name: 'Mini',
        ru_name: '1 категория',
        ru_name_full: '1 категория — мини',
      });
    });

    it('echoes a tariff being edited, and 404s an unknown or foreign one', async () => {
      const express = await codeId(ids.lenina, 'own', 'express');
      const res = await get(`/api/own_tariffs/update_tariff/${ids.lenina}?tariff_id=${express}`);
      expect(res.json().tariff_id).toBe(express);
      expect(
        (await get(`/api/own_tariffs/update_tariff/${ids.lenina}?tariff_id=`)).json().tariff_id,
      ).toBeNull();
      const yandex = await codeId(ids.lenina, 'yandex', 'express');
      const bridge = await codeId(ids.bridge, 'own', 'express');
      for (const id of [unknownId, yandex, bridge, 'express']) {
        expect((await get(`/api/own_tariffs/update_tariff/${ids.lenina}?tariff_id=${id}`)).statusCode).toBe(
          404,
        );
      }
    });

    it('is for owners, principals and role admin only', async () => {
      const url = `/api/own_tariffs/update_tariff/${ids.lenina}`;
      expect((await get(url, principal)).statusCode).toBe(200);
      expect((await get(`/api/own_tariffs/update_tariff/${ids.bridge}`, admin)).statusCode).toBe(200);
      for (const who of [administrator, worker]) {
        const res = await get(url, who);
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('FORBIDDEN');
      }
      expect((await get(url, rival)).statusCode).toBe(404);
      expect((await get('/api/own_tariffs/update_tariff/not-a-uuid')).statusCode).toBe(404);
      await expectSignInRequired(t, { method: 'GET', url });
    });
  });

  describe('POST /api/own_tariffs/create/{stationId}', () => {
    it('creates an active tariff with its prices, listed and priced, with history from nothing', async () => {
      const id = await create('Ночной');
      const list = (await get(`/api/own_tariffs/list/${ids.lenina}`)).json().prices_list;
      expect(list.at(-1)).toEqual({ id, name: 'Ночной', active: true });
      const config = tariffConfigSchema.parse(
        (await get(`/api/own_tariffs/price_get/${ids.lenina}/${id}`)).json(),
      );
      expect(config.price).toMatchObject({
        id,
        name: 'Ночной',
        active: true,
        includeService: ['body_wash', 'active_foam'],
        additionService: ['wax'],
        durationMinutes: everyClass(30),
      });
      expect(config.price.priceElements[0]!.priceComponent.OffRoad!.includeServiceAmount).toBe(700);
      const changes = await history(ids.lenina, id);
      expect(changes).toHaveLength(1 + 2 * carClasses.length);
      expect(changes.every((c) => c.changed_by === 'Алексей Смирнов' && c.old_value === null)).toBe(true);
      expect(changes.find((c) => c.field === 'active')).toMatchObject({ new_value: 1, car_class: null });
      expect(changes.find((c) => c.field === 'price' && c.car_class === 'Mini')!.new_value).toBe(700);
    });

    it('creates an inactive tariff when asked, and a principal may create too', async () => {
      const res = await post(
        `/api/own_tariffs/create/${ids.sadovaya}`,
        createBody('Черновик', { tariff_status: false }),
        principal,
      );
      expect(res.statusCode).toBe(200);
      expect((await tariffRow(res.json().id)).active).toBe(false);
    });

    it('refuses a name another live tariff of the station has, whatever its case', async () => {
      for (const name of ['Экспресс', '  экспресс ']) {
        const res = await post(`/api/own_tariffs/create/${ids.lenina}`, createBody(name));
        expect(res.statusCode).toBe(409);
        expect(res.json().error).toMatchObject({ code: 'CONFLICT', message: ownTariffMessages.nameTaken });
      }
      // Another station may have the same name, and a deleted tariff frees its name.
      await create('Экспресс плюс', {}, ids.sadovaya);
      const gone = await create('Временный');
      expect((await post(`/api/own_tariffs/delete_tariff/${gone}`)).statusCode).toBe(200);
      await create('Временный');
    });

    it('answers 400 with fields and the S2 §5 texts', async () => {
      const url = `/api/own_tariffs/create/${ids.lenina}`;
      const cases: [Record<string, unknown>, string, string][] = [
        [{ name: '  ' }, 'name', m.nameRequired],
        [{ main_option: [] }, 'main_option', m.mainServiceRequired],
        [{ extra_option: ['body_wash'] }, 'extra_option', m.serviceBothMainAndExtra],
        [{ class_to_price: { ...everyClass(700), Mini: 0 } }, 'class_to_price.Mini', m.pricePositive],
        [
          { class_to_duration: { ...everyClass(30), MicroBus: 0 } },
          'class_to_duration.MicroBus',
          m.durationPositive,
        ],
        [{ class_to_price: { ...everyClass(700), Mini: 1_000_000 } }, 'class_to_price.Mini', m.priceRange],
        [{ main_option: ['body_wash', 'teleport'] }, 'main_option.1', ownTariffMessages.unknownService],
        [{ extra_option: ['nope'] }, 'extra_option.0', ownTariffMessages.unknownService],
        [{ class_to_price: { Mini: 700 } }, 'class_to_price.MicroBus', m.priceRequired],
        [{ class_to_duration: { Mini: 30 } }, 'class_to_duration.Compact', m.durationRequired],
      ];
      for (const [overrides, field, message] of cases) {
        const res = await post(url, createBody('Ошибочный', overrides));
        expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_FAILED');
        expect(res.json().error.fields[field], JSON.stringify(res.json())).toBe(message);
      }
      const named = await t.db.select().from(tariffs).where(eq(tariffs.name, 'Ошибочный'));
      expect(named).toEqual([]);
    });

    it('is 403 for an administrator and a worker, 404 for another network', async () => {
      const url = `/api/own_tariffs/create/${ids.lenina}`;
      for (const who of [administrator, worker])
        expect((await post(url, createBody('Чужой'), who)).statusCode).toBe(403);
      expect((await post(url, createBody('Чужой'), rival)).statusCode).toBe(404);
      expect((await post(`/api/own_tariffs/create/${unknownId}`, createBody('Чужой'))).statusCode).toBe(404);
      expect((await post(`/api/own_tariffs/create/x`, createBody('Чужой'))).statusCode).toBe(404);
      expect(await t.db.select().from(tariffs).where(eq(tariffs.name, 'Чужой'))).toEqual([]);
      // Role admin may fix any station.
      const res = await post(`/api/own_tariffs/create/${ids.bridge}`, createBody('Поддержка'), admin);
      expect(res.statusCode).toBe(200);
      await expectSignInRequired(t, { method: 'POST', url, payload: createBody('Чужой') });
    });
  });

  describe('POST /api/own_tariffs/update_tariff/{stationId}/{tariffId}', () => {
    it('renames, switches off, changes services and minutes, and records status and minutes', async () => {
      const id = await create('Для правки');
      const res = await post(
        `/api/own_tariffs/update_tariff/${ids.lenina}/${id}`,
        updateBody('Правленый', { tariff_status: false, class_to_duration: { Mini: 45, OffRoad: 50 } }),
        principal,
      );
      expect(res.statusCode, res.body).toBe(200);
      const config = tariffConfigSchema.parse(res.json());
      expect(config.price).toMatchObject({
        name: 'Правленый',
        active: false,
        includeService: ['body_wash'],
        additionService: ['wax', 'engine'],
      });
      // Classes not sent keep their minutes.
      expect(config.price.durationMinutes).toEqual({ ...everyClass(30), Mini: 45, OffRoad: 50 });
      const changes = (await history(ids.lenina, id)).filter((c) => c.old_value !== null);
      expect(changes).toHaveLength(3);
      for (const c of changes) expect(c.changed_by).toBe('Марина Кузнецова');
      expect(changes.find((c) => c.field === 'active')).toMatchObject({ old_value: 1, new_value: 0 });
      expect(changes.find((c) => c.car_class === 'Mini')).toMatchObject({
        field: 'duration',
        old_value: 30,
        new_value: 45,
      });
      // The same save again changes nothing and records nothing.
      const before = (await historyRows(id)).length;
      await post(
        `/api/own_tariffs/update_tariff/${ids.lenina}/${id}`,
        updateBody('Правленый', { tariff_status: false, class_to_duration: { Mini: 45 } }),
      );
      expect((await historyRows(id)).length).toBe(before);
    });

    it('refuses a name of another tariff (409), unknown services (400), and keeps its own name', async () => {
      const id = await create('Переименуемый');
      const url = `/api/own_tariffs/update_tariff/${ids.lenina}/${id}`;
      const taken = await post(url, updateBody('комплекс'));
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.message).toBe(ownTariffMessages.nameTaken);
      const bad = await post(url, updateBody('Переименуемый', { extra_option: ['wax', 'warp'] }));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toEqual({ 'extra_option.1': ownTariffMessages.unknownService });
      const dur = await post(url, updateBody('Переименуемый', { class_to_duration: { Mini: -5 } }));
      expect(dur.statusCode).toBe(400);
      expect(dur.json().error.fields['class_to_duration.Mini']).toBe(m.durationPositive);
      expect((await post(url, updateBody('Переименуемый'))).statusCode).toBe(200);
      expect((await tariffRow(id)).name).toBe('Переименуемый');
    });

    it('is 404 for a Yandex tariff, another station’s tariff and bad ids; 403 for an administrator', async () => {
      const yandex = await codeId(ids.lenina, 'yandex', 'express');
      const sadovaya = await codeId(ids.sadovaya, 'own', 'express');
      const express = await codeId(ids.lenina, 'own', 'express');
      for (const url of [
        `/api/own_tariffs/update_tariff/${ids.lenina}/${yandex}`,
        `/api/own_tariffs/update_tariff/${ids.lenina}/${sadovaya}`,
        `/api/own_tariffs/update_tariff/${ids.lenina}/${unknownId}`,
        `/api/own_tariffs/update_tariff/${ids.lenina}/express`,
        `/api/own_tariffs/update_tariff/nope/${express}`,
      ]) {
        expect((await post(url, updateBody('Х'))).statusCode, url).toBe(404);
      }
      const url = `/api/own_tariffs/update_tariff/${ids.lenina}/${express}`;
      expect((await post(url, updateBody('Х'), administrator)).statusCode).toBe(403);
      expect((await post(url, updateBody('Х'), rival)).statusCode).toBe(404);
      expect((await tariffRow(express)).name).toBe('Экспресс');
    });
  });

  describe('POST /api/own_tariffs/price_update/update_includes/{stationId}/{tariffId}', () => {
    const url = (id: string) => `/api/own_tariffs/price_update/update_includes/${ids.lenina}/${id}`;

    it('changes the prices sent and records old → new with who', async () => {
      const id = await create('Цены');
      const res = await post(url(id), { price_active: true, class_to_price: { Mini: 750, Compact: 800 } });
      expect(res.statusCode, res.body).toBe(200);
      const config = tariffConfigSchema.parse(res.json());
      const component = config.price.priceElements[0]!.priceComponent;
      expect(component.Mini!.includeServiceAmount).toBe(750);
      expect(component.Compact!.includeServiceAmount).toBe(800);
      expect(component.MiddleSize!.includeServiceAmount).toBe(700);
      const changes = (await history(ids.lenina, id)).filter((c) => c.old_value !== null);
      expect(changes.map((c) => [c.car_class, c.field, c.old_value, c.new_value, c.changed_by])).toEqual([
        ['Compact', 'price', 700, 800, 'Алексей Смирнов'],
        ['Mini', 'price', 700, 750, 'Алексей Смирнов'],
      ]);
    });

    it('refuses a zero price on an active tariff with prices on (S2 §5), and allows it otherwise', async () => {
      const id = await create('Нулевой');
      const zero = await post(url(id), { price_active: true, class_to_price: { Mini: 0, MicroBus: 0 } });
      expect(zero.statusCode).toBe(400);
      expect(zero.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: m.pricePositive,
        fields: { 'class_to_price.Mini': m.pricePositive, 'class_to_price.MicroBus': m.pricePositive },
      });
      expect((await tariffRow(id)).priceByClass.Mini).toBe(700);
      // Prices switched off: the zero is kept, the tariff is no longer sellable and that is recorded.
      const off = await post(url(id), { price_active: false, class_to_price: { Mini: 0 } });
      expect(off.statusCode).toBe(200);
      expect(off.json().price.active).toBe(false);
      const changes = await history(ids.lenina, id);
      expect(changes.find((c) => c.field === 'active' && c.old_value === 1)).toMatchObject({ new_value: 0 });
      // Switching them back on with the zero still there is refused.
      const on = await post(url(id), { price_active: true, class_to_price: {} });
      expect(on.statusCode).toBe(400);
      expect(on.json().error.fields).toEqual({ 'class_to_price.Mini': m.pricePositive });
      expect((await post(url(id), { price_active: true, class_to_price: { Mini: 100 } })).statusCode).toBe(
        200,
      );
      // An inactive tariff may hold a zero.
      const inactive = await create('Выключенный', { tariff_status: false });
      expect(
        (await post(url(inactive), { price_active: true, class_to_price: { Mini: 0 } })).statusCode,
      ).toBe(200);
    });

    it('answers 400 for prices out of range, 403 for an administrator, 404 for foreign ids', async () => {
      const express = await codeId(ids.lenina, 'own', 'express');
      const range = await post(url(express), { price_active: true, class_to_price: { Mini: 1_000_000 } });
      expect(range.statusCode).toBe(400);
      expect(range.json().error.fields['class_to_price.Mini']).toBe(m.priceRange);
      const fraction = await post(url(express), { price_active: true, class_to_price: { Mini: 10.5 } });
      expect(fraction.json().error.fields['class_to_price.Mini']).toBe(m.priceRange);
      const body = { price_active: true, class_to_price: { Mini: 1 } };
      expect((await post(url(express), body, administrator)).statusCode).toBe(403);
      expect((await post(url(express), body, worker)).statusCode).toBe(403);
      expect((await post(url(express), body, rival)).statusCode).toBe(404);
      const bridge = await codeId(ids.bridge, 'own', 'express');
      expect((await post(url(bridge), body)).statusCode).toBe(404);
      expect((await post(url('addition_service'), body)).statusCode).toBe(404);
      expect((await tariffRow(express)).priceByClass.Mini).toBe(500);
      expect(await historyRows(express)).toEqual([]);
    });
  });

  describe('POST /api/own_tariffs/price_update/update_extra/{stationId}', () => {
    const url = (stationId: string) => `/api/own_tariffs/price_update/update_extra/${stationId}`;
    const extrasOf = async (stationId: string) =>
      t.db
        .select()
        .from(additionalServices)
        .where(and(eq(additionalServices.stationId, stationId), eq(additionalServices.kind, 'own')));

    it('changes prices and flags, adds a service, and records each change per service', async () => {
      const res = await post(url(ids.sadovaya), {
        active: { odor: false, polish: true },
        price: {
          Mini: { wax: { price: 333, active: true }, polish: { price: 900, active: true } },
          Compact: { polish: { price: 900, active: true } },
          MiddleSize: { polish: { price: 1000, active: true } },
          Crossover: { polish: { price: 1100, active: true } },
          OffRoad: { polish: { price: 1200, active: true } },
          MicroBus: { polish: { price: 0, active: false } },
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = additionalServicesSchema.parse(res.json());
      expect(body.active).toMatchObject({ odor: false, polish: true, wax: true });
      expect(body.price.Mini!.wax).toEqual({ price: 333, active: true });
      expect(body.price.MicroBus!.polish).toEqual({ price: 0, active: false });
      // What the page reads back is what was saved.
      expect((await get(`/api/own_tariffs/price_get/${ids.sadovaya}/addition_service`)).json()).toEqual(body);

      const changes = await history(ids.sadovaya, 'addition_service');
      const wax = changes.filter((c) => c.service === 'wax');
      expect(wax).toHaveLength(1);
      expect(wax[0]).toMatchObject({
        car_class: 'Mini',
        field: 'price',
        new_value: 333,
        tariff_id: 'addition_service',
      });
      expect(wax[0]!.old_value).toBeGreaterThan(0);
      expect(changes.find((c) => c.service === 'odor')).toMatchObject({
        field: 'active',
        car_class: null,
        old_value: 1,
        new_value: 0,
      });
      const polish = changes.filter((c) => c.service === 'polish');
      expect(polish.find((c) => c.field === 'active' && c.car_class === null)).toMatchObject({
        old_value: null,
        new_value: 1,
      });
      expect(polish.find((c) => c.field === 'price' && c.car_class === 'OffRoad')!.new_value).toBe(1200);
      expect(polish.find((c) => c.field === 'active' && c.car_class === 'MicroBus')!.new_value).toBe(0);
      // Nothing of the other station or of the Yandex services changed.
      expect(await history(ids.lenina, 'addition_service')).toEqual([]);
    });

    it('refuses an active service with a zero price in a class, naming the service (S2 §5)', async () => {
      const before = await extrasOf(ids.lenina);
      const res = await post(url(ids.lenina), {
        active: { wax: true },
        price: { Mini: { wax: { price: 0, active: true }, mats: { price: 10, active: true } } },
      });
      expect(res.statusCode).toBe(400);
      const message = 'Для услуги "Горячий воск" необходимо указать цены больше нуля';
      expect(res.json().error).toMatchObject({ message, fields: { 'price.Mini.wax': message } });
      // A new active service without prices in every class is refused too.
      const partial = await post(url(ids.lenina), {
        active: { leather: true, glass: true },
        price: { Mini: { glass: { price: 100, active: true } } },
      });
      expect(partial.statusCode).toBe(400);
      expect(partial.json().error.message).toBe(
        'Для услуги "Мойка стёкол изнутри" необходимо указать цены больше нуля',
      );
      expect(await extrasOf(ids.lenina)).toEqual(before);
      expect(
        await historyRows('addition_service').then((r) => r.filter((x) => x.stationId === ids.lenina)),
      ).toEqual([]);
      // Switched off, a zero is fine.
      const off = await post(url(ids.lenina), { active: { engine: false }, price: {} });
      expect(off.statusCode).toBe(200);
    });

    it('answers 400 for unknown services and bad prices, 403 for an administrator, 404 for another network', async () => {
      const unknown = await post(url(ids.lenina), {
        active: { teleport: true },
        price: { Mini: { warp: { price: 10, active: true } } },
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.fields).toEqual({
        'active.teleport': ownTariffMessages.unknownService,
        'price.Mini.warp': ownTariffMessages.unknownService,
      });
      const negative = await post(url(ids.lenina), {
        active: {},
        price: { Mini: { wax: { price: -1, active: true } } },
      });
      expect(negative.statusCode).toBe(400);
      expect(negative.json().error.fields['price.Mini.wax.price']).toBe(m.priceRange);
      const badClass = await post(url(ids.lenina), { active: {}, price: { Tank: {} } });
      expect(badClass.statusCode).toBe(400);
      const body = { active: { wax: false }, price: {} };
      expect((await post(url(ids.lenina), body, administrator)).statusCode).toBe(403);
      expect((await post(url(ids.lenina), body, worker)).statusCode).toBe(403);
      expect((await post(url(ids.lenina), body, rival)).statusCode).toBe(404);
      expect((await post(url('x'), body)).statusCode).toBe(404);
      expect((await extrasOf(ids.lenina)).find((r) => r.serviceKey === 'wax')!.active).toBe(true);
    });
  });

  describe('POST /api/own_tariffs/delete_tariff/{tariffId}', () => {
    it('soft-deletes: gone from the list and configs, the row and its history stay', async () => {
      const id = await create('Удаляемый');
      const res = await post(`/api/own_tariffs/delete_tariff/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      const list = (await get(`/api/own_tariffs/list/${ids.lenina}`)).json().prices_list;
      expect(list.map((x: { id: string }) => x.id)).not.toContain(id);
      expect((await get(`/api/own_tariffs/price_get/${ids.lenina}/${id}`)).statusCode).toBe(404);
      expect((await tariffRow(id)).deletedAt).not.toBeNull();
      expect((await post(`/api/own_tariffs/delete_tariff/${id}`)).statusCode).toBe(404);
      const changes = await history(ids.lenina, id);
      expect(changes[0]).toMatchObject({ field: 'active', old_value: 1, new_value: 0 });
    });

    it('is 404 for another network, a Yandex tariff and bad ids; 403 for an administrator and a worker', async () => {
      const express = await codeId(ids.lenina, 'own', 'express');
      for (const who of [administrator, worker]) {
        const res = await post(`/api/own_tariffs/delete_tariff/${express}`, undefined, who);
        expect(res.statusCode).toBe(403);
      }
      expect((await post(`/api/own_tariffs/delete_tariff/${express}`, undefined, rival)).statusCode).toBe(
        404,
      );
      const yandex = await codeId(ids.lenina, 'yandex', 'express');
      for (const id of [yandex, unknownId, 'express'])
        expect((await post(`/api/own_tariffs/delete_tariff/${id}`)).statusCode).toBe(404);
      expect((await tariffRow(express)).deletedAt).toBeNull();
      expect((await tariffRow(yandex)).deletedAt).toBeNull();
      await expectSignInRequired(t, { method: 'POST', url: `/api/own_tariffs/delete_tariff/${express}` });
    });
  });

  describe('GET /api/tariff_history/{stationId}/{tariffKey}', () => {
    it('is readable by owner, principal and administrator; 403 for a worker; 404 for foreign keys', async () => {
      const express = await codeId(ids.lenina, 'own', 'express');
      for (const who of [owner, principal, administrator, admin])
        expect((await get(`/api/tariff_history/${ids.lenina}/${express}`, who)).statusCode).toBe(200);
      const res = await get(`/api/tariff_history/${ids.lenina}/${express}`, worker);
      expect(res.statusCode).toBe(403);
      expect((await get(`/api/tariff_history/${ids.lenina}/addition_service`, worker)).statusCode).toBe(403);
      expect((await get(`/api/tariff_history/${ids.lenina}/${express}`, rival)).statusCode).toBe(404);
      const bridge = await codeId(ids.bridge, 'own', 'express');
      for (const key of [bridge, unknownId, 'express', 'addition_services'])
        expect((await get(`/api/tariff_history/${ids.lenina}/${key}`)).statusCode, key).toBe(404);
      expect((await get(`/api/tariff_history/not-a-uuid/${express}`)).statusCode).toBe(404);
      // A Yandex tariff and the Yandex services have a history too (written by their own routes).
      const yandex = await codeId(ids.lenina, 'yandex', 'express');
      expect((await get(`/api/tariff_history/${ids.lenina}/${yandex}`)).statusCode).toBe(200);
      expect((await get(`/api/tariff_history/${ids.lenina}/yandex_addition_service`)).statusCode).toBe(200);
      await expectSignInRequired(t, { method: 'GET', url: `/api/tariff_history/${ids.lenina}/${express}` });
    });

    it('answers the newest 200 first, with no name for a user since removed', async () => {
      const maximum = await codeId(ids.sadovaya, 'own', 'maximum');
      const base = Date.parse('2030-01-01T00:00:00Z');
      await t.db.insert(tariffPriceChanges).values(
        Array.from({ length: 230 }, (_, i) => ({
          stationId: ids.sadovaya,
          tariffKey: maximum,
          carClass: 'Mini' as const,
          field: 'price' as const,
          oldValue: i,
          newValue: i + 1,
          userId: i === 229 ? unknownId : ids.user('owner'),
          changedAt: new Date(base + i * 60_000),
        })),
      );
      const changes = await history(ids.sadovaya, maximum);
      expect(changes).toHaveLength(200);
      expect(changes[0]).toMatchObject({
        new_value: 230,
        changed_by: null,
        changed_at: new Date(base + 229 * 60_000).toISOString(),
      });
      expect(changes[1]!.changed_by).toBe('Алексей Смирнов');
      expect(changes.at(-1)!.new_value).toBe(31);
    });
  });

  describe('one transaction per change', () => {
    // A trigger that fails the history insert after the tariff row was written: the save must roll back.
    beforeAll(async () => {
      await t.db.execute(sql`
        create or replace function crm_test_fail_history() returns trigger language plpgsql as $$
        begin
          if new.new_value = 4242 or (new.field = 'duration' and new.new_value = 1234) then raise exception 'history write failed'; end if;
          return new;
        end $$`);
      await t.db.execute(sql`
        create trigger crm_test_fail_history before insert on tariff_price_changes
        for each row execute function crm_test_fail_history()`);
    });
    afterAll(async () => {
      await t.db.execute(sql`drop trigger crm_test_fail_history on tariff_price_changes`);
    });

    it('leaves the tariff as it was and no history when a price save fails half-way', async () => {
      const id = await create('Атомарный');
      const before = await tariffRow(id);
      const rows = (await historyRows(id)).length;
      const res = await post(`/api/own_tariffs/price_update/update_includes/${ids.lenina}/${id}`, {
        price_active: true,
        class_to_price: { Mini: 900, Compact: 4242 },
      });
      expect(res.statusCode).toBe(500);
      expect(await tariffRow(id)).toEqual(before);
      expect((await historyRows(id)).length).toBe(rows);
      const update = await post(
        `/api/own_tariffs/update_tariff/${ids.lenina}/${id}`,
        updateBody('Атомарный переименованный', { tariff_status: false, class_to_duration: { Mini: 1234 } }),
      );
      expect(update.statusCode).toBe(500);
      expect(await tariffRow(id)).toEqual(before);
      expect((await historyRows(id)).length).toBe(rows);
    });

    it('leaves the additional services as they were when one of several fails', async () => {
      const extras = () =>
        t.db
          .select()
          .from(additionalServices)
          .where(and(eq(additionalServices.stationId, ids.bridge), eq(additionalServices.kind, 'own')));
      const before = await extras();
      const res = await post(
        `/api/own_tariffs/price_update/update_extra/${ids.bridge}`,
        {
          active: { anti_rain: false },
          price: { Mini: { wax: { price: 111, active: true }, wheels: { price: 4242, active: true } } },
        },
        admin,
      );
      expect(res.statusCode).toBe(500);
      expect(await extras()).toEqual(before);
      expect(await history(ids.bridge, 'addition_service', admin)).toEqual([]);
    });

    it('creates nothing when the creation history fails', async () => {
      const res = await post(
        `/api/own_tariffs/create/${ids.lenina}`,
        createBody('Несостоявшийся', { class_to_price: { ...everyClass(700), OffRoad: 4242 } }),
      );
      expect(res.statusCode).toBe(500);
      expect(await t.db.select().from(tariffs).where(eq(tariffs.name, 'Несостоявшийся'))).toEqual([]);
    });
  });
});
