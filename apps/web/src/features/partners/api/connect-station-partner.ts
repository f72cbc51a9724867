import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StationIntegrations, StationPartner, StationPartnerConnect } from '@crm/shared';
import { api } from '../../../lib/api-client';
import { stationIntegrationsKey } from './station-integrations';

/** Puts a saved connection into the page's data: replaced where it was, added where it was not. */
function withConnection(data: StationIntegrations, connection: StationPartner): StationIntegrations {
  const known = data.connections.some((c) => c.partner_id === connection.partner_id);
  return {
    ...data,
    connections: known
      ? data.connections.map((c) => (c.partner_id === connection.partner_id ? connection : c))
      : [...data.connections, connection],
  };
}

/**
 * `POST /api/station/{stationId}/partners`: connect a partner or change a connection (its number at the
 * partner, on/off). An on/off change shows at once (`optimistic`) and goes back if the server refuses.
 */
export function useConnectStationPartner(stationId: string) {
  const queryClient = useQueryClient();
  const key = stationIntegrationsKey(stationId);
  return useMutation({
    mutationFn: (body: StationPartnerConnect & { optimistic?: boolean }) => {
      const { optimistic: _optimistic, ...payload } = body;
      return api<StationPartner>(`/station/${encodeURIComponent(stationId)}/partners`, {
        method: 'POST',
        body: payload,
      });
    },
    onMutate: async (body) => {
      if (!body.optimistic) return { previous: undefined };
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<StationIntegrations>(key);
      const current = previous?.connections.find((c) => c.partner_id === body.partner_id);
      if (previous && current)
        queryClient.setQueryData(key, withConnection(previous, { ...current, enabled: body.enabled }));
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<StationIntegrations>(key, (data) => data && withConnection(data, saved));
    },
  });
}
