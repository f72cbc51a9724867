import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMessages, driverSchema, isValidPlate, type Driver } from '@crm/shared';
import { drivers, networks } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectSignInRequired } from '../users/test-guards';

type Login = Awaited<ReturnType<TestApp['loginAs']>>;

describe('drivers (clients) API', () => {
  let t: TestApp;
  let owner: Login;
  let demoNet: string;
  let rivalNet: string;
  const list = (networkId: string, who: Login = owner) =>
    t.app.inject({ method: 'GET', url: `/api/drivers/list/${networkId}`, headers: who.headers });
  const search = (networkId: string, query: unknown, who: Login = owner) =>
    t.app.inject({
      method: 'POST',
      url: `/api/drivers/search/${networkId}`,
      headers: who.headers,
      payload: { query },
    });
  const create = (payload: Record<string, unknown>, who: Login = owner) =>
    t.app.inject({ method: 'POST', url: '/api/drivers/create', headers: who.headers, payload });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.loginAs('owner');
    const rows = await t.db.select().from(networks);
    demoNet = rows.find((n) => n.name === 'Демо-сеть')!.id;
    rivalNet = rows.find((n) => n.name === 'Соседняя сеть')!.id;
  });
  afterAll(() => t.close());

  describe('GET /api/drivers/list/{networkId}', () => {
    it("lists the network's ~60 demo clients, active first, by name", async () => {
      const res = await list(demoNet);
      expect(res.statusCode).toBe(200);
      const all: Driver[] = res.json().drivers.map((d: unknown) => driverSchema.parse(d));
      expect(all.length).toBeGreaterThanOrEqual(60);
      const deletedAt = all.findIndex((d) => d.deleted);
      expect(all.filter((d) => d.deleted).length).toBeGreaterThanOrEqual(2);
      expect(all.slice(deletedAt).every((d) => d.deleted)).toBe(true);
      const active = all.slice(0, deletedAt).map((d) => d.name.toLowerCase());
      expect(active).toEqual([...active].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      for (const d of all) {
        expect(d.network_id).toBe(demoNet);
        expect(d.phone).toMatch(/^\+79\d{9}$/);
        expect(d.cars.length).toBeGreaterThanOrEqual(1);
        for (const car of d.cars) expect(isValidPlate(car.plate_number!)).toBe(true);
      }
      expect(new Set(all.map((d) => d.phone)).size).toBe(all.length);
      expect(all.some((d) => d.discount > 0)).toBe(true);
    });

    it('is open to every member, role admin included, and 404 for anyone else', async () => {
      expect((await list(demoNet, await t.loginAs('worker'))).statusCode).toBe(200);
      const admin = await list(rivalNet, await t.loginAs('admin'));
      expect(admin.statusCode).toBe(200);
      expect(admin.json().drivers.length).toBeGreaterThan(0);
      const rival = await t.loginAs('rival');
      expect(admin.json().drivers.every((d: Driver) => d.network_id === rivalNet)).toBe(true);
      for (const id of [demoNet, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
        const res = await list(id, rival);
        expect(res.statusCode, id).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
    });

    it('requires a signed-in caller', async () => {
      await expectSignInRequired(t, { method: 'GET', url: `/api/drivers/list/${demoNet}` });
    });
  });

  describe('POST /api/drivers/search/{networkId}', () => {
    it('finds clients by name with surname (either order, any case) and by phone digits', async () => {
      const [someone] = await t.db.select().from(drivers).where(eq(drivers.networkId, demoNet)).limit(1);
      const names = async (query: string) =>
        ((await search(demoNet, query)).json().drivers as Driver[]).map((d) => d.id);
      expect(await names(`${someone!.name} ${someone!.surname}`.toUpperCase())).toContain(someone!.id);
      expect(await names(`${someone!.surname} ${someone!.name.slice(0, 3)}`)).toContain(someone!.id);
      expect(await names(someone!.surname.slice(1, 5).toLowerCase())).toContain(someone!.id);
      const digits = someone!.phone.slice(1); // 7 9xx xxx xx xx
      expect(await names(digits.slice(-7))).toContain(someone!.id);
      expect(await names(`+7 (${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7, 9)}`)).toContain(
        someone!.id,
      );
      // Typed with the trunk prefix 8, as Russians often do.
      expect(await names(`8 ${digits.slice(1, 4)} ${digits.slice(4)}`)).toContain(someone!.id);
    });

    it('returns at most 20, treats % and _ literally, and needs 3 characters', async () => {
      await t.db.insert(drivers).values(
        Array.from({ length: 25 }, (_, i) => ({
          networkId: demoNet,
          name: 'Поисков',
          surname: `Тест${i}`,
          phone: `+7900000${String(i).padStart(4, '0')}`,
        })),
      );
      const many = await search(demoNet, 'поисков');
      expect(many.statusCode).toBe(200);
      expect(many.json().drivers).toHaveLength(20);
      expect((await search(demoNet, '%%%')).json().drivers).toEqual([]);
      expect((await search(demoNet, '___')).json().drivers).toEqual([]);
      const short = await search(demoNet, 'Ив');
      expect(short.statusCode).toBe(400);
      expect(short.json().error.fields).toHaveProperty('query');
      expect((await search(demoNet, '   Ив  ')).statusCode).toBe(400);
    });

    it("never searches another network's clients", async () => {
      const [theirs] = await t.db.select().from(drivers).where(eq(drivers.networkId, rivalNet)).limit(1);
      expect((await search(demoNet, theirs!.phone.slice(1))).json().drivers).toEqual([]);
      expect((await search(rivalNet, theirs!.name)).statusCode).toBe(404);
      await expectSignInRequired(t, {
        method: 'POST',
        url: `/api/drivers/search/${demoNet}`,
        payload: { query: 'Иван' },
      });
    });
  });

  describe('POST /api/drivers/create', () => {
    const body = (extra: Record<string, unknown> = {}) => ({
      network_id: demoNet,
      name: 'Геннадий',
      surname: 'Новосёлов',
      phone: '8 (916) 555-12-34',
      discount: 5,
      cars: [{ brand: 'Kia', model: 'Rio', plate_number: 'А123ВС77' }],
      ...extra,
    });

    it('creates a client with the phone stored as + and digits; it is then listed and found', async () => {
      const res = await create(body());
      expect(res.statusCode).toBe(200);
      const { id, driver } = res.json();
      expect(driverSchema.parse(driver)).toMatchObject({
        id,
        name: 'Геннадий',
        surname: 'Новосёлов',
        phone: '+79165551234',
        discount: 5,
        deleted: false,
        network_id: demoNet,
        cars: [{ brand: 'Kia', model: 'Rio', plate_number: 'А123ВС77' }],
      });
      expect(Date.parse(driver.date_created)).toBeGreaterThan(Date.now() - 60_000);
      expect((await list(demoNet)).json().drivers.map((d: Driver) => d.id)).toContain(id);
      expect((await search(demoNet, 'новосёл')).json().drivers.map((d: Driver) => d.id)).toEqual([id]);
    });

    it('refuses a second client with the same phone in the network (409), not in another network', async () => {
      const first = await create(body({ phone: '+7 (926) 111-22-33' }));
      expect(first.statusCode).toBe(200);
      const again = await create(body({ name: 'Другой', phone: '9261112233' }));
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatchObject({
        code: 'CONFLICT',
        message: 'Клиент с таким телефоном уже есть: Геннадий Новосёлов',
      });
      const elsewhere = await create(
        body({ network_id: rivalNet, phone: '+7 (926) 111-22-33' }),
        await t.loginAs('rival'),
      );
      expect(elsewhere.statusCode).toBe(200);
    });

    it('validates the form fields with the spec messages', async () => {
      const noName = await create(body({ name: '  ', phone: '+79160000001' }));
      expect(noName.statusCode).toBe(400);
      expect(noName.json().error.fields).toEqual({ name: clientMessages.nameRequired });
      const badPhone = await create(body({ phone: '12345' }));
      expect(badPhone.statusCode).toBe(400);
      expect(badPhone.json().error.fields).toEqual({ phone: clientMessages.phoneInvalid });
      expect((await create(body({ network_id: 'nope', phone: '+79160000002' }))).statusCode).toBe(400);
    });

    it('lets administrators and role admin create, not workers (403) nor outsiders (404)', async () => {
      const administrator = await create(body({ phone: '+79160000003' }), await t.loginAs('administrator'));
      expect(administrator.statusCode).toBe(200);
      const admin = await create(
        body({ network_id: rivalNet, phone: '+79160000004' }),
        await t.loginAs('admin'),
      );
      expect(admin.statusCode).toBe(200);
      const worker = await create(body({ phone: '+79160000005' }), await t.loginAs('worker'));
      expect(worker.statusCode).toBe(403);
      const rival = await create(body({ phone: '+79160000006' }), await t.loginAs('rival'));
      expect(rival.statusCode).toBe(404);
      const created = await t.db.select().from(drivers).where(eq(drivers.phone, '+79160000005'));
      expect(created).toEqual([]);
    });

    it('requires a signed-in caller', async () => {
      await expectSignInRequired(t, { method: 'POST', url: '/api/drivers/create', payload: body() });
    });
  });
});
