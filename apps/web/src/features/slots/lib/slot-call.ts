import { messages, slotConstants, slotMessages } from '@crm/shared';
import { ApiError } from '../../../lib/api-client';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A failure worth another try (S2 §9): the network, a timeout or the server's own fault — never a 4xx. */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500;
}

/**
 * A slot toggle with the retries of S2 §9: up to `retries` more attempts `delayMs` apart on a network or
 * 5xx failure; a 4xx is the answer and is not repeated.
 */
export async function withSlotRetries<T>(
  call: () => Promise<T>,
  retries: number = slotConstants.retries,
  delayMs: number = slotConstants.retryDelayMs,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= retries || !isTransient(error)) throw error;
      await wait(delayMs);
    }
  }
}

/**
 * The text for a failed toggle (S2 §8 «Slots»): 400 and 403 say what the server said; anything else says
 * the server's message when it sent one, else «Ошибка при изменении статуса слота».
 */
export function slotErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return slotMessages.toggleFailed;
  if (error.status === 403) return error.message || slotMessages.forbidden;
  if (error.status === 400) return error.message || slotMessages.toggleFailed;
  // A 5xx without a body comes back as the client's own generic text: that is no server message.
  if (!error.message || error.message === messages.generic.unexpected) return slotMessages.toggleFailed;
  return error.message;
}
