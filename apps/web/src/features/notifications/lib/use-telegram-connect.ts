import { useEffect, useRef, useState } from 'react';
import { notificationMessages, notificationTimings } from '@crm/shared';
import { useAppConfig } from '../../../lib/app-config';
import { useNotify } from '../../../lib/notify';
import { useCurrentUser } from '../../users/api/current-user';
import {
  isTelegramNotConfigured,
  openTelegramUrl,
  reserveTab,
  telegramNotConfiguredText,
  useTelegramLink,
  useTelegramUnlink,
} from '../api/telegram-link';

export const telegramConnectTexts = {
  open: 'Открыть бота',
  check: 'Проверить подключение',
  connected: 'Подключён',
  notConnected: 'Не подключён',
  unlink: 'Отключить',
  unlinkTitle: 'Отключить Telegram?',
  unlinkText: 'Уведомления о заказах перестанут приходить в Telegram.',
  unlinked: 'Telegram отключён',
  waiting: 'Ждём подключения: нажмите «Запустить» в боте. Проверяем каждые 15 секунд.',
  blocked: 'Браузер не открыл новую вкладку.',
  goToBot: 'Перейти в Telegram',
  intro: 'Бот пришлёт новые записи и отмены, а принять или отклонить запись можно прямо в чате.',
  connectedText: 'Уведомления о заказах приходят в Telegram.',
  userFailed: 'Не удалось проверить подключение Telegram',
  linkFailed: 'Не удалось подключить Telegram',
  unlinkFailed: 'Не удалось отключить Telegram',
  retry: 'Повторить',
} as const;

export interface TelegramConnectOptions {
  onConnected?: () => void;
  /** The server has no bot: nothing to wait for (the wizard lets the user go on). */
  onUnavailable?: (text: string) => void;
}

/**
 * Linking Telegram (S2 §4 «Wizard»: after opening the bot the user record is polled every 15 s until
 * connected, plus a manual check). Shared by the control below and the dashboard's bot banner.
 */
export function useTelegramConnect({ onConnected, onUnavailable }: TelegramConnectOptions = {}) {
  const me = useCurrentUser();
  const notify = useNotify();
  const link = useTelegramLink();
  const unlink = useTelegramUnlink();
  const [waiting, setWaiting] = useState(false);
  const [checking, setChecking] = useState(false);
  const [refused, setUnavailable] = useState<string | null>(null);
  // A server without a bot says so in its config: nobody has to press «Открыть бота» to find out.
  const noBot = useAppConfig().data?.telegramBot === false;
  const unavailable = refused ?? (noBot ? notificationMessages.telegramNotConfigured : null);
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);
  const user = me.data?.user ?? null;
  const connected = !!user?.telegram_id;
  const { refetch } = me;

  const callbacks = useRef({ onConnected, onUnavailable });
  useEffect(() => {
    callbacks.current = { onConnected, onUnavailable };
  });
  useEffect(() => {
    if (noBot) callbacks.current.onUnavailable?.(notificationMessages.telegramNotConfigured);
  }, [noBot]);

  // Announced on the change from «not linked» to «linked» only: a user who was linked all along is not
  // congratulated, and null means the record has not been read yet.
  const wasConnected = useRef<boolean | null>(user ? connected : null);
  useEffect(() => {
    if (!user) return;
    if (wasConnected.current === false && connected) {
      notify.success(notificationMessages.telegramConnected);
      callbacks.current.onConnected?.();
    }
    wasConnected.current = connected;
  }, [user, connected, notify]);

  useEffect(() => {
    if (!waiting || connected) return;
    const timer = window.setInterval(() => void refetch(), notificationTimings.telegramPollMs);
    return () => window.clearInterval(timer);
  }, [waiting, connected, refetch]);

  const open = () => {
    const tab = reserveTab();
    link.mutate(undefined, {
      onSuccess: ({ url }) => {
        setBlockedUrl(openTelegramUrl(url, tab) ? null : url);
        setWaiting(true);
      },
      onError: (error) => {
        tab?.close();
        if (isTelegramNotConfigured(error)) {
          const text = telegramNotConfiguredText(error);
          setUnavailable(text);
          callbacks.current.onUnavailable?.(text);
        } else {
          notify.error(error, telegramConnectTexts.linkFailed);
        }
      },
    });
  };

  const check = async () => {
    setChecking(true);
    try {
      const result = await refetch();
      if (result.isError) notify.error(result.error, telegramConnectTexts.userFailed);
      // A success is announced by the effect above, once, whichever check saw it first.
      else if (!result.data?.user.telegram_id) notify.warning(notificationMessages.telegramNotYet);
    } finally {
      setChecking(false);
    }
  };

  const disconnect = () =>
    unlink.mutate(undefined, {
      onSuccess: () => {
        setWaiting(false);
        notify.success(telegramConnectTexts.unlinked);
      },
      onError: (error) => notify.error(error, telegramConnectTexts.unlinkFailed),
    });

  return {
    me,
    user,
    connected,
    waiting: waiting && !connected,
    unavailable,
    blockedUrl,
    opening: link.isPending,
    checking,
    unlinking: unlink.isPending,
    open,
    check,
    disconnect,
  };
}
