/* Web Push for the generated service worker (/sw.js pulls this in with importScripts, vite.config.ts).
 * Plain JS on purpose: it runs in the worker as it is, outside the app's bundle.
 * The server's payload (apps/server/src/modules/notifications/push-channel.ts):
 * { title, body, url, tag, orderId }. */

const FALLBACK_TITLE = 'Автомойка CRM';

/* A payload that is not JSON (a test from the browser's devtools) still shows as text. */
function readPayload(event) {
  if (!event.data) return {};
  try {
    return event.data.json();
  } catch {
    return { body: event.data.text() };
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  const options = {
    body: payload.body || '',
    icon: '/icon-192.png',
    badge: '/icon-192.png',
    lang: 'ru',
    data: { url: payload.url || '/' },
  };
  // The same tag replaces the earlier notice of one order (a cancellation its «new order»), so it must
  // ring again instead of changing silently.
  if (payload.tag) {
    options.tag = payload.tag;
    options.renotify = true;
  }
  // Without waitUntil the browser may stop the worker before the notification is shown.
  event.waitUntil(self.registration.showNotification(payload.title || FALLBACK_TITLE, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin);
  // Only the app's own addresses: a payload must not send the user elsewhere.
  const target = url.origin === self.location.origin ? url.href : self.location.origin + '/';
  event.waitUntil(openOrFocus(target));
});

/* An open tab of the CRM is reused (the user keeps the session and one tab), else a new window opens. */
async function openOrFocus(target) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const client = windows.find((c) => new URL(c.url).origin === self.location.origin);
  if (!client) return self.clients.openWindow(target);
  await client.focus();
  // navigate() exists only for clients this worker controls; focusing is still better than a second tab.
  if ('navigate' in client) {
    try {
      await client.navigate(target);
    } catch {
      /* An uncontrolled client refuses navigation; it is focused at least. */
    }
  }
  return client;
}
