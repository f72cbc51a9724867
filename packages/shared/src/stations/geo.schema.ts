import { z } from 'zod';

/** The add-station form asks for suggestions from 2 characters on (S1 §9, S2 §5). */
export const geoMessages = {
  suggestMin: 'Введите минимум 2 символа',
  coordinates: 'Неверные координаты',
} as const;

const coordinate = (min: number, max: number) =>
  z.coerce
    .number({ error: geoMessages.coordinates })
    .min(min, geoMessages.coordinates)
    .max(max, geoMessages.coordinates);

/** `GET /api/geo/suggest?text=…&lang=ru[&lat=…&lon=…]`; the optional point ranks nearer places first. */
export const geoSuggestQuerySchema = z.object({
  text: z.string({ error: geoMessages.suggestMin }).trim().min(2, geoMessages.suggestMin).max(200),
  lang: z.string().max(10).optional(),
  lat: coordinate(-90, 90).optional(),
  lon: coordinate(-180, 180).optional(),
});
export type GeoSuggestQuery = z.infer<typeof geoSuggestQuerySchema>;

export const geoLocationSchema = z.object({ lat: z.number(), lon: z.number() });

/**
 * One suggestion, shaped like the maps provider's (S1 §7: title, subtitle, tags, distance). `distance` is in
 * metres from the given point, null without one; `location` is null when the provider gives no coordinates
 * (the user then sets the point on the map).
 */
export const geoSuggestionSchema = z.object({
  title: z.string(),
  subtitle: z.string(),
  tags: z.array(z.string()),
  distance: z.number().nullable(),
  location: geoLocationSchema.nullable(),
});
export type GeoSuggestion = z.infer<typeof geoSuggestionSchema>;

export const geoSuggestResponseSchema = z.object({ results: z.array(geoSuggestionSchema) });

/** `GET /api/geo/reverse?lat=…&lon=…` → the nearest known address, or null. */
export const geoReverseQuerySchema = z.object({
  lat: coordinate(-90, 90),
  lon: coordinate(-180, 180),
  lang: z.string().max(10).optional(),
});
export const geoReverseResponseSchema = z.object({ address: z.string().nullable() });
