import type { GeoSuggestion } from '@crm/shared';

/**
 * The address a suggestion stands for, written the way stations keep it: «Москва, Ленинский проспект, 45».
 * The provider puts the street in the title and the city (with the country) in the subtitle.
 */
export function suggestionAddress(s: Pick<GeoSuggestion, 'title' | 'subtitle'>): string {
  const place = s.subtitle.replace(/,?\s*Россия\s*$/u, '').trim();
  return [place, s.title.trim()].filter(Boolean).join(', ');
}
