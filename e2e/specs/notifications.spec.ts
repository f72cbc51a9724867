import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { NotificationStatus } from '@crm/shared';
import {
  startPushServiceStandIn,
  type PushServiceStandIn,
  type Subscriber,
} from '../../apps/server/src/test/push-service-stand-in';
import { apiCall, skipFirstVisit, type ApiSession } from '../support/api';
import { pageErrors } from '../support/browser';
import { baseUrl, useBrowser } from '../support/test-browser';

/**
 * Issue 14 «the push toggle reaches a subscription stored on the server». Headless Chromium has no push
 * service here (no internet), so the page's PushManager hands out a subscription of the local push-service
 * stand-in instead — made with the server's VAPID key, as a real browser would — and everything else is
 * real: the permission (granted in the context), the service worker registration, the page, the server.
 */
describe('push notifications of the owner in this browser', () => {
  const browser = useBrowser();
  const leninaId = inject('leninaId');
  let owner: ApiSession;
  let pushService: PushServiceStandIn;
  let subscriber: Subscriber;

  const statusFor = async (call: ApiSession['call'], endpoint: string) => {
    const res = await call(`/api/notifications/status?endpoint=${encodeURIComponent(endpoint)}`);
    if (!res.ok) throw new Error(`GET /api/notifications/status: ${res.status} ${await res.text()}`);
    return (await res.json()) as NotificationStatus;
  };

  beforeAll(async () => {
    owner = await skipFirstVisit(baseUrl(), 'owner');
    pushService = await startPushServiceStandIn();
    const { publicKey } = await statusFor(owner.call, 'http://127.0.0.1/none');
    subscriber = pushService.createSubscriber({ applicationServerKey: publicKey });
  });

  afterAll(async () => {
    // Whatever the test left behind, the owner has no subscription of this run afterwards.
    await owner?.call('/api/notifications/unsubscribe', {
      body: { endpoint: subscriber.subscription.endpoint },
    });
    await pushService?.close();
  });

  /** The page's PushManager answers with the stand-in's subscription; unsubscribe forgets it. */
  async function openSettings(viewport: 'desktop' | 'phone' = 'desktop'): Promise<Page> {
    const page = await browser.openAs('owner', { viewport, serviceWorkers: 'allow' });
    const context = page.context();
    await context.grantPermissions(['notifications'], { origin: baseUrl() });
    await context.addInitScript((subscription) => {
      let current: object | null = null;
      const make = () => ({
        endpoint: subscription.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        toJSON: () => subscription,
        unsubscribe: async () => {
          current = null;
          return true;
        },
      });
      PushManager.prototype.subscribe = async function () {
        current ??= make();
        return current as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return current as PushSubscription | null;
      };
    }, subscriber.subscription);
    await context.addInitScript((id) => localStorage.setItem('crm.selectedStation', id), leninaId);
    await page.goto(`/station/${leninaId}/settings/notifications`);
    return page;
  }

  /** The server's answer for this endpoint, asked with the page's own session cookie. */
  async function pageStatus(page: Page) {
    const cookies = await page.context().cookies(baseUrl());
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    return statusFor(apiCall(baseUrl(), cookie, owner.userId), subscriber.subscription.endpoint);
  }

  it('turns push on and off from the notification settings', async () => {
    const page = await openSettings();
    await page.getByRole('heading', { level: 2, name: 'Уведомления' }).waitFor();
    const toggle = page.getByRole('switch', { name: 'Уведомления в этом браузере' });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect((await pageStatus(page)).isSubscribed).toBe(false);

    // The first visit installs the worker, which precaches the whole app first: on a busy machine that
    // outlasts a click, and this test is about the toggle, not about install speed.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await toggle.click();
    await page.getByText('Уведомления включены').waitFor();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    expect((await pageStatus(page)).isSubscribed).toBe(true);

    await toggle.click();
    await page.getByText('Уведомления отключены').waitFor();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    expect((await pageStatus(page)).isSubscribed).toBe(false);
    expect(pageErrors(page)).toEqual([]);
  });

  it('fits a phone: nothing wider than the screen, a label beside each switch', async () => {
    const page = await openSettings('phone');
    await page.getByRole('switch', { name: 'Уведомления в этом браузере' }).waitFor();
    await page.getByRole('switch', { name: 'Скоро начнётся: В браузере' }).waitFor();
    // The test server has no bot: the owner is told how it gets set up, and no Telegram switch is offered.
    await page.getByText('Бот Telegram не настроен на этом сервере').waitFor();
    expect(await page.getByRole('switch', { name: /: Telegram$/ }).count()).toBe(0);
    expect(await page.locator('.notify-matrix__switch-label').first().isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
