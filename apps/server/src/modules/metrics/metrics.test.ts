import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@crm/shared';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test/test-app';
import { carwashIds, stationIdByCarwash } from '../orders/orders.test-support';

const token = 'metrics-token-0123456789abcdef';

/** One sample's value from the text format, by its exact name and labels. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics without METRICS_TOKEN', () => {
  it('answers 404 (also with a token sent), in the one error shape', async () => {
    const t = await createTestApp();
    try {
      for (const headers of [{}, { authorization: `Bearer ${token}` }]) {
        const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: messages.generic.notFound } });
      }
    } finally {
      await t.close();
    }
  });

  it('METRICS_TOKEN must be long enough when set; empty is unset', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: token } });
  });
  afterAll(() => t.close());

  it.each([
    ['no Authorization', {}],
    ['a wrong token', { authorization: 'Bearer metrics-token-0123456789abcdeX' }],
    ['the token without its scheme', { authorization: token }],
    ['a prefix of the token', { authorization: `Bearer ${token.slice(0, -1)}` }],
    ['another scheme', { authorization: `Basic ${token}` }],
  ])('%s: 401', async (_name, headers) => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.json()).toEqual({ error: { code: 'AUTH_REQUIRED', message: messages.auth.notAuthorized } });
    expect(res.body).not.toContain('http_request_duration_seconds');
  });

  it('with the token: the named metrics, request durations labelled by route pattern', async () => {
    const lenina = await stationIdByCarwash(t, carwashIds.lenina);
    const { headers } = await t.loginAs('administrator');
    const week = `station_id=${lenina}&date_start=2031-03-10&date_end=2031-03-17`;
    for (let i = 0; i < 3; i++) {
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/order/calendar?${week}`, headers })).statusCode,
      ).toBe(200);
    }
    const orderId = '00000000-0000-4000-8000-000000000001';
    expect((await t.app.inject({ method: 'GET', url: `/api/order/${orderId}`, headers })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-call' })).statusCode).toBe(404);

    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;

    const calendar = 'method="GET",route="/api/order/calendar",status_class="2xx"';
    expect(sample(text, `http_request_duration_seconds_count{${calendar}}`)).toBe(3);
    expect(sample(text, `http_request_duration_seconds_bucket{le="+Inf",${calendar}}`)).toBe(3);
    // The pattern, never the id.
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/order/:id",status_class="4xx"}',
      ),
    ).toBe(1);
    expect(text).not.toContain(orderId);
    expect(text).not.toContain(lenina);
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="(unmatched)",status_class="4xx"}',
      ),
    ).toBe(1);

    expect(sample(text, 'crm_event_streams_open')).toBe(0);
    for (const queue of ['order_events', 'notification_deliveries', 'partner_callbacks']) {
      expect(sample(text, `crm_outbox_backlog{queue="${queue}"}`)).toBeGreaterThanOrEqual(0);
      expect(sample(text, `crm_outbox_oldest_pending_seconds{queue="${queue}"}`)).toBeGreaterThanOrEqual(0);
    }
    expect(sample(text, 'crm_load_shed_total{reason="inFlight"}')).toBe(0);
    expect(sample(text, 'crm_api_calls_in_flight')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'crm_database_unavailable_total')).toBe(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
    if (t.database.kind === 'postgres') {
      expect(sample(text, 'crm_db_pool_connections{state="total"}')).toBeGreaterThan(0);
      expect(sample(text, 'crm_db_pool_waiting')).toBe(0);
    } else {
      expect(text).not.toContain('crm_db_pool');
      // The scrape's own outbox query may still be counted.
      expect(sample(text, 'crm_db_queue_pending')).toBeGreaterThanOrEqual(0);
    }
  });

  it('the outbox backlog counts events not yet fanned out, with the age of the oldest', async () => {
    // The test app runs no outbox: whatever order events the demo data left are still pending.
    const scrape = async () =>
      (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } }))
        .body;
    const before = sample(await scrape(), 'crm_outbox_backlog{queue="order_events"}')!;
    await t.db.execute(
      // An event an hour old, as if the outbox had been stopped that long.
      `insert into order_events (order_id, station_id, action, to_status, actor_kind, source, created_at)
       select id, station_id, 'updated', status, 'system', source, now() - interval '1 hour' from orders limit 1` as never,
    );
    const text = await scrape();
    expect(sample(text, 'crm_outbox_backlog{queue="order_events"}')).toBe(before + 1);
    expect(sample(text, 'crm_outbox_oldest_pending_seconds{queue="order_events"}')).toBeGreaterThanOrEqual(
      3600,
    );
  });
});

describe('GET /metrics counts what load shedding sheds', () => {
  it('a call over the in-flight cap is shed and counted', async () => {
    const t = await createTestApp({
      env: { METRICS_TOKEN: token, MAX_IN_FLIGHT_REQUESTS: '1', MAX_QUEUE_WAIT_MS: '0' },
    });
    try {
      const lenina = await stationIdByCarwash(t, carwashIds.lenina);
      const { headers } = await t.loginAs('administrator');
      const url = `/api/order/calendar?station_id=${lenina}&date_start=2031-03-10&date_end=2031-03-17`;
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => t.app.inject({ method: 'GET', url, headers })),
      );
      const shed = answers.filter((a) => a.statusCode === 503).length;
      expect(shed).toBeGreaterThan(0);
      const text = (
        await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } })
      ).body;
      expect(sample(text, 'crm_load_shed_total{reason="inFlight"}')).toBe(shed);
      // /metrics itself is never shed (not under /api).
      expect(
        sample(
          text,
          'http_request_duration_seconds_count{method="GET",route="/api/order/calendar",status_class="5xx"}',
        ),
      ).toBe(shed);
    } finally {
      await t.close();
    }
  });
});
