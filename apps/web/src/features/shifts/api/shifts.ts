import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Shift, ShiftCopyResponse, ShiftsResponse } from '@crm/shared';
import { api } from '../../../lib/api-client';

/** One week of a station's plan, by its Monday. */
export const shiftsKey = (stationId: string, monday: string) => ['shifts', stationId, monday] as const;

/** `GET /api/station/{id}/shifts?week=` — any date of the week; the answer names its Monday. */
export const shiftsQuery = (stationId: string, monday: string) =>
  queryOptions({
    queryKey: shiftsKey(stationId, monday),
    queryFn: ({ signal }) =>
      api<ShiftsResponse>(`/station/${encodeURIComponent(stationId)}/shifts`, {
        query: { week: monday },
        signal,
      }),
    staleTime: 60_000,
  });

export function useShiftsWeek(stationId: string, monday: string, enabled = true) {
  return useQuery({ ...shiftsQuery(stationId, monday), enabled });
}

export interface ShiftCellChange {
  user_id: string;
  date: string;
  /** Both null: a day off. */
  from: string | null;
  to: string | null;
}

/** `POST /api/station/{id}/shifts`: one cell; the week in the cache takes the answer at once. */
export function useSetShift(stationId: string, monday: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ShiftCellChange) =>
      api<{ shift: Shift | null }>(`/station/${encodeURIComponent(stationId)}/shifts`, {
        method: 'POST',
        body: change,
      }),
    onSuccess: ({ shift }, change) => {
      client.setQueryData<ShiftsResponse>(shiftsKey(stationId, monday), (plan) => {
        if (!plan) return plan;
        const others = plan.shifts.filter((s) => !(s.user_id === change.user_id && s.date === change.date));
        return { ...plan, shifts: shift ? [...others, shift] : others };
      });
      void client.invalidateQueries({ queryKey: ['shifts', stationId] });
    },
  });
}

/** `POST /api/station/{id}/shifts/copy-week`: last week into this one (`overwrite` after the question). */
export function useCopyWeek(stationId: string, monday: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (overwrite: boolean) =>
      api<ShiftCopyResponse>(`/station/${encodeURIComponent(stationId)}/shifts/copy-week`, {
        method: 'POST',
        body: { week: monday, overwrite },
      }),
    onSuccess: (answer) => {
      const { copied: _copied, ...plan } = answer;
      client.setQueryData<ShiftsResponse>(shiftsKey(stationId, monday), plan);
      void client.invalidateQueries({ queryKey: ['shifts', stationId] });
    },
  });
}
