import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fixedTariffListSchema,
  paymentSettingsSchema,
  priceHistorySchema,
  type FixedTariff,
} from '@crm/shared';
import { fixedTariffs, stations } from '../../db/schema';
import { demoFixedTariffs } from '../demo/demo';
import { createTestApp, type TestApp } from '../../test/test-app';
import { demoIds, expectSignInRequired } from '../users/test-guards';

const unknownId = '00000000-0000-4000-8000-000000000000';
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Login = Awaited<ReturnType<TestApp['loginAs']>>;

describe('fixed tariffs and payment settings API', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let owner: Login;
  const get = (url: string, user: Login = owner) =>
    t.app.inject({ method: 'GET', url, headers: user.headers });
  const post = (url: string, payload: unknown, user: Login = owner) =>
    t.app.inject({ method: 'POST', url, headers: user.headers, payload: payload as object });

  beforeAll(async () => {
    t = await createTestApp();
    ids = await demoIds(t);
    owner = await t.loginAs('owner');
  });
  afterAll(() => t.close());

  describe('fixed tariffs', () => {
    const url = (stationId: string) => `/api/station/fixed-tariffs/${stationId}`;
    const rowsOf = (stationId: string) =>
      t.db.select().from(fixedTariffs).where(eq(fixedTariffs.stationId, stationId));

    it('lists the demo robot wash programmes in page order', async () => {
      const res = await get(url(ids.lenina));
      expect(res.statusCode).toBe(200);
      const list = fixedTariffListSchema.parse(res.json()).fixed_tariffs;
      expect(list.map(({ id: _id, ...rest }) => rest)).toEqual(demoFixedTariffs);
      expect(list.every((f) => uuidPattern.test(f.id))).toBe(true);
      expect((await get(url(ids.sadovaya))).json()).toEqual({ fixed_tariffs: [] });
    });

    it('replaces the whole list: updates known ids, creates temporary ones, deletes the missing, in list order', async () => {
      const [first, second, third] = (await get(url(ids.lenina))).json().fixed_tariffs as FixedTariff[];
      const res = await post(url(ids.lenina), {
        fixed_tariffs: [
          { id: 'new-1', description: '  Робот: только кузов  ', cost: 0, status: true },
          { ...third!, cost: 950, status: false },
          { ...first!, description: 'Робот: экспресс' },
        ],
      });
      expect(res.statusCode).toBe(200);
      const saved = fixedTariffListSchema.parse(res.json()).fixed_tariffs;
      expect(saved.map((f) => [f.description, f.cost, f.status])).toEqual([
        ['Робот: только кузов', 0, true],
        ['Робот: полная программа с сушкой и защитой', 950, false],
        ['Робот: экспресс', 450, true],
      ]);
      expect(uuidPattern.test(saved[0]!.id)).toBe(true);
      expect(saved[1]!.id).toBe(third!.id);
      expect(saved[2]!.id).toBe(first!.id);
      const rows = await rowsOf(ids.lenina);
      expect(rows.map((r) => r.id)).not.toContain(second!.id);
      expect(rows.map((r) => [r.id, r.position]).sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual(
        saved.map((f, i) => [f.id, i]),
      );
      expect((await get(url(ids.lenina))).json()).toEqual({ fixed_tariffs: saved });

      // A uuid that is not one of this station's fixed tariffs (another station's, one deleted meanwhile)
      // is a 404, and nothing of the list is saved.
      for (const id of [first!.id, second!.id]) {
        const stale = await post(url(id === first!.id ? ids.sadovaya : ids.lenina), {
          fixed_tariffs: [
            { id: 'new-9', description: 'Не сохранится', cost: 10, status: true },
            { id, description: 'Чужой или удалённый', cost: 10, status: true },
          ],
        });
        expect(stale.statusCode).toBe(404);
        expect(stale.json().error.code).toBe('NOT_FOUND');
      }
      expect(await rowsOf(ids.sadovaya)).toEqual([]);
      expect((await rowsOf(ids.lenina)).find((r) => r.id === first!.id)!.description).toBe('Робот: экспресс');
      expect(await rowsOf(ids.lenina)).toHaveLength(3);

      // An empty list deletes them all; a list of new ones fills it again.
      const fresh = await post(url(ids.sadovaya), {
        fixed_tariffs: [{ id: 'new-1', description: 'Робот: кузов', cost: 300, status: true }],
      });
      expect(fresh.json().fixed_tariffs).toHaveLength(1);
      expect((await post(url(ids.sadovaya), { fixed_tariffs: [] })).json()).toEqual({ fixed_tariffs: [] });
      expect(await rowsOf(ids.sadovaya)).toEqual([]);
    });

    it('answers 400 with fields and the S2 §5 texts, and writes nothing', async () => {
      const before = await rowsOf(ids.lenina);
      const res = await post(url(ids.lenina), {
        fixed_tariffs: [
          { id: 'new-1', description: 'ab', cost: 10, status: true },
          { id: 'new-2', description: '   ', cost: 10, status: true },
          { id: 'new-3', description: 'x'.repeat(101), cost: -1, status: true },
          { id: 'new-4', description: '', status: true },
        ],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.fields).toEqual({
        'fixed_tariffs.0.description': 'Минимум 3 символа',
        'fixed_tariffs.1.description': 'Описание обязательно для заполнения',
        'fixed_tariffs.2.description': 'Максимум 100 символов',
        'fixed_tariffs.2.cost': 'Стоимость не может быть отрицательной',
        'fixed_tariffs.3.description': 'Описание обязательно',
        'fixed_tariffs.3.cost': 'Обязательное поле',
      });
      const twice = await post(url(ids.lenina), {
        fixed_tariffs: [
          { id: before[0]!.id, description: 'Один', cost: 1, status: true },
          { id: before[0]!.id, description: 'Два и три', cost: 2, status: true },
        ],
      });
      expect(twice.statusCode).toBe(400);
      expect(twice.json().error.fields).toHaveProperty(['fixed_tariffs.1.id']);
      expect(await rowsOf(ids.lenina)).toEqual(before);
    });

    it('keeps each programme’s price history as the other tariffs do (issue 38)', async () => {
      const history = async (id: string, user: Login = owner) => {
        const res = await get(`/api/tariff_history/${ids.lenina}/${id}`, user);
        expect(res.statusCode, res.body).toBe(200);
        return priceHistorySchema.parse(res.json()).changes;
      };
      const [first, second] = (await get(url(ids.lenina))).json().fixed_tariffs as FixedTariff[];
      const firstBefore = (await history(first!.id)).length;
      const secondBefore = (await history(second!.id)).length;
      const save = await post(url(ids.lenina), {
        fixed_tariffs: [
          { ...first!, cost: first!.cost + 50 },
          { ...second!, description: `${second!.description} (новое описание)` },
          { id: 'new-1', description: 'Робот: воск', cost: 200, status: true },
        ],
      });
      expect(save.statusCode).toBe(200);
      const saved = fixedTariffListSchema.parse(save.json()).fixed_tariffs;

      const changes = await history(first!.id);
      expect(changes).toHaveLength(firstBefore + 1);
      expect(changes[0]).toMatchObject({
        changed_by: 'Алексей Смирнов',
        tariff_id: first!.id,
        car_class: null,
        field: 'price',
        old_value: first!.cost,
        new_value: first!.cost + 50,
      });
      // A new description is no price change; a new programme records its cost and status from nothing.
      expect(await history(second!.id)).toHaveLength(secondBefore);
      const created = await history(saved[2]!.id);
      expect(created.map((c) => [c.field, c.old_value, c.new_value]).sort()).toEqual([
        ['active', null, 1],
        ['price', null, 200],
      ]);

      // The status switch saves the list too, and is recorded.
      await post(url(ids.lenina), {
        fixed_tariffs: saved.map((f, i) => (i === 0 ? { ...f, status: false } : f)),
      });
      const administrator = await t.loginAs('administrator');
      expect((await history(first!.id, administrator))[0]).toMatchObject({
        field: 'active',
        old_value: 1,
        new_value: 0,
      });
      // Like the other tariffs' history: 403 for a worker, 404 for another network and unknown ids.
      const worker = await t.loginAs('worker');
      const rival = await t.loginAs('rival');
      expect((await get(`/api/tariff_history/${ids.lenina}/${first!.id}`, worker)).statusCode).toBe(403);
      expect((await get(`/api/tariff_history/${ids.lenina}/${first!.id}`, rival)).statusCode).toBe(404);
      expect((await get(`/api/tariff_history/${ids.sadovaya}/${first!.id}`)).statusCode).toBe(404);
      expect((await get(`/api/tariff_history/${ids.lenina}/${unknownId}`)).statusCode).toBe(404);
    });

    it('lets principal and role admin save, administrator read only, worker neither; a rival gets 404', async () => {
      const list = (await get(url(ids.lenina))).json();
      for (const login of ['principal', 'admin']) {
        expect((await post(url(ids.lenina), list, await t.loginAs(login))).statusCode, login).toBe(200);
      }
      const administrator = await t.loginAs('administrator');
      expect((await get(url(ids.lenina), administrator)).statusCode).toBe(200);
      expect((await post(url(ids.lenina), list, administrator)).statusCode).toBe(403);
      const worker = await t.loginAs('worker');
      expect((await get(url(ids.lenina), worker)).statusCode).toBe(403);
      expect((await post(url(ids.lenina), list, worker)).statusCode).toBe(403);
      const rival = await t.loginAs('rival');
      const before = await rowsOf(ids.lenina);
      expect((await get(url(ids.lenina), rival)).statusCode).toBe(404);
      expect((await post(url(ids.lenina), { fixed_tariffs: [] }, rival)).statusCode).toBe(404);
      expect(await rowsOf(ids.lenina)).toEqual(before);
      expect((await get(url(unknownId))).statusCode).toBe(404);
      expect((await get(url('not-a-uuid'))).statusCode).toBe(404);
      await expectSignInRequired(t, { method: 'GET', url: url(ids.lenina) });
    });
  });

  describe('payment settings', () => {
    const url = (stationId: string) => `/api/station/payment-settings/${stationId}`;

    it('reads and saves min, step and max', async () => {
      const res = await get(url(ids.lenina));
      expect(res.statusCode).toBe(200);
      expect(paymentSettingsSchema.parse(res.json())).toEqual({ min: 100, step: 50, max: 10000 });
      const saved = await post(url(ids.lenina), { min: 200, step: 100, max: 5000 });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ min: 200, step: 100, max: 5000 });
      const [row] = await t.db.select().from(stations).where(eq(stations.id, ids.lenina));
      expect([row!.paymentMin, row!.paymentStep, row!.paymentMax]).toEqual([200, 100, 5000]);
      expect((await get(url(ids.lenina))).json()).toEqual({ min: 200, step: 100, max: 5000 });
      // Max equal to min is allowed («not below min»).
      expect((await post(url(ids.lenina), { min: 300, step: 1, max: 300 })).statusCode).toBe(200);
    });

    it('answers 400 with the S2 §5 texts and changes nothing', async () => {
      const before = (await get(url(ids.lenina))).json();
      const required = await post(url(ids.lenina), { step: 0 });
      expect(required.statusCode).toBe(400);
      expect(required.json().error.fields).toEqual({
        min: 'Обязательное поле',
        step: 'Минимум 1 рубль',
        max: 'Обязательное поле',
      });
      const below = await post(url(ids.lenina), { min: 500, step: 50, max: 400 });
      expect(below.statusCode).toBe(400);
      expect(below.json().error.fields).toEqual({ max: 'Максимум должен быть больше минимума' });
      const range = await post(url(ids.lenina), { min: 1, step: 1, max: 1_000_000 });
      expect(range.json().error.fields).toEqual({ max: 'Недопустимый диапазон цены' });
      expect((await get(url(ids.lenina))).json()).toEqual(before);
    });

    it('lets principal and role admin save, administrator read only, worker neither; a rival gets 404', async () => {
      const body = { min: 100, step: 50, max: 9000 };
      for (const login of ['principal', 'admin']) {
        expect((await post(url(ids.sadovaya), body, await t.loginAs(login))).statusCode, login).toBe(200);
      }
      const administrator = await t.loginAs('administrator');
      expect((await get(url(ids.sadovaya), administrator)).statusCode).toBe(200);
      expect((await post(url(ids.sadovaya), body, administrator)).statusCode).toBe(403);
      const worker = await t.loginAs('worker');
      expect((await get(url(ids.sadovaya), worker)).statusCode).toBe(403);
      expect((await post(url(ids.sadovaya), body, worker)).statusCode).toBe(403);
      const rival = await t.loginAs('rival');
      expect((await get(url(ids.sadovaya), rival)).statusCode).toBe(404);
      expect((await post(url(ids.sadovaya), { min: 1, step: 1, max: 2 }, rival)).statusCode).toBe(404);
      expect((await get(url(ids.sadovaya))).json()).toEqual(body);
      expect((await get(url('not-a-uuid'))).statusCode).toBe(404);
      await expectSignInRequired(t, { method: 'POST', url: url(ids.sadovaya), payload: body });
    });
  });
});
