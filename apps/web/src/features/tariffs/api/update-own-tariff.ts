import { useMutation } from '@tanstack/react-query';
import type { OwnTariffUpdate, TariffConfig } from '@crm/shared';
import { api } from '../../../lib/api-client';

/**
 * `POST /api/own_tariffs/update_tariff/{stationId}/{tariffId}` (S2 §7): name, status, included and extra
 * services, minutes per class. The caller saves the prices next and refreshes the caches once after both.
 */
export function useUpdateOwnTariff(stationId: string, tariffId: string) {
  return useMutation({
    mutationFn: (body: OwnTariffUpdate) =>
      api<TariffConfig>(
        `/own_tariffs/update_tariff/${encodeURIComponent(stationId)}/${encodeURIComponent(tariffId)}`,
        { method: 'POST', body },
      ),
  });
}
