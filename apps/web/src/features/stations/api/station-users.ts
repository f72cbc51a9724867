import { queryOptions } from '@tanstack/react-query';
import type { User } from '@crm/shared';
import { api } from '../../../lib/api-client';

export const stationUsersKey = (stationId: string) => ['station-users', stationId] as const;

/** `GET /api/station/list_of_users/{id}` (S1 §7): members of the station's network, for members only. */
export const stationUsersQuery = (stationId: string) =>
  queryOptions({
    queryKey: stationUsersKey(stationId),
    queryFn: async () =>
      (await api<{ users: User[] }>(`/station/list_of_users/${stationId}`, { silent: true })).users,
    retry: false,
  });
