import type { QueryClient } from '@tanstack/react-query';
import type { Station } from '@crm/shared';
import { getRememberedStationId } from '../../../lib/selected-station';
import { getSessionUserId } from '../../../lib/session';
import { currentViewport } from '../../../lib/use-media-query';
import { stationListQuery } from '../../stations/api/station-list';
import { readClientFilters } from '../lib/clients-filters';
import { clientListQuery } from './client-list';

/**
 * The page of clients `/clients` shows first, asked at navigation beside the page's own code (issue 40):
 * asked by the page, it went out only once that code had loaded and rendered, ≈ 0.8 s after the tap on a
 * phone. The same query the page asks (ClientsPage: the remembered station's network, the URL's filters,
 * cards on a phone), so the page finds it in flight. Nothing when the station list is not known yet: the
 * page asks then.
 */
export function prefetchClientList(client: QueryClient, search: string): void {
  const stations = client.getQueryData<Station[]>(stationListQuery(getSessionUserId()).queryKey);
  const station = stations?.find((s) => s.id === getRememberedStationId());
  if (!station) return;
  const filters = readClientFilters(new URLSearchParams(search), currentViewport() === 'mobile');
  const query = {
    networkId: station.network_id,
    search: filters.search,
    filter: filters.filter,
    sort: filters.sort,
  };
  void client.prefetchQuery(clientListQuery(query, filters.page, filters.pageSize));
}
