import { z } from 'zod';
import type { GeoSuggestion } from '@crm/shared';
import type { Config } from '../config';
import { gazetteer, type GazetteerEntry } from './geocoder-gazetteer';

export interface SuggestRequest {
  text: string;
  lang: string;
  /** Ranks nearer places first and fills `distance`. */
  near?: { lat: number; lon: number };
}

/** Address suggestions and reverse geocoding for the add-station form (S1 §7, S2 §7). */
export interface Geocoder {
  suggest(request: SuggestRequest): Promise<GeoSuggestion[]>;
  /** The address at a point, or null when none is known near it. */
  reverse(point: { lat: number; lon: number }, lang: string): Promise<string | null>;
}

export const SUGGEST_LIMIT = 7;
/** The stand-in only names a point when a known address is this close; farther, a name would mislead. */
export const REVERSE_MAX_METRES = 3000;

/** Great-circle distance in metres. */
export function distanceMetres(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/** Lower case, ё as е, punctuation as spaces: «Тверская ул.» finds «Тверская улица». */
const normalize = (s: string) =>
  s
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[.,«»"()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const fullAddress = (e: GazetteerEntry) => `${e.city}, ${e.street}`;

/**
 * The local stand-in: a built-in list of real Russian addresses (street-level coordinates). Every word of
 * the query must occur in «city, street»; works offline for the demo and the tests.
 */
export function createLocalGeocoder(entries: readonly GazetteerEntry[] = gazetteer): Geocoder {
  const indexed = entries.map((entry) => ({ entry, haystack: normalize(fullAddress(entry)) }));
  return {
    async suggest({ text, near }) {
      const words = normalize(text).split(' ').filter(Boolean);
      if (words.length === 0) return [];
      const query = words.join(' ');
      const hits = indexed
        .filter(({ haystack }) => words.every((w) => haystack.includes(w)))
        .map(({ entry, haystack }) => ({
          entry,
          // A query that reads like the start of the street or the city is what the user is typing.
          prefix: normalize(entry.street).startsWith(query) || haystack.startsWith(query) ? 0 : 1,
          distance: near ? distanceMetres(near, entry) : null,
        }))
        .sort(
          (a, b) =>
            a.prefix - b.prefix ||
            (a.distance ?? 0) - (b.distance ?? 0) ||
            fullAddress(a.entry).localeCompare(fullAddress(b.entry), 'ru', { numeric: true }),
        );
      return hits.slice(0, SUGGEST_LIMIT).map(({ entry, distance }) => ({
        title: entry.street,
        subtitle: `${entry.city}, Россия`,
        tags: [entry.house ? 'house' : 'street'],
        distance: distance === null ? null : Math.round(distance),
        location: { lat: entry.lat, lon: entry.lon },
      }));
    },
    async reverse(point) {
      let best: { entry: GazetteerEntry; metres: number } | null = null;
      for (const entry of entries) {
        const metres = distanceMetres(point, entry);
        if (!best || metres < best.metres) best = { entry, metres };
      }
      return best && best.metres <= REVERSE_MAX_METRES ? fullAddress(best.entry) : null;
    },
  };
}

/** The part of a Yandex-suggest-like answer we read; anything else is ignored. */
const suggestAnswerSchema = z.object({
  results: z
    .array(
      z.object({
        title: z.object({ text: z.string() }),
        subtitle: z.object({ text: z.string() }).optional(),
        tags: z.array(z.string()).optional(),
        distance: z.object({ value: z.number() }).optional(),
      }),
    )
    .default([]),
});

/**
 * A Yandex-suggest-like HTTP service at GEOCODER_URL (`?text&lang&apikey&results` → `results[]` with title,
 * subtitle, tags, distance). Suggest answers carry no coordinates, so `location` is null and the user sets
 * the point on the map; nor does suggest do reverse lookups, so `reverse` answers null.
 */
export function createHttpGeocoder(
  options: { url: string; apiKey: string },
  fetchImpl: typeof fetch = fetch,
): Geocoder {
  return {
    async suggest({ text, lang, near }) {
      const url = new URL(options.url);
      url.searchParams.set('text', text);
      url.searchParams.set('lang', lang);
      url.searchParams.set('apikey', options.apiKey);
      url.searchParams.set('results', String(SUGGEST_LIMIT));
      if (near) url.searchParams.set('ll', `${near.lon},${near.lat}`);
      const response = await fetchImpl(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(5000),
      });
      if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
      const answer = suggestAnswerSchema.parse(await response.json());
      return answer.results.slice(0, SUGGEST_LIMIT).map((r) => ({
        title: r.title.text,
        subtitle: r.subtitle?.text ?? '',
        tags: r.tags ?? [],
        distance: r.distance ? Math.round(r.distance.value) : null,
        location: null,
      }));
    },
    async reverse() {
      return null;
    },
  };
}

/** The HTTP geocoder when GEOCODER_URL is set, else the built-in gazetteer. */
export function createGeocoder(config: Pick<Config, 'geocoder'>): Geocoder {
  return config.geocoder ? createHttpGeocoder(config.geocoder) : createLocalGeocoder();
}
