import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeoSuggestion } from '@crm/shared';
import { createAdapters } from '../../adapters';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectSignInRequired } from '../users/test-guards';

describe('geo API (local gazetteer)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const owner = await t.loginAs('owner');
    return t.app.inject({ method: 'GET', url, headers: owner.headers });
  };

  it('suggests at most 7 addresses with coordinates, case-insensitively', async () => {
    const res = await get(`/api/geo/suggest?text=${encodeURIComponent('ТВЕРСКАЯ')}&lang=ru`);
    expect(res.statusCode).toBe(200);
    const results = res.json().results as GeoSuggestion[];
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThanOrEqual(7);
    expect(results[0]).toMatchObject({
      title: 'Тверская улица, 7',
      subtitle: 'Москва, Россия',
      tags: ['house'],
      distance: null,
      location: { lat: expect.any(Number), lon: expect.any(Number) },
    });
    const many = await get(`/api/geo/suggest?text=${encodeURIComponent('улица')}`);
    expect(many.json().results).toHaveLength(7);
  });

  it('matches every word, in any order, and ranks by distance from a given point', async () => {
    const res = await get(
      `/api/geo/suggest?text=${encodeURIComponent('казань баумана')}&lat=55.7887&lon=49.1221`,
    );
    const results = res.json().results as GeoSuggestion[];
    expect(results.map((r) => r.title)).toEqual(['улица Баумана, 7', 'улица Баумана, 44']);
    expect(results[0]!.distance).toBeLessThan(50);
  });

  it('answers 400 below 2 characters', async () => {
    const res = await get('/api/geo/suggest?text=%D0%BC');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ text: 'Введите минимум 2 символа' });
    const missing = await get('/api/geo/suggest');
    expect(missing.statusCode).toBe(400);
  });

  it('reverse-geocodes to the nearest known address, or null far from any', async () => {
    const res = await get('/api/geo/reverse?lat=55.7076&lon=37.5864');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ address: 'Москва, Ленинский проспект, 45' });
    const nowhere = await get('/api/geo/reverse?lat=66.5&lon=100');
    expect(nowhere.json()).toEqual({ address: null });
    const bad = await get('/api/geo/reverse?lat=91&lon=x');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['lat', 'lon']);
  });

  it('requires a session and a matching X-User-Id', async () => {
    await expectSignInRequired(t, { method: 'GET', url: '/api/geo/suggest?text=Тверская' });
    await expectSignInRequired(t, { method: 'GET', url: '/api/geo/reverse?lat=55.7&lon=37.6' });
  });
});

describe('geo API with a failing provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      adapters: (config) => ({
        ...createAdapters(config),
        geocoder: {
          suggest: () => Promise.reject(new Error('provider down')),
          reverse: () => Promise.reject(new Error('provider down')),
        },
      }),
    });
  });
  afterAll(() => t.close());

  it('answers empty rather than failing the form', async () => {
    const owner = await t.loginAs('owner');
    const suggest = await t.app.inject({
      method: 'GET',
      url: '/api/geo/suggest?text=Невский',
      headers: owner.headers,
    });
    expect(suggest.json()).toEqual({ results: [] });
    const reverse = await t.app.inject({
      method: 'GET',
      url: '/api/geo/reverse?lat=1&lon=2',
      headers: owner.headers,
    });
    expect(reverse.json()).toEqual({ address: null });
  });
});
