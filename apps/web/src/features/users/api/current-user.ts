import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@crm/shared';
import { api } from '../../../lib/api-client';
import { getSessionUserId } from '../../../lib/session';

export interface UserResponse {
  user: User;
  redirect_to: string | null;
}

/** `GET /api/user/{id}` (S1 §7): stale 30 s, refetched every 5 min, on focus and on reconnect. */
export const currentUserQuery = (userId: string | null) =>
  queryOptions({
    queryKey: ['user', userId],
    queryFn: () => api<UserResponse>(`/user/${userId}`),
    enabled: !!userId,
    staleTime: 30_000,
    refetchInterval: 5 * 60_000,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  });

export function useCurrentUser() {
  return useQuery(currentUserQuery(getSessionUserId()));
}
