import { useNotificationStatus } from '../api/notification-status';
import { useBrowserPush } from './browser-push';

/**
 * The settings page's data: this browser first (its endpoint), then one status call with it, which
 * answers whether THIS browser is subscribed along with the key, the settings and Telegram.
 */
export function useNotificationsState() {
  const browser = useBrowserPush();
  const endpoint = browser.data?.endpoint ?? null;
  const status = useNotificationStatus(endpoint, browser.isSuccess);
  return {
    browser: browser.data,
    status: status.data,
    subscribed: !!endpoint && !!status.data?.isSubscribed,
    isPending: browser.isPending || status.isPending,
    isError: status.isError && !status.data,
    refetch: () => void status.refetch(),
  };
}
