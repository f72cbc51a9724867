import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DriverImportRequest, DriverImportResponse } from '@crm/shared';
import { api } from '../../../lib/api-client';

/** `POST /api/drivers/import/{networkId}`: `dry_run` only judges the rows; otherwise one transaction. */
export function useImportClients(networkId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DriverImportRequest) =>
      api<DriverImportResponse>(`/drivers/import/${encodeURIComponent(networkId)}`, {
        method: 'POST',
        body,
        timeoutMs: 120_000,
      }),
    onSuccess: (answer) => {
      if (!answer.dry_run) void queryClient.invalidateQueries({ queryKey: ['drivers', networkId] });
    },
  });
}
