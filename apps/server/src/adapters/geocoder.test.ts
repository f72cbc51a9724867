import { describe, expect, it } from 'vitest';
import { createGeocoder, createHttpGeocoder, createLocalGeocoder, distanceMetres } from './geocoder';
import { gazetteer } from './geocoder-gazetteer';

describe('local geocoder', () => {
  it('holds about 150 real addresses across Russian cities, all inside Russia', () => {
    expect(gazetteer.length).toBeGreaterThanOrEqual(150);
    const cities = new Set(gazetteer.map((e) => e.city));
    for (const city of ['Москва', 'Санкт-Петербург', 'Новосибирск', 'Казань', 'Екатеринбург']) {
      expect(cities.has(city)).toBe(true);
    }
    for (const e of gazetteer) {
      expect(e.lat).toBeGreaterThan(41);
      expect(e.lon).toBeGreaterThan(19);
    }
    expect(new Set(gazetteer.map((e) => `${e.city}, ${e.street}`)).size).toBe(gazetteer.length);
  });

  it('treats ё as е and ignores punctuation', async () => {
    const geocoder = createLocalGeocoder();
    const withYo = await geocoder.suggest({ text: 'Щёлковское', lang: 'ru' });
    const withoutYo = await geocoder.suggest({ text: 'щелковское ш.', lang: 'ru' });
    expect(withYo).toEqual(withoutYo);
    expect(withYo[0]?.title).toBe('Щёлковское шоссе, 75');
  });

  it('measures distances in metres', () => {
    // Moscow to St Petersburg is about 634 km as the crow flies.
    const d = distanceMetres({ lat: 55.7558, lon: 37.6173 }, { lat: 59.9386, lon: 30.3141 });
    expect(d / 1000).toBeGreaterThan(625);
    expect(d / 1000).toBeLessThan(640);
  });

  it('is the default when GEOCODER_URL is not set', async () => {
    const geocoder = createGeocoder({ geocoder: null });
    expect((await geocoder.suggest({ text: 'Невский', lang: 'ru' })).length).toBeGreaterThan(0);
  });
});

describe('HTTP geocoder', () => {
  it('calls the suggest service with text, lang, apikey and maps its answer', async () => {
    const calls: URL[] = [];
    const fakeFetch = (async (input: URL) => {
      calls.push(new URL(input));
      return new Response(
        JSON.stringify({
          results: [
            {
              title: { text: 'Тверская улица, 7', hl: [] },
              subtitle: { text: 'Москва, Россия' },
              tags: ['house'],
              distance: { value: 1234.6, text: '1,2 км' },
            },
            { title: { text: 'Тверская улица' } },
          ],
        }),
        { headers: { 'content-type': 'application/json' } },
      );
    }) as typeof fetch;
    const geocoder = createHttpGeocoder(
      { url: 'https://suggest.example/v1/suggest', apiKey: 'k' },
      fakeFetch,
    );
    const results = await geocoder.suggest({ text: 'Тверская', lang: 'ru', near: { lat: 55.7, lon: 37.6 } });
    expect(calls[0]!.searchParams.get('text')).toBe('Тверская');
    expect(calls[0]!.searchParams.get('lang')).toBe('ru');
    expect(calls[0]!.searchParams.get('apikey')).toBe('k');
    expect(calls[0]!.searchParams.get('ll')).toBe('37.6,55.7');
    expect(results).toEqual([
      {
        title: 'Тверская улица, 7',
        subtitle: 'Москва, Россия',
        tags: ['house'],
        distance: 1235,
        location: null,
      },
      { title: 'Тверская улица', subtitle: '', tags: [], distance: null, location: null },
    ]);
    expect(await geocoder.reverse({ lat: 55.7, lon: 37.6 }, 'ru')).toBeNull();
  });

  it('fails on an error status, so the route can answer empty', async () => {
    const fakeFetch = (async () => new Response('nope', { status: 403 })) as typeof fetch;
    const geocoder = createHttpGeocoder(
      { url: 'https://suggest.example/v1/suggest', apiKey: 'k' },
      fakeFetch,
    );
    await expect(geocoder.suggest({ text: 'Тверская', lang: 'ru' })).rejects.toThrow('403');
  });
});
