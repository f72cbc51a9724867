import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkResultMessage, slotMessages, type SlotsResponse } from '@crm/shared';
import { postBlockDay, slotsQueryKey } from '../api/slots';
import { useFeedback } from '../../../lib/feedback';

/** «Заблокировать день» / «Разблокировать день» (S2 §4) as one server call (DESIGN §10). */
export function useDayToggle(stationId: string, date: string) {
  const queryClient = useQueryClient();
  const { message } = useFeedback();
  return useMutation({
    mutationFn: (action: 'block' | 'unblock') => postBlockDay(stationId, date, action === 'unblock'),
    onSuccess: (answer, action) => {
      queryClient.setQueryData<SlotsResponse>(
        slotsQueryKey(stationId, date),
        (old) => old && { ...old, slots: answer.slots },
      );
      void message.success(bulkResultMessage(answer.changed, action));
      void queryClient.invalidateQueries({ queryKey: ['orders', stationId] });
    },
    onError: () => {
      void message.error(slotMessages.bulkFailed);
      void queryClient.invalidateQueries({ queryKey: slotsQueryKey(stationId, date) });
    },
  });
}
