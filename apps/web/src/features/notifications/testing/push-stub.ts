import { vi } from 'vitest';
import { defaultNotificationSettings, type NotificationStatus } from '@crm/shared';

/** A VAPID public key in the shape the server gives it: 65 bytes (uncompressed P-256), base64url. */
export const testPublicKey = btoa(String.fromCharCode(4, ...Array.from({ length: 64 }, (_, i) => i)))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');

export const testEndpoint = 'https://push.example.test/send/abc';

export function testStatus(over: Partial<NotificationStatus> = {}): NotificationStatus {
  return {
    isSubscribed: false,
    publicKey: testPublicKey,
    settings: defaultNotificationSettings,
    telegram: { connected: false, botName: 'bot' },
    ...over,
  };
}

interface PushStubOptions {
  permission?: NotificationPermission;
  subscribed?: boolean;
  /** What `Notification.requestPermission()` answers. */
  answer?: NotificationPermission;
}

/**
 * Service worker, PushManager and Notification as a browser with a push service would have them (happy-dom
 * has none). Undo with `vi.unstubAllGlobals()` and `unstubPush()`.
 */
export function stubPush({
  permission = 'default',
  subscribed = false,
  answer = 'granted',
}: PushStubOptions = {}) {
  const makeSubscription = () => ({
    endpoint: testEndpoint,
    options: { applicationServerKey: null },
    toJSON: () => ({
      endpoint: testEndpoint,
      expirationTime: null,
      keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
    }),
    unsubscribe: vi.fn(async () => {
      subscription = null;
      return true;
    }),
  });
  let subscription: ReturnType<typeof makeSubscription> | null = subscribed ? makeSubscription() : null;
  const pushManager = {
    getSubscription: vi.fn(async () => subscription),
    subscribe: vi.fn(async () => (subscription = makeSubscription())),
  };
  const registration = { pushManager };
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return { pushManager, notification, subscription: () => subscription };
}

export function unstubPush() {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
}
