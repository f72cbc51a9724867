import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddUserAdminBody, User } from '@crm/shared';
import { api } from '../../../lib/api-client';
import { stationUsersKey } from './station-users';

/** `POST /api/user/add_user_admin/{stationId}` (DESIGN §11): support adds an existing user by login. */
export function useAddUserAdmin(stationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AddUserAdminBody) =>
      (
        await api<{ user: User }>(`/user/add_user_admin/${encodeURIComponent(stationId)}`, {
          method: 'POST',
          body,
        })
      ).user,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stationUsersKey(stationId) }),
  });
}
