import { useMemo } from 'react';
import { messages } from '@crm/shared';
import { friendlyMessage } from './api-client';
import { useFeedback } from './feedback';

/** S1 §9: notification 4.5 s, error 6 s. */
export const notifyDurations = { default: 4.5, error: 6 } as const;

export interface Notify {
  success(description: string, title?: string): void;
  info(title: string, description?: string): void;
  warning(title: string, description?: string): void;
  /** Any error (ApiError, Error, text) shown as its friendly Russian text (S1 §8). */
  error(error: unknown, title?: string): void;
}

/**
 * Notifications with the spec's generic titles. The key is the text itself, so an identical notification
 * replaces the one on screen instead of stacking (S1 §8).
 */
export function useNotify(): Notify {
  const { notification } = useFeedback();
  return useMemo(() => {
    const show = (
      type: 'success' | 'info' | 'warning' | 'error',
      title: string,
      description: string | undefined,
    ) =>
      notification[type]({
        key: `${type}:${title}:${description ?? ''}`,
        title,
        description,
        duration: type === 'error' ? notifyDurations.error : notifyDurations.default,
        placement: 'topRight',
      });
    return {
      success: (description, title = messages.generic.successTitle) => show('success', title, description),
      info: (title, description) => show('info', title, description),
      warning: (title, description) => show('warning', title, description),
      error: (error, title = messages.generic.errorTitle) =>
        show('error', title, typeof error === 'string' ? error : friendlyMessage(error)),
    };
  }, [notification]);
}
