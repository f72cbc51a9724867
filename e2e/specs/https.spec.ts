import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLocalCertificate } from '../../apps/server/src/test/local-certificate';
import { launchChromium, newContext, newPage, pageErrors, signInFast } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';

interface OrderEventLog {
  open: boolean;
  events: Array<{ order_id: string; status: string }>;
}

/**
 * Issue 15: a served product speaks HTTPS itself when given a certificate (TLS_CERT_FILE), with HTTP/2 so a
 * phone gets the page's files over one connection. The whole arrival works over it: sign-in, the calendar,
 * the blocking new-orders window and the station's live order events.
 */
describe('served over HTTPS with HTTP/2', () => {
  let dir: string;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'crm-e2e-tls-'));
    const certificate = makeLocalCertificate(dir);
    server = await startServer({ tls: certificate });
    // Chromium trusts this certificate's key and nothing else it would refuse.
    browser = await launchChromium([`--ignore-certificate-errors-spki-list=${certificate.spkiHash}`]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a phone signs in, gets the calendar in h2 and answers a new order; the order event comes over h2', async () => {
    expect(server.baseUrl).toMatch(/^https:\/\//);
    const context = await newContext(browser, server.baseUrl, { viewport: 'phone' });
    try {
      const page = await newPage(context);
      await signInFast(page, server.baseUrl, 'administrator');
      // The picker, behind the greeting for a few seconds: a click waits until nothing covers the station.
      await page.getByText('Мойка на Ленина').first().click();
      const modal = page.getByRole('dialog').filter({ hasText: 'Новые заказы ждут ответа' });
      await modal.waitFor();
      const stationId = new URL(page.url()).pathname.match(/^\/station\/([0-9a-f-]{36})/)?.[1];
      expect(stationId, `landed on ${page.url()}`).toBeTruthy();

      const protocols = await page.evaluate(() => {
        const entries = [
          ...performance.getEntriesByType('navigation'),
          ...performance.getEntriesByType('resource'),
        ] as PerformanceResourceTiming[];
        return entries.map((entry) => `${entry.nextHopProtocol} ${new URL(entry.name).pathname}`);
      });
      expect(protocols.some((line) => line.endsWith('.js'))).toBe(true);
      expect(protocols.filter((line) => !line.startsWith('h2 '))).toEqual([]);

      // The station's event stream, as the calendar opens it.
      await page.evaluate((id) => {
        const log: OrderEventLog = { open: false, events: [] };
        (window as unknown as { __orderEvents: OrderEventLog }).__orderEvents = log;
        const source = new EventSource(`/api/events?station_id=${id}`);
        source.onopen = () => (log.open = true);
        source.addEventListener('order', (event) =>
          log.events.push(JSON.parse((event as MessageEvent).data)),
        );
      }, stationId!);
      const orderEvents = () =>
        page.evaluate(() => (window as unknown as { __orderEvents: OrderEventLog }).__orderEvents);
      await expect.poll(async () => (await orderEvents()).open).toBe(true);

      const waiting = await modal.getByRole('listitem').count();
      await modal
        .getByRole('button', { name: /^Принять/ })
        .first()
        .click();
      await page.getByText('Заказ успешно принят').waitFor();
      await expect.poll(() => modal.getByRole('listitem').count()).toBe(waiting - 1);
      await expect
        .poll(async () => (await orderEvents()).events.map((event) => event.status))
        .toContain('Booked');
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
