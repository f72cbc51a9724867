import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onlineBookingMessages as m } from '@crm/shared';
import { buildApp, type App } from '../../app';
import { createAdapters } from '../../adapters';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bookRequest, bookingBody, freshPhone, leninaCode, setupLenina } from './online-booking.test-support';

// The public page's limits hold across server instances (DESIGN §1): the counters live in the database.

describe('online-booking limits across instances', () => {
  let t: TestApp;
  let second: App;
  let tariffId: string;

  beforeAll(async () => {
    t = await createTestApp();
    // A second server instance on the same database, as behind a load balancer.
    second = await buildApp({ ...t, adapters: createAdapters(t.config), webDist: null });
    await second.ready();
    tariffId = (await setupLenina(t)).tariff.id;
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('one IP gets 20 booking attempts in 10 minutes, whichever instance answers', async () => {
    const ip = '10.99.0.1';
    const invalid = { name: '' };
    for (let i = 0; i < 10; i++)
      expect((await t.app.inject(bookRequest(leninaCode, invalid, ip))).statusCode).toBe(400);
    for (let i = 0; i < 10; i++)
      expect((await second.inject(bookRequest(leninaCode, invalid, ip))).statusCode).toBe(400);
    const refused = await second.inject(bookRequest(leninaCode, invalid, ip));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'RATE_LIMITED', message: m.rateLimited });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('one phone gets 6 booking attempts an hour, from any address and instance', async () => {
    const phone = freshPhone();
    // A time far past the days ahead: refused after the phone was counted, so nothing is booked.
    const body = bookingBody(tariffId, '2031-03-10T07:00:00.000Z', { phone });
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const app = i % 2 ? second : t.app;
      codes.push((await app.inject(bookRequest(leninaCode, body, `10.99.1.${i + 1}`))).statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 400, 400, 400, 429]);
  });
});
