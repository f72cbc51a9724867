import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointCallbacksAt, resolveDemoStations } from '../../apps/server/src/partner-simulator/demo-setup';
import type { CallbackReceiver } from '../../apps/server/src/partner-simulator/receiver';
import {
  createSimulator,
  demoPartners,
  type Simulator,
} from '../../apps/server/src/partner-simulator/simulator';
import { stationIdByName, skipFirstVisit } from '../support/api';
import { pageErrors } from '../support/browser';
import { baseUrl, useBrowser } from '../support/test-browser';

const yandex = demoPartners.yandex;
/** Where the demo seed points the partner's callbacks (nothing listens): put back after the spec. */
const seededCallbackUrl = 'http://127.0.0.1:9/partner-callbacks/yandex';

/**
 * Issue 36 «Proof», browser: the administrator of «Мойка на Садовой» has the dashboard open; the partner
 * simulator books one order there, signed as Yandex; without a reload the order appears in the blocking
 * «Новые заказы ждут ответа» window and in the dashboard's «Новые заказы»; «Принять» takes it out of the
 * window and the simulator's receiver gets `booking.accepted`, signed with the partner's secret. The
 * station's seeded waiting orders are left as they are (dashboard.spec counts them).
 */
describe('partner orders (issue 36)', () => {
  const browser = useBrowser();
  const lines: string[] = [];
  let simulator: Simulator;
  let receiver: CallbackReceiver;
  let sadovayaId: string;

  beforeAll(async () => {
    const administrator = await skipFirstVisit(baseUrl(), 'administrator');
    sadovayaId = await stationIdByName(administrator, 'Мойка на Садовой');
    const stations = await resolveDemoStations(baseUrl(), ['100102'], yandex.stations, { logins: ['owner'] });
    expect(stations.map((s) => s.partnerStationId)).toEqual(['100102']);
    simulator = createSimulator({
      baseUrl: baseUrl(),
      partner: yandex,
      stations,
      callbackPort: 0,
      log: (line) => lines.push(line),
    });
    receiver = (await simulator.startReceiver())!;
    await pointCallbacksAt(baseUrl(), yandex.id, receiver.url);
  });

  afterAll(async () => {
    await pointCallbacksAt(baseUrl(), yandex.id, seededCallbackUrl).catch(() => {});
    await simulator?.stop();
  });

  it('a booking by the simulator appears live, «Принять» is called back to it signed', async () => {
    const page = await browser.openAs('administrator');
    await page.goto(`/station/${sadovayaId}/dashboard`);
    // The window may already be up with the station's other waiting orders, over the dashboard's new
    // orders alone (its figures wait for the window), or not, when an earlier spec answered them: what is
    // checked is this booking's own row coming and going.
    await page
      .locator('[data-indicator]')
      .or(page.locator('ul[aria-label="Новые заказы"]'))
      .first()
      .waitFor({ state: 'attached' });
    const modal = page.getByRole('dialog').filter({ hasText: 'Новые заказы ждут ответа' });

    const booked = await simulator.bookOnce();
    expect(booked.status, lines.join('\n')).toBe(201);
    expect(booked.booking!.status).toBe('Accepted');
    const plate = booked.car!.plate_number;

    // No reload: the order event brings it into the window and into the dashboard's list under it.
    const inWindow = modal.getByRole('listitem').filter({ hasText: plate });
    await inWindow.waitFor();
    const inBlock = page
      .getByRole('tabpanel', { name: 'Обзор' })
      .locator('ul[aria-label="Новые заказы"]')
      .getByRole('listitem')
      .filter({ hasText: plate });
    await inBlock.waitFor({ state: 'attached' });

    await inWindow.getByRole('button', { name: /^Принять/ }).click();
    const callback = await receiver.waitFor(
      (c) => c.body?.data.partner_order_id === booked.partnerOrderId,
      15_000,
    );
    expect(callback.valid).toBe(true);
    expect(callback.body!.type).toBe('booking.accepted');
    expect(callback.body!.data).toMatchObject({
      partner_station_id: '100102',
      order_number: booked.booking!.order_number,
      status: 'Booked',
    });
    expect(callback.webhookId).toMatch(/^cb_\d+$/);
    await inWindow.waitFor({ state: 'detached' });
    expect(pageErrors(page)).toEqual([]);
  });
});
