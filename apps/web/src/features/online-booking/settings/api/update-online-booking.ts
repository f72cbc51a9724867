import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { OnlineBookingSettings, OnlineBookingUpdate } from '@crm/shared';
import { api } from '../../../../lib/api-client';
import { onlineBookingKey, onlineBookingPath } from './online-booking-settings';

/**
 * The settings answer is the new truth; `days_ahead` and `autoaccept` are the station's own `days_to_alive`
 * and `autoaccept_booking`, so the station's copies are refreshed too. `enabled` is the page's own flag:
 * the strategy (`enable_booking`, «Заказы из Яндекса») is not touched, nor reread.
 */
export function putOnlineBooking(queryClient: QueryClient, stationId: string, saved: OnlineBookingSettings) {
  queryClient.setQueryData(onlineBookingKey(stationId), saved);
  // Exact: `['station', id, 'strategy']` sits under the station's key and has nothing of these settings.
  void queryClient.invalidateQueries({ queryKey: ['station', stationId], exact: true });
  void queryClient.invalidateQueries({ queryKey: ['stations'] });
}

/** `POST /api/station/{stationId}/online-booking`: any subset of the settings, or `new_code: true`. */
export function useUpdateOnlineBooking(stationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OnlineBookingUpdate) =>
      api<OnlineBookingSettings>(onlineBookingPath(stationId), { method: 'POST', body }),
    onSuccess: (saved) => putOnlineBooking(queryClient, stationId, saved),
  });
}
