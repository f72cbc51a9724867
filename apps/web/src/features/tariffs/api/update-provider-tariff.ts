import { useMutation } from '@tanstack/react-query';
import type { ProviderTariffUpdate, TariffConfig } from '@crm/shared';
import { api } from '../../../lib/api-client';

/**
 * `POST /api/station/tariff/{stationId}` (S2 §7): status, minutes and prices of a Yandex tariff. 409
 * «Нельзя выключить все Яндекс тарифы» when it is the station's last active one.
 */
export function useUpdateProviderTariff(stationId: string) {
  return useMutation({
    mutationFn: (body: ProviderTariffUpdate) =>
      api<TariffConfig>(`/station/tariff/${encodeURIComponent(stationId)}`, { method: 'POST', body }),
  });
}
