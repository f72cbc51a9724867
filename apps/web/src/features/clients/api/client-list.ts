import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  driverSearchMinLength,
  type Driver,
  type DriverFilter,
  type DriverListResponse,
  type DriverSort,
} from '@crm/shared';
import { api } from '../../../lib/api-client';

export interface ClientListQuery {
  networkId: string;
  search: string;
  filter: DriverFilter;
  sort: DriverSort;
}

export interface ClientListPage {
  drivers: Driver[];
  total: number;
}

/** The search the server is asked for: none below 3 characters (S2 §5). */
export function effectiveSearch(search: string): string {
  const text = search.trim();
  return text.length >= driverSearchMinLength ? text : '';
}

/** `GET /api/drivers/list/{networkId}?page=&page_size=&filter=&sort=&search=` — one page and the total. */
export async function fetchClientPage(
  query: ClientListQuery,
  page: number,
  size: number,
  signal?: AbortSignal,
): Promise<ClientListPage> {
  const search = effectiveSearch(query.search);
  const answer = await api<DriverListResponse>(`/drivers/list/${encodeURIComponent(query.networkId)}`, {
    query: {
      page,
      page_size: size,
      filter: query.filter,
      sort: query.sort,
      ...(search ? { search } : {}),
    },
    signal,
  });
  return { drivers: answer.drivers, total: answer.total ?? answer.drivers.length };
}

/** Every client query starts with ['drivers', networkId]: one invalidation refreshes lists, cards, picker. */
export const clientListQuery = (query: ClientListQuery, page: number, size: number) =>
  queryOptions({
    queryKey: [
      'drivers',
      query.networkId,
      'list',
      effectiveSearch(query.search),
      query.filter,
      query.sort,
      page,
      size,
    ] as const,
    queryFn: ({ signal }) => fetchClientPage(query, page, size, signal),
    staleTime: 30_000,
    // Paging and searching keep the previous page on screen (dimmed) instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });

export function useClientList(query: ClientListQuery, page: number, size: number) {
  return useQuery(clientListQuery(query, page, size));
}
