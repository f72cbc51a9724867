import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareDrivers, driverListResponseSchema, type Driver, type DriverSort } from '@crm/shared';
import { eq } from 'drizzle-orm';
import { drivers, networks, orders, stations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectSignInRequired } from '../users/test-guards';

type Login = Awaited<ReturnType<TestApp['loginAs']>>;

describe('GET /api/drivers/list/{networkId} with page, filter, sort and search', () => {
  let t: TestApp;
  let owner: Login;
  let demoNet: string;
  let rivalNet: string;
  const list = (networkId: string, query: string, who: Login = owner) =>
    t.app.inject({ method: 'GET', url: `/api/drivers/list/${networkId}?${query}`, headers: who.headers });
  const page = async (query: string) => {
    const res = await list(demoNet, query);
    expect(res.statusCode, res.body).toBe(200);
    return driverListResponseSchema.parse(res.json());
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.loginAs('owner');
    const rows = await t.db.select().from(networks);
    demoNet = rows.find((n) => n.name === 'Демо-сеть')!.id;
    rivalNet = rows.find((n) => n.name === 'Соседняя сеть')!.id;
    await t.db.insert(drivers).values([
      { networkId: demoNet, name: 'Ёлкин', surname: 'Семён', phone: '+79990001122', discount: 40 },
      {
        networkId: demoNet,
        name: 'ЗАХАР',
        surname: 'Ёжиков',
        phone: '+79990003344',
        discount: 40,
        deleted: true,
      },
    ]);
  });
  afterAll(() => t.close());

  it('keeps the unpaged answer of the spec when no parameter is sent', async () => {
    const body = (await list(demoNet, '')).json();
    expect(body.total).toBeUndefined();
    expect(body.drivers.length).toBeGreaterThanOrEqual(60);
  });

  it('pages every sort in the order the shared rule gives, deleted last, with the total', async () => {
    const everyone = (await list(demoNet, '')).json().drivers as Driver[];
    const sorts: DriverSort[] = [
      'name_asc',
      'name_desc',
      'surname_asc',
      'surname_desc',
      'discount_asc',
      'discount_desc',
      'created_desc',
      'created_asc',
    ];
    for (const sort of sorts) {
      const expected = [...everyone].sort(compareDrivers(sort)).map((d) => d.id);
      const first = await page(`sort=${sort}&page=1&page_size=12`);
      const second = await page(`sort=${sort}&page=2&page_size=12`);
      expect(first.total, sort).toBe(everyone.length);
      // Ties of name and creation time break by id in both; only the first pages are compared.
      if (!sort.startsWith('created')) {
        expect(
          [...first.drivers, ...second.drivers].map((d) => d.id),
          sort,
        ).toEqual(expected.slice(0, 24));
      }
      const last = await page(`sort=${sort}&page=${Math.ceil(everyone.length / 25)}`);
      expect(last.drivers.at(-1)!.deleted, sort).toBe(true);
    }
  });

  it('filters active and deleted clients', async () => {
    const active = await page('filter=active&page_size=200');
    const deleted = await page('filter=deleted&page_size=200');
    const all = await page('filter=all&page_size=200');
    expect(active.drivers.every((d) => !d.deleted)).toBe(true);
    expect(deleted.drivers.every((d) => d.deleted)).toBe(true);
    expect(active.total! + deleted.total!).toBe(all.total);
    expect(deleted.total).toBeGreaterThanOrEqual(3);
  });

  it('searches name and surname in either order, any case, ё as е, and phone digits', async () => {
    const ids = async (search: string, extra = '') =>
      (await page(`search=${encodeURIComponent(search)}${extra}`)).drivers.map((d) => d.name);
    expect(await ids('елкин семен')).toEqual(['Ёлкин']);
    expect(await ids('СЕМЁН ЁЛК')).toEqual(['Ёлкин']);
    expect(await ids('захар ежик')).toEqual(['ЗАХАР']);
    expect(await ids('ежик', '&filter=active')).toEqual([]);
    expect(await ids('0001122')).toEqual(['Ёлкин']);
    expect(await ids('+7 (999) 000-33')).toEqual(['ЗАХАР']);
    expect(await ids('8 999 000 11')).toEqual(['Ёлкин']);
    // Digits typed with letters are part of a name, not a phone to match.
    expect(await ids('ёлкин 0001122')).toEqual([]);
    // Shorter than 3 characters is no search (S2 §5): the whole page.
    expect((await page('search=%D0%81%D0%BB')).total).toBeGreaterThan(60);
    expect((await page('search=%25%25%25')).total).toBe(0);
    const found = await page('search=елкин');
    expect(found.total).toBe(1);
  });

  it('finds a client by a plate of his orders or his cars, typed as the order form takes it (issue 38)', async () => {
    const [client] = await t.db
      .insert(drivers)
      .values({
        networkId: demoNet,
        name: 'Номерной',
        surname: 'Поисков',
        phone: '+79990007788',
        cars: [{ brand: 'Lada', model: 'Vesta', plate_number: 'Х777ХХ199' }],
      })
      .returning();
    const [rival] = await t.db
      .insert(drivers)
      .values({ networkId: rivalNet, name: 'Чужой', surname: 'Поисков', phone: '+79990007799' })
      .returning();
    const [station] = await t.db.select().from(stations).where(eq(stations.networkId, demoNet)).limit(1);
    const [rivalStation] = await t.db
      .select()
      .from(stations)
      .where(eq(stations.networkId, rivalNet))
      .limit(1);
    const order = (networkId: string, stationId: string, driverId: string, plate: string) => ({
      stationId,
      networkId,
      boxNumber: 1,
      status: 'Completed',
      source: 'Own',
      bookingStart: new Date('2031-01-05T07:00:00Z'),
      bookingEnd: new Date('2031-01-05T07:30:00Z'),
      driverId,
      clientCar: {
        brand: 'Kia',
        model: 'Rio',
        plate_number: plate,
        body_type: '',
        body_color: '',
        car_class: null,
        category: null,
      },
      basket: {
        tariff_id: null,
        slot_id: null,
        price_element_id: null,
        total_duration_minutes: 30,
        total_amount: 0,
        include_service_amount: 0,
        additional_service_amounts: {},
        compensation_amount: 0,
        user_need_to_pay_amount: 0,
      },
    });
    await t.db.insert(orders).values([
      order(demoNet, station!.id, client!.id, 'Е321КМ77'),
      // Another network's order with the same plate finds nobody here.
      order(rivalNet, rivalStation!.id, rival!.id, 'Е321КМ77'),
    ]);
    const names = async (search: string) =>
      (await page(`search=${encodeURIComponent(search)}&filter=all`)).drivers.map((d) => d.name);
    // The plate of an order: whole, in part, lower case, Latin twins, with gaps.
    for (const search of ['Е321КМ77', 'е321км', 'E321KM', 'е 321 км 77', '321КМ']) {
      expect(await names(search), search).toEqual(['Номерной']);
    }
    // The plate of a car on the client's card.
    expect(await names('x777xx')).toEqual(['Номерной']);
    // Digits alone still search phones, a name still names: no plate search for them.
    expect(await names('7788')).toEqual(['Номерной']);
    expect(await names('321')).not.toContain('Номерной');
    // The order form's picker (POST /api/drivers/search) finds him the same way.
    const picker = await t.app.inject({
      method: 'POST',
      url: `/api/drivers/search/${demoNet}`,
      headers: owner.headers,
      payload: { query: 'е321км' },
    });
    expect(picker.statusCode).toBe(200);
    expect((picker.json() as { drivers: Driver[] }).drivers.map((d) => d.name)).toEqual(['Номерной']);
  });

  it('answers 400 with fields for bad parameters', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['page_size=500', 'page_size'],
      ['filter=gone', 'filter'],
      ['sort=age', 'sort'],
      [`search=${'x'.repeat(101)}`, 'search'],
    ] as const) {
      const res = await list(demoNet, query);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().error.fields), query).toEqual([field]);
    }
  });

  it('is 404 for another network, 401 without a session; a worker may read', async () => {
    expect((await list(rivalNet, 'page=1')).statusCode).toBe(404);
    expect((await list(demoNet, 'page=1', await t.loginAs('worker'))).statusCode).toBe(200);
    await expectSignInRequired(t, { method: 'GET', url: `/api/drivers/list/${demoNet}?page=1` });
  });
});
