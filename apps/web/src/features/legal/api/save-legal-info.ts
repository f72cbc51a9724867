import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LegalInfo } from '@crm/shared';
import { api } from '../../../lib/api-client';
import { legalInfoQuery, type LegalInfoAnswer } from './legal-info';

/**
 * `POST /api/legal/save_legal_data` `{legal_info, carwash_id}` (S2 §7): owners and principals. The station
 * DTO carries no legal details, so only this page's query takes the answer.
 */
export function useSaveLegalInfo(stationId: string, carwashId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (legalInfo: LegalInfo) =>
      api<LegalInfoAnswer>('/legal/save_legal_data', {
        method: 'POST',
        body: { legal_info: legalInfo, carwash_id: carwashId },
      }),
    onSuccess: (saved) => queryClient.setQueryData(legalInfoQuery(stationId).queryKey, saved),
  });
}
