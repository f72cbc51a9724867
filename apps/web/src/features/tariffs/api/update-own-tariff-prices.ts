import { useMutation } from '@tanstack/react-query';
import type { OwnTariffPrices, TariffConfig } from '@crm/shared';
import { api } from '../../../lib/api-client';

/** `POST /api/own_tariffs/price_update/update_includes/{stationId}/{tariffId}`: price_active and prices per class. */
export function useUpdateOwnTariffPrices(stationId: string, tariffId: string) {
  return useMutation({
    mutationFn: (body: OwnTariffPrices) =>
      api<TariffConfig>(
        `/own_tariffs/price_update/update_includes/${encodeURIComponent(stationId)}/${encodeURIComponent(tariffId)}`,
        { method: 'POST', body },
      ),
  });
}
