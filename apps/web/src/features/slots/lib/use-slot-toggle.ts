import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { slotConstants, slotMessages, type Slot, type SlotsResponse } from '@crm/shared';
import { postSlotBlock, slotsQueryKey } from '../api/slots';
import { slotErrorMessage, withSlotRetries } from './slot-call';
import { replaceSlot } from './slot-days';
import { useFeedback } from '../../../lib/feedback';

/**
 * One slot's toggle (S2 §4, §9): Free blocks, Blocked unblocks, Busy only warns. A second click on the same
 * slot within the throttle window is refused with the spec's text instead of racing the first call.
 */
export function useSlotToggle(stationId: string, date: string) {
  const queryClient = useQueryClient();
  const { message } = useFeedback();
  const lastClickAt = useRef(new Map<string, number>());
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());

  const mark = (id: string, on: boolean) =>
    setPending((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const toggle = useCallback(
    async (slot: Slot) => {
      if (slot.status === 'Busy') {
        void message.warning(slotMessages.busy);
        return;
      }
      const now = Date.now();
      const last = lastClickAt.current.get(slot.id);
      if (last !== undefined && now - last < slotConstants.throttleMs) {
        void message.warning(slotMessages.throttle);
        return;
      }
      lastClickAt.current.set(slot.id, now);
      const key = slotsQueryKey(stationId, date);
      mark(slot.id, true);
      try {
        const next = await withSlotRetries(() =>
          postSlotBlock(stationId, slot.id, slot.status === 'Blocked'),
        );
        queryClient.setQueryData<SlotsResponse>(
          key,
          (old) => old && { ...old, slots: replaceSlot(old.slots, next) },
        );
        // The calendar shows blocked time as blocker orders: it must see the change at once.
        void queryClient.invalidateQueries({ queryKey: ['orders', stationId] });
      } catch (error) {
        void message.error(slotErrorMessage(error));
        // «Already in that state» or «taken by an order»: what is on screen is out of date.
        void queryClient.invalidateQueries({ queryKey: key });
      } finally {
        mark(slot.id, false);
      }
    },
    [stationId, date, queryClient, message],
  );

  return { toggle, pending };
}
