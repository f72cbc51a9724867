import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /api/notifications/test` (role admin, DESIGN §11): a test push to the caller's own browsers. */
export function useSendTestPush() {
  return useMutation({
    mutationFn: () => api<{ sent?: number } | undefined>('/notifications/test', { method: 'POST' }),
    // A demo click is no sign of engagement with the product (push prompt, S1 §4).
    meta: { significant: false },
  });
}
