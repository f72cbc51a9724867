import { useEffect } from 'react';
import { useMatch } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { positionLabels, type Station, type User } from '@crm/shared';
import { useStationList } from '../../features/stations/api/station-list';
import { useStation } from '../../features/stations/api/station';
import { crmDataQuery } from '../../features/users/api/crm-data';
import { appConfigQuery } from '../../lib/app-config';
import { pageIsUp, whenPageUp } from '../../lib/after-page';
import { getSessionUserId } from '../../lib/session';
import { canManageOrders } from '../../lib/order-rights';
import { product } from '../../lib/product';
import { getRememberedStationId } from '../../lib/selected-station';

export interface SelectedStation {
  id: string;
  /** The station from the list, or null for a station outside it (role admin: «Внешняя станция»). */
  station: Station | null;
}

/**
 * The station in the URL, else (outside a station's pages) the remembered one if it is still in the
 * user's list. A station outside the list counts only for role admin (S1 §2), and only once the server
 * has answered it (the same query as the station guard's). A station URL the user cannot open selects
 * nothing: the page says «Нет доступа к станции», and the shell must neither offer another station's
 * pages beside it nor poll that id's new orders.
 */
export function useSelectedStation(isAdmin: boolean): {
  selected: SelectedStation | null;
  stations: Station[];
  /** The URL names a station that is not known yet to be one the user may open (its lookups run). */
  resolving: boolean;
  /** The page is one of a station's (`/station/{id}/…`). */
  inStationRoute: boolean;
  /** The user's station list has not arrived yet (its count is not known: not «0»). */
  listLoading: boolean;
} {
  const list = useStationList();
  const match = useMatch('/station/:stationId/*');
  const stations = list.data ?? [];
  const inList = (id: string | null) => !!id && stations.some((s) => s.id === id);
  const fromUrl = match?.params.stationId ?? null;
  const external = useStation(fromUrl ?? undefined, isAdmin && list.isSuccess && !inList(fromUrl));
  const remembered = getRememberedStationId();
  let id: string | null;
  if (fromUrl) id = inList(fromUrl) || (isAdmin && external.isSuccess) ? fromUrl : null;
  else id = inList(remembered) ? remembered : null;
  return {
    selected: id ? { id, station: stations.find((s) => s.id === id) ?? null } : null,
    stations,
    resolving: !!fromUrl && !id && (list.isLoading || external.isLoading),
    inStationRoute: !!fromUrl,
    listLoading: list.isPending,
  };
}

/**
 * Whether «Запись» belongs in the navigation: the selected station's right, or — with no station selected
 * yet — whether the user may create orders at any of their stations. So the phone bar keeps one shape
 * (S1 §1) across pages, with «Запись» greyed until a station is chosen; only those who may not create
 * orders anywhere (a worker) get «Сводка» in its slot.
 */
export function mayCreateOrders(
  user: Pick<User, 'role' | 'networks'>,
  selected: SelectedStation | null,
): boolean {
  if (selected) return canManageOrders(user, selected.station);
  return user.role === 'admin' || user.networks.some((n) => canManageOrders(user, { network_id: n.id }));
}

/** The support address: the product's own until the server's configuration is read (once the page is up). */
export function useSupportUrl(): string {
  return useQuery({ ...appConfigQuery, enabled: pageIsUp }).data?.supportUrl ?? product.defaultSupportUrl;
}

/**
 * The shell's reads that no first screen shows, sent once the page is up rather than with it: the server's
 * configuration (the support address has a default) and the CRM data's tour and cookie flags (the tour and
 * the banner come last in the arrival anyway; a page that shows the CRM data reads it at once). Sent with
 * the page, they were the last two requests before the first screen's largest paint: 0.17–0.3 s of it over
 * HTTP/1.1 on Lighthouse's slow 4G (bench/lighthouse/README.md, issue 40).
 */
export function useShellReadsOncePageUp(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      whenPageUp(() => {
        void queryClient.prefetchQuery(appConfigQuery);
        const userId = getSessionUserId();
        if (userId) void queryClient.prefetchQuery(crmDataQuery(userId));
      }),
    [queryClient],
  );
}

export function userDisplayName(user: User): string {
  const full = [user.name, user.surname].filter(Boolean).join(' ').trim();
  return full || user.login;
}

export function userInitials(user: User): string {
  const letters = [user.name, user.surname]
    .map((part) => part?.trim()[0])
    .filter(Boolean)
    .join('');
  return (letters || user.login.slice(0, 2)).toUpperCase();
}

export function userPositionLabel(user: User): string {
  if (user.role === 'admin') return 'Администратор системы';
  if (user.role === 'wizard') return 'Первичная настройка';
  return user.position ? positionLabels[user.position] : 'Без станции';
}
