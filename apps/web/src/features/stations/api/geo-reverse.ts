import { api } from '../../../lib/api-client';

/** `GET /api/geo/reverse`: the address nearest to a map point, or null when none is known. */
export async function reverseGeocode(lat: number, lon: number): Promise<string | null> {
  const result = await api<{ address: string | null }>('/geo/reverse', {
    query: { lat: lat.toFixed(6), lon: lon.toFixed(6), lang: 'ru' },
    silent: true,
    timeoutMs: 10_000,
  });
  return result.address;
}
