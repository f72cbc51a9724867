import { useCallback, useMemo, useState } from 'react';
import { orderMessages, type CancelReason, type Order } from '@crm/shared';
import { useNotify } from '../../../lib/notify';
import { useAnswerOrder } from '../api/answer-order';
import { markAnswered, unmarkAnswered, useAnsweredOrders } from './answered-orders';
import { carLine, orderWhen } from './order-text';

/**
 * Accept and decline for a list of new orders (S1 §2): the order disappears at once, the lists refresh
 * 500 ms later; a failure brings it back with the catalogue's message. `declining` is the order whose
 * reason is being chosen.
 */
export function useOrderAnswers(stationId: string, zone: string, today: string) {
  const notify = useNotify();
  const { mutateAsync: send } = useAnswerOrder(stationId);
  const answered = useAnsweredOrders();
  const [declining, setDeclining] = useState<Order | null>(null);

  const accept = useCallback(
    async (order: Order) => {
      markAnswered(order.id);
      try {
        await send({ orderId: order.id, answer: { kind: 'accept' } });
        notify.success(orderMessages.accepted);
      } catch (error) {
        unmarkAnswered(order.id);
        notify.error(error, orderMessages.acceptFailed);
      }
    },
    [send, notify],
  );

  const decline = useCallback(
    async (reason: CancelReason, comment?: string) => {
      const order = declining;
      if (!order) return;
      setDeclining(null);
      markAnswered(order.id);
      try {
        await send({ orderId: order.id, answer: { kind: 'decline', reason, comment } });
        notify.success(orderMessages.cancelled);
      } catch (error) {
        unmarkAnswered(order.id);
        notify.error(error, orderMessages.declineFailed);
      }
    },
    [send, notify, declining],
  );

  const subject = useMemo(
    () =>
      declining
        ? `${carLine(declining.client_car)} ${declining.client_car.plate_number}, ${orderWhen(declining, zone, today)}`.trim()
        : null,
    [declining, zone, today],
  );

  return {
    answered,
    accept,
    startDecline: setDeclining,
    decline,
    cancelDecline: () => setDeclining(null),
    declineSubject: subject,
  };
}
