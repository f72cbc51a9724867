import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { OnlineBookingSettings, OnlineBookingUpdate } from '@crm/shared';
import { api } from '../../../../lib/api-client';
import { onlineBookingKey, onlineBookingPath } from './online-booking-settings';

/**
 * The settings answer is the new truth; `enabled` and `autoaccept` are the station's own flags
 * (`enable_booking`, `autoaccept_booking`), so the station's copies (its strategy among them) are refreshed too.
 */
export function putOnlineBooking(queryClient: QueryClient, stationId: string, saved: OnlineBookingSettings) {
  queryClient.setQueryData(onlineBookingKey(stationId), saved);
  void queryClient.invalidateQueries({ queryKey: ['station', stationId] });
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
