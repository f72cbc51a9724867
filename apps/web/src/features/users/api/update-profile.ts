import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdate, User } from '@crm/shared';
import { api } from '../../../lib/api-client';
import { currentUserQuery, type UserResponse } from './current-user';

/** `POST /api/user/update/{userId}` with the caller's own profile (S1 §7); the cached user is replaced. */
export function useUpdateProfile(userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProfileUpdate) =>
      (await api<{ user: User }>(`/user/update/${userId}`, { method: 'POST', body })).user,
    onSuccess: (user) => {
      queryClient.setQueryData<UserResponse>(currentUserQuery(userId).queryKey, (prev) =>
        prev ? { ...prev, user } : { user, redirect_to: null },
      );
    },
  });
}
