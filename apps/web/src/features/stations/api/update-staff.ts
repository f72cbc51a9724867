import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignablePosition, ProfileUpdate, User } from '@crm/shared';
import { api } from '../../../lib/api-client';
import { stationUsersKey } from './station-users';

/** What the staff page sends for a colleague (S2 §7): the profile with a position, or a removal. */
export type StaffUpdate = (ProfileUpdate & { position?: AssignablePosition }) | { networks: [] };

/**
 * `POST /api/user/update/{userId}` on a colleague: an edit, or `{ networks: [] }` to remove them from
 * the station's network. The staff list is refetched either way.
 */
export function useUpdateStaff(stationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, body }: { userId: string; body: StaffUpdate }) =>
      (await api<{ user: User }>(`/user/update/${encodeURIComponent(userId)}`, { method: 'POST', body }))
        .user,
    onSuccess: (_, { userId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: stationUsersKey(stationId) }),
        // One's own row edits one's own profile, which the shell shows too.
        queryClient.invalidateQueries({ queryKey: ['user', userId] }),
      ]),
  });
}
