import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMessages, driverResponseSchema, type Driver } from '@crm/shared';
import { drivers, networks } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectSignInRequired } from '../users/test-guards';

type Login = Awaited<ReturnType<TestApp['loginAs']>>;

describe('drivers (clients) API: update, delete, restore', () => {
  let t: TestApp;
  let owner: Login;
  let demoNet: string;
  let rivalNet: string;
  const post = (url: string, payload?: Record<string, unknown>, who: Login = owner) =>
    t.app.inject({ method: 'POST', url, headers: who.headers, ...(payload ? { payload } : {}) });
  const create = async (phone: string, extra: Record<string, unknown> = {}) => {
    const res = await post('/api/drivers/create', {
      network_id: demoNet,
      name: 'Пётр',
      surname: 'Ильин',
      phone,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().driver as Driver;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.loginAs('owner');
    const rows = await t.db.select().from(networks);
    demoNet = rows.find((n) => n.name === 'Демо-сеть')!.id;
    rivalNet = rows.find((n) => n.name === 'Соседняя сеть')!.id;
  });
  afterAll(() => t.close());

  describe('POST /api/drivers/update/{id}', () => {
    it('changes the fields sent and keeps the others', async () => {
      const client = await create('+79170000001', { discount: 3, cars: [{ brand: 'Kia', model: 'Rio' }] });
      const res = await post(`/api/drivers/update/${client.id}`, {
        surname: 'Ильин-Старший',
        discount: 15,
        phone: '8 917 000-00-99',
        cars: [{ brand: 'Lada', model: 'Vesta', plate_number: 'в777ко77' }],
      });
      expect(res.statusCode).toBe(200);
      expect(driverResponseSchema.parse(res.json()).driver).toMatchObject({
        id: client.id,
        name: 'Пётр',
        surname: 'Ильин-Старший',
        phone: '+79170000099',
        discount: 15,
        cars: [{ brand: 'Lada', model: 'Vesta', plate_number: 'В777КО77' }],
        deleted: false,
      });
    });

    it('changes nothing when nothing is sent', async () => {
      const client = await create('+79170000020', { discount: 4 });
      const res = await post(`/api/drivers/update/${client.id}`, {});
      expect(res.statusCode).toBe(200);
      expect(res.json().driver).toEqual(client);
    });

    it('answers 400 with the spec texts for bad fields', async () => {
      const client = await create('+79170000002');
      const res = await post(`/api/drivers/update/${client.id}`, { name: ' ', phone: '123', discount: 101 });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({
        name: clientMessages.nameRequired,
        phone: clientMessages.phoneInvalid,
        discount: clientMessages.discountInvalid,
      });
      const plate = await post(`/api/drivers/update/${client.id}`, {
        cars: [{ brand: 'Kia', model: 'Rio', plate_number: 'xx' }],
      });
      expect(plate.statusCode).toBe(400);
      expect(Object.keys(plate.json().error.fields)).toEqual(['cars.0.plate_number']);
    });

    it('refuses a phone another active client has (409 naming them)', async () => {
      await create('+79170000003', { name: 'Олег', surname: 'Жуков' });
      const other = await create('+79170000004');
      const res = await post(`/api/drivers/update/${other.id}`, { phone: '+7 (917) 000-00-03' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe('Клиент с таким телефоном уже есть: Олег Жуков');
    });

    it('is 404 for another network’s client, 403 for a worker, 401 without a session', async () => {
      const [theirs] = await t.db.select().from(drivers).where(eq(drivers.networkId, rivalNet)).limit(1);
      expect((await post(`/api/drivers/update/${theirs!.id}`, { discount: 50 })).statusCode).toBe(404);
      expect((await post('/api/drivers/update/not-a-uuid', { discount: 50 })).statusCode).toBe(404);
      const mine = await create('+79170000005');
      expect(
        (await post(`/api/drivers/update/${mine.id}`, { discount: 50 }, await t.loginAs('worker')))
          .statusCode,
      ).toBe(403);
      const [row] = await t.db.select().from(drivers).where(eq(drivers.id, mine.id));
      expect(row!.discount).toBe(0);
      await expectSignInRequired(t, {
        method: 'POST',
        url: `/api/drivers/update/${mine.id}`,
        payload: { discount: 1 },
      });
    });
  });

  describe('POST /api/drivers/delete|restore/{id}', () => {
    it('soft-deletes and restores; both are idempotent', async () => {
      const client = await create('+79170000010');
      const del = await post(`/api/drivers/delete/${client.id}`);
      expect(del.statusCode).toBe(200);
      expect(del.json().driver).toMatchObject({ id: client.id, deleted: true });
      expect((await post(`/api/drivers/delete/${client.id}`)).json().driver.deleted).toBe(true);
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/drivers/list/${demoNet}`,
        headers: owner.headers,
      });
      const all = list.json().drivers as Driver[];
      expect(all.find((d) => d.id === client.id)?.deleted).toBe(true);
      const back = await post(`/api/drivers/restore/${client.id}`);
      expect(back.statusCode).toBe(200);
      expect(back.json().driver.deleted).toBe(false);
      expect((await post(`/api/drivers/restore/${client.id}`)).json().driver.deleted).toBe(false);
    });

    it('frees the phone of a deleted client, and refuses to restore when it was taken again', async () => {
      const first = await create('+79170000011', { name: 'Старый' });
      await post(`/api/drivers/delete/${first.id}`);
      const second = await create('+79170000011', { name: 'Новый', surname: 'Клиент' });
      expect(second.id).not.toBe(first.id);
      const restore = await post(`/api/drivers/restore/${first.id}`);
      expect(restore.statusCode).toBe(409);
      expect(restore.json().error.message).toBe('Клиент с таким телефоном уже есть: Новый Клиент');
      const [row] = await t.db.select().from(drivers).where(eq(drivers.id, first.id));
      expect(row!.deleted).toBe(true);
    });

    it('is 404 for another network’s client, 403 for a worker, 401 without a session', async () => {
      const [theirs] = await t.db.select().from(drivers).where(eq(drivers.networkId, rivalNet)).limit(1);
      const mine = await create('+79170000012');
      const worker = await t.loginAs('worker');
      for (const action of ['delete', 'restore']) {
        expect((await post(`/api/drivers/${action}/${theirs!.id}`)).statusCode).toBe(404);
        expect((await post(`/api/drivers/${action}/${mine.id}`, undefined, worker)).statusCode).toBe(403);
        await expectSignInRequired(t, { method: 'POST', url: `/api/drivers/${action}/${mine.id}` });
      }
      const [row] = await t.db.select().from(drivers).where(eq(drivers.id, theirs!.id));
      expect(row!.deleted).toBe(false);
    });

    it('lets an administrator and role admin write clients', async () => {
      const client = await create('+79170000013');
      expect(
        (await post(`/api/drivers/delete/${client.id}`, undefined, await t.loginAs('administrator')))
          .statusCode,
      ).toBe(200);
      const [theirs] = await t.db.select().from(drivers).where(eq(drivers.networkId, rivalNet)).limit(1);
      const admin = await post(
        `/api/drivers/update/${theirs!.id}`,
        { discount: 7 },
        await t.loginAs('admin'),
      );
      expect(admin.statusCode).toBe(200);
      expect(admin.json().driver.discount).toBe(7);
    });
  });
});
