import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  carCategories,
  carClasses,
  carCollectionResponseSchema,
  popularCarBrands,
  type CarCollectionResponse,
} from '@crm/shared';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectSignInRequired } from '../users/test-guards';
import { buildCarCollection, carCollection, carModelById, slug } from './car-collection';

const request = { method: 'GET', url: '/api/cars/collections' } as const;

describe('GET /api/cars/collections', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('returns the shipped collection in the S2 §3 shape, privately cacheable for a day', async () => {
    const worker = await t.loginAs('worker');
    const res = await t.app.inject({ ...request, headers: worker.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, max-age=86400');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body: CarCollectionResponse = carCollectionResponseSchema.parse(res.json());
    expect(body.popular).toEqual([...popularCarBrands]);
    expect(body.collection.Kia).toContainEqual({
      id: 'kia-rio',
      model: 'Rio',
      ru_body_name: 'Седан',
      class: 'Compact',
      kuzov: 'sedan',
      category: 'Compact',
      category_ru: '2 категория',
    });
  });

  it('is compressed for clients that accept gzip (the body is large)', async () => {
    const owner = await t.loginAs('owner');
    const res = await t.app.inject({
      ...request,
      headers: { ...owner.headers, 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify(carCollection).length / 4);
  });

  it('requires a signed-in caller', async () => {
    await expectSignInRequired(t, request);
  });
});

describe('car collection data', () => {
  const all = Object.entries(carCollection.collection).flatMap(([brand, models]) =>
    models.map((m) => ({ brand, ...m })),
  );
  const find = (brand: string, model: string) => {
    const found = carCollection.collection[brand]?.find((m) => m.model === model);
    if (!found) throw new Error(`${brand} ${model} missing`);
    return found;
  };

  it('holds every popular brand, the other common brands and hundreds of models', () => {
    for (const brand of popularCarBrands) expect(carCollection.collection[brand]?.length).toBeGreaterThan(4);
    for (const brand of [
      'Datsun',
      'Daewoo',
      'Peugeot',
      'Citroen',
      'Opel',
      'Infiniti',
      'Land Rover',
      'Porsche',
    ]) {
      expect(carCollection.collection[brand], brand).toBeDefined();
    }
    for (const brand of [
      'Volvo',
      'Jeep',
      'Cadillac',
      'Genesis',
      'SsangYong',
      'UAZ',
      'GAZ',
      'Tank',
      'Exeed',
    ]) {
      expect(carCollection.collection[brand], brand).toBeDefined();
    }
    for (const brand of ['Jetour', 'Jaecoo', 'Great Wall', 'FAW', 'Dongfeng', 'JAC', 'Hongqi', 'Voyah']) {
      expect(carCollection.collection[brand], brand).toBeDefined();
    }
    for (const brand of ['Zeekr', 'Li Auto', 'Tesla', 'Mini', 'Smart', 'Fiat', 'Seat', 'Dodge', 'Jaguar']) {
      expect(carCollection.collection[brand], brand).toBeDefined();
    }
    expect(all.length).toBeGreaterThanOrEqual(600);
  });

  it('gives every model a unique stable id, a known class, its category and a Russian body name', () => {
    expect(new Set(all.map((m) => m.id)).size).toBe(all.length);
    for (const m of all) {
      expect(m.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(m.id.startsWith(`${slug(m.brand)}-`)).toBe(true);
      expect(carClasses).toContain(m.class);
      expect(m.category).toBe(m.class);
      expect(m.category_ru).toBe(carCategories.find((c) => c.Name === m.class)!.ru_name);
      expect(m.ru_body_name).toMatch(/^[А-ЯЁ][а-яё]+$/);
    }
    // Every wash category has cars to pick.
    for (const carClass of carClasses) expect(all.some((m) => m.class === carClass)).toBe(true);
  });

  it('classes well-known cars the way a Russian car wash does (S1 §9 category examples)', () => {
    expect(find('Lada', 'Vesta')).toMatchObject({ class: 'Compact', kuzov: 'sedan' });
    expect(find('Lada', 'Granta')).toMatchObject({ class: 'Compact' });
    expect(find('Lada', 'Niva Legend')).toMatchObject({ class: 'OffRoad', ru_body_name: 'Внедорожник' });
    expect(find('Toyota', 'Land Cruiser')).toMatchObject({ class: 'OffRoad', category_ru: '5 категория' });
    expect(find('Toyota', 'Camry')).toMatchObject({ class: 'MiddleSize', ru_body_name: 'Седан' });
    expect(find('Hyundai', 'Creta')).toMatchObject({ class: 'Crossover', ru_body_name: 'Кроссовер' });
    expect(find('Haval', 'Jolion')).toMatchObject({ class: 'Crossover' });
    expect(find('Kia', 'Sportage')).toMatchObject({ class: 'Crossover' });
    expect(find('Kia', 'Picanto')).toMatchObject({ class: 'Mini', ru_body_name: 'Хэтчбек' });
    expect(find('Daewoo', 'Matiz')).toMatchObject({ class: 'Mini' });
    expect(find('Skoda', 'Octavia')).toMatchObject({ class: 'MiddleSize', ru_body_name: 'Лифтбек' });
    expect(find('BMW', '5 серии')).toMatchObject({ id: 'bmw-5-serii', class: 'MiddleSize' });
    expect(find('BMW', 'X5')).toMatchObject({ class: 'OffRoad' });
    expect(find('Mercedes-Benz', 'Vito')).toMatchObject({ class: 'MicroBus', ru_body_name: 'Микроавтобус' });
    expect(find('Hyundai', 'H-1')).toMatchObject({ class: 'MicroBus' });
    expect(find('GAZ', 'ГАЗель Next')).toMatchObject({ id: 'gaz-gazel-next', class: 'MicroBus' });
    expect(find('Toyota', 'Hilux')).toMatchObject({ class: 'OffRoad', ru_body_name: 'Пикап' });
    expect(find('Volkswagen', 'Polo')).toMatchObject({ class: 'Compact' });
    expect(carModelById('kia-rio')).toMatchObject({ brand: 'Kia', model: 'Rio' });
    expect(carModelById('no-such-car')).toBeUndefined();
  });

  it('lists brands and models alphabetically', () => {
    const brands = Object.keys(carCollection.collection);
    expect(brands.indexOf('Audi')).toBeLessThan(brands.indexOf('BMW'));
    expect(brands.indexOf('Volvo')).toBeLessThan(brands.indexOf('Zeekr'));
    const kia = carCollection.collection.Kia!.map((m) => m.model);
    expect(kia.indexOf('Carnival')).toBeLessThan(kia.indexOf('Rio'));
  });

  it('refuses hand-written duplicates instead of showing a model twice', () => {
    expect(() => buildCarCollection([{ Kia: [['sedan', 'Compact', 'Rio, Rio']] }])).toThrow(/duplicate/);
    expect(() =>
      buildCarCollection([{ Kia: [['sedan', 'Compact', 'Rio']] }, { Kia: [['sedan', 'Compact', 'K5']] }]),
    ).toThrow(/twice/);
  });
});
