import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnlineBookingSettings } from '@crm/shared';
import { api } from '../../../../lib/api-client';
import { onlineBookingKey, onlineBookingPath } from './online-booking-settings';

/**
 * `POST /api/station/{stationId}/online-booking/data-removal/{requestId}`: the driver's name and phone go
 * from the booking and the client card; the answer is the settings without that request.
 */
export function useConfirmDataRemoval(stationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) =>
      api<OnlineBookingSettings>(
        `${onlineBookingPath(stationId)}/data-removal/${encodeURIComponent(requestId)}`,
        { method: 'POST' },
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(onlineBookingKey(stationId), saved);
      // The client list and card held the name and phone.
      void queryClient.invalidateQueries({ queryKey: ['drivers'] });
    },
  });
}
