import type { PushSubscriptionJson } from '@crm/shared';

export type PushPermission = NotificationPermission | 'unsupported';

/** Why subscribing stopped before the server was asked. */
export class PushSetupError extends Error {
  constructor(readonly reason: 'unsupported' | 'denied' | 'no-worker' | 'no-key') {
    super(reason);
    this.name = 'PushSetupError';
  }
}

/** Service worker, Push API and notifications: iOS Safari has them only in an app added to the home screen. */
export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** What the browser allows this site, read as it is now (no prompt). */
export function readPushPermission(): PushPermission {
  if (!isPushSupported()) return 'unsupported';
  return window.Notification.permission;
}

/**
 * The worker comes from vite-plugin-pwa's registration (the update card). On a first visit it precaches the
 * app before it is ready, which takes a while on a slow phone; past this there is no worker (dev server).
 */
const WORKER_WAIT_MS = 30_000;

/**
 * The one registration of /sw.js: the app registers it through `useRegisterSW`, so this only waits for it
 * to be active instead of registering a second time.
 */
async function serviceWorkerReady(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushSetupError('no-worker')), WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** This browser's subscription, without waiting for a worker that may never come (dev server, tests). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!isPushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The VAPID key comes as base64url; the Push API wants the raw bytes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(existing: ArrayBuffer | null | undefined, wanted: Uint8Array): boolean {
  // A subscription that does not say its key (an older browser) is taken as made with ours.
  if (!existing) return true;
  const bytes = new Uint8Array(existing);
  return bytes.length === wanted.length && bytes.every((b, i) => b === wanted[i]);
}

/** The server's schema is strict: only what it stores. */
function toSubscriptionJson(subscription: PushSubscription): PushSubscriptionJson {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/**
 * S2 §4 «Push subscription» up to the server call: the worker, the permission request, then the
 * subscription with the server's VAPID key. A subscription made with another key (the server's keys were
 * renewed) cannot be reused, so it is replaced.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionJson> {
  if (!isPushSupported()) throw new PushSetupError('unsupported');
  if (!publicKey) throw new PushSetupError('no-key');
  const registration = await serviceWorkerReady();
  const permission = await window.Notification.requestPermission();
  if (permission !== 'granted') throw new PushSetupError('denied');
  const key = base64UrlToBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options?.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  return toSubscriptionJson(subscription);
}
