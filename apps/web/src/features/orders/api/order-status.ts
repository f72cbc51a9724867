import { useMutation } from '@tanstack/react-query';
import type { CancelReason, OrderStatus, PaymentMethod } from '@crm/shared';
import { api } from '../../../lib/api-client';

/** The step calls of S1 §7, as POST (DESIGN §4). */
const stepPaths: Partial<Record<OrderStatus, string>> = {
  Booked: 'order_booked',
  Processing: 'order_processing',
  Completed: 'order_completed',
};

export interface PaymentInput {
  payment_method: PaymentMethod;
  sum_completed: number;
}

export interface StepInput {
  to: OrderStatus;
  /** The operator confirmed an early start or finish (S1 §4). */
  skipValidation: boolean;
  /** Completion only: the payment taken, written with the status in one transaction. */
  payment?: PaymentInput;
}

/** `POST /api/order_booked|order_processing|order_completed/{id}[?skip_validation=true]`. */
export function useOrderStep(orderId: string) {
  return useMutation({
    mutationFn: ({ to, skipValidation, payment }: StepInput) => {
      const path = stepPaths[to];
      if (!path) throw new Error(`No step to ${to}`);
      return api<unknown>(`/${path}/${encodeURIComponent(orderId)}`, {
        method: 'POST',
        query: skipValidation ? { skip_validation: 'true' } : undefined,
        body: to === 'Completed' ? payment : undefined,
      });
    },
  });
}

export interface CancelInput {
  reason: CancelReason;
  /** The operator's words beside «Другое», kept in the order's service note. */
  comment?: string;
}

/** `POST /api/order_canceled/{id}?cancel_reason=…`, the comment (free text) in the body. */
export function useCancelOrder(orderId: string) {
  return useMutation({
    mutationFn: ({ reason, comment }: CancelInput) =>
      api<unknown>(`/order_canceled/${encodeURIComponent(orderId)}`, {
        method: 'POST',
        query: { cancel_reason: reason },
        body: comment ? { cancel_comment: comment } : undefined,
      }),
  });
}

/** `POST /api/order/payment/{id}`: the «Оплата визита» tab. */
export function useOrderPayment(orderId: string) {
  return useMutation({
    mutationFn: (body: PaymentInput) =>
      api<unknown>(`/order/payment/${encodeURIComponent(orderId)}`, { method: 'POST', body }),
  });
}
