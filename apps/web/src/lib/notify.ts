import { useMemo } from 'react';
import { messages } from '@crm/shared';
import { friendlyMessage } from './api-client';
import { useFeedback } from './feedback';

/** S1 §9: notification 4.5 s, error 6 s. */
export const notifyDurations = { default: 4.5, error: 6 } as const;

export interface Notify {
  /** What happened, as the title («Заказ успешно создан», the spec's texts), with an optional detail. */
  success(title: string, description?: string): void;
  info(title: string, description?: string): void;
  warning(title: string, description?: string): void;
  /**
   * What failed, as the title («Не удалось создать заказ»), and why: the error's friendly Russian text
   * (S1 §8). Without a title the error's text is the title itself (a text error is already one).
   */
  error(error: unknown, title?: string): void;
}

/** The title and text of an error's notification: what failed, then why (when that says more). */
export function errorNotice(error: unknown, title?: string): { title: string; description?: string } {
  const text = (typeof error === 'string' ? error : friendlyMessage(error)) || messages.generic.unexpected;
  if (!title) return { title: text };
  return text && text !== title ? { title, description: text } : { title };
}

/**
 * Notifications whose title says what happened — never the generic «Всё идёт по плану!» / «Что-то пошло не
 * так(» (issue 38: every toast said the same, so none told what had happened). The key is the text itself,
 * so an identical notification replaces the one on screen instead of stacking (S1 §8).
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
      success: (title, description) => show('success', title, description),
      info: (title, description) => show('info', title, description),
      warning: (title, description) => show('warning', title, description),
      error: (error, title) => {
        const notice = errorNotice(error, title);
        show('error', notice.title, notice.description);
      },
    };
  }, [notification]);
}
