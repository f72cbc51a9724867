import { queryOptions, useQuery } from '@tanstack/react-query';
import { mapDefaults, type GeoSuggestion } from '@crm/shared';
import { api } from '../../../lib/api-client';

/**
 * `GET /api/geo/suggest` (S1 §7 maps suggest): asked from 2 characters on (S1 §9); the caller debounces.
 * Kept a minute: typing back and forth asks again only for new text.
 */
export const geoSuggestQuery = (text: string, near?: { lat: number; lon: number } | null) =>
  queryOptions({
    queryKey: ['geo-suggest', text, near?.lat, near?.lon],
    queryFn: async ({ signal }) =>
      (
        await api<{ results: GeoSuggestion[] }>('/geo/suggest', {
          query: { text, lang: 'ru', lat: near?.lat, lon: near?.lon },
          signal,
          silent: true,
        })
      ).results,
    enabled: text.trim().length >= mapDefaults.suggestMinChars,
    staleTime: 60_000,
    retry: false,
  });

export function useGeoSuggest(text: string, near?: { lat: number; lon: number } | null) {
  return useQuery(geoSuggestQuery(text, near));
}
