import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

type Handler = (event: Record<string, unknown>) => void;

/** public/push-sw.js run against a stand-in of the worker's `self`, as /sw.js imports it. */
function loadWorker(
  windows: { url: string; focus: () => Promise<void>; navigate?: (u: string) => Promise<void> }[] = [],
) {
  const handlers = new Map<string, Handler>();
  const self = {
    location: { origin: 'https://crm.example' },
    registration: { showNotification: vi.fn(async () => {}) },
    clients: { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => null) },
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
  };
  const source = readFileSync(join(__dirname, '../../../../public/push-sw.js'), 'utf8');
  new Function('self', source)(self);
  const fire = async (type: string, event: Record<string, unknown>) => {
    let waited: Promise<unknown> = Promise.resolve();
    handlers.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => (waited = p) });
    await waited;
  };
  return { self, fire };
}

const pushEvent = (payload: unknown) => ({
  data: { json: () => payload, text: () => JSON.stringify(payload) },
});

describe('push-sw.js', () => {
  it('shows the server payload as a notification with the order address', async () => {
    const { self, fire } = loadWorker();
    await fire(
      'push',
      pushEvent({
        title: 'Новая запись · Мойка',
        body: 'Toyota',
        url: '/station/s1/calendar?order=o1',
        tag: 'order-o1',
      }),
    );
    expect(self.registration.showNotification).toHaveBeenCalledWith('Новая запись · Мойка', {
      body: 'Toyota',
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      lang: 'ru',
      data: { url: '/station/s1/calendar?order=o1' },
      tag: 'order-o1',
      renotify: true,
    });
  });

  it('navigates an open CRM tab to the order, or opens a window', async () => {
    const tab = {
      url: 'https://crm.example/home',
      focus: vi.fn(async () => {}),
      navigate: vi.fn(async () => {}),
    };
    const withTab = loadWorker([tab]);
    const click = (url: string) => ({ notification: { close: vi.fn(), data: { url } } });
    await withTab.fire('notificationclick', click('/station/s1/calendar?order=o1'));
    expect(tab.focus).toHaveBeenCalled();
    expect(tab.navigate).toHaveBeenCalledWith('https://crm.example/station/s1/calendar?order=o1');

    const none = loadWorker();
    await none.fire('notificationclick', click('https://evil.example/x'));
    expect(none.self.clients.openWindow).toHaveBeenCalledWith('https://crm.example/');
  });
});
