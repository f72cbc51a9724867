import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { carwashIds, stationIdByCarwash } from '../orders/orders.test-support';
import { demoPartners, signedRequest } from './partners.test-support';

// Registration of partners (system admin) and the station's «Интеграции» (its managers), issue 36.

let t: TestApp;
let lenina: string;
let bridge: string;

beforeAll(async () => {
  t = await createTestApp();
  lenina = await stationIdByCarwash(t, carwashIds.lenina);
  bridge = await stationIdByCarwash(t, carwashIds.bridge);
});
afterAll(() => t?.close());

describe('partners (system admin)', () => {
  it('registers a partner with a whsec_ secret shown once, lists it with its health, edits it', async () => {
    const admin = await t.loginAs('admin');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/partners',
      headers: admin.headers,
      payload: { name: 'Бензубер Тест', callback_url: 'https://partner.example/hooks' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toContain('no-store');
    const { id, secret } = created.json() as { id: string; secret: string };
    expect(Buffer.from(secret.replace(/^whsec_/, ''), 'base64')).toHaveLength(32);

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/partners', headers: admin.headers });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('whsec_');
    const partner = (
      list.json() as { partners: { id: string; source: string; health: object }[] }
    ).partners.find((p) => p.id === id);
    expect(partner).toMatchObject({
      source: 'Benzuber',
      health: {
        last_success_at: null,
        failures_waiting: 0,
        oldest_undelivered_at: null,
        connected_stations: 0,
      },
    });
    const names = (list.json() as { partners: { name: string }[] }).partners.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Яндекс', 'Benzuber']));

    const updated = await t.app.inject({
      method: 'POST',
      url: `/api/admin/partners/${id}`,
      headers: admin.headers,
      payload: { callback_url: 'https://partner.example/v2/hooks' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().callback_url).toBe('https://partner.example/v2/hooks');

    // The new partner signs with its secret at once (and sees no station until connected).
    const read = await t.app.inject(
      signedRequest({ id, secret }, { method: 'GET', url: '/api/partner/v1/bookings/none' }),
    );
    expect(read.statusCode).toBe(404);
  });

  it('bad input is 400 with Russian field messages; an unknown partner is 404', async () => {
    const admin = await t.loginAs('admin');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/partners',
      headers: admin.headers,
      payload: { name: ' ', callback_url: 'http://partner.example/hooks' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      name: 'Укажите название партнёра',
      callback_url: 'Укажите адрес для уведомлений: https://…',
    });
    // A name that says neither Yandex nor Benzuber, and no source: asked for, not taken for Yandex.
    const unnamed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/partners',
      headers: admin.headers,
      payload: { name: 'Мойка-Агрегатор', callback_url: 'https://partner.example/hooks' },
    });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().error.fields).toEqual({ source: 'Укажите, чьи это заказы: Яндекс или Benzuber' });
    const chosen = await t.app.inject({
      method: 'POST',
      url: '/api/admin/partners',
      headers: admin.headers,
      payload: { name: 'Мойка-Агрегатор', callback_url: 'https://partner.example/hooks', source: 'Benzuber' },
    });
    expect(chosen.statusCode).toBe(201);
    for (const url of [
      '/api/admin/partners/00000000-0000-4000-8000-000000000000',
      '/api/admin/partners/not-a-uuid/rotate-secret',
    ]) {
      const res = await t.app.inject({ method: 'POST', url, headers: admin.headers, payload: {} });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('only the system admin: an owner is 403, a signed-out caller 401', async () => {
    const owner = await t.loginAs('owner');
    for (const [method, url] of [
      ['GET', '/api/admin/partners'],
      ['POST', '/api/admin/partners'],
      ['POST', `/api/admin/partners/${demoPartners.yandex.id}/rotate-secret`],
    ] as const) {
      const payload =
        method === 'POST' && url.endsWith('partners')
          ? { name: 'X', callback_url: 'https://x.example' }
          : undefined;
      const res = await t.app.inject({ method, url, headers: owner.headers, payload });
      expect(res.statusCode, url).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/partners' })).statusCode).toBe(401);
  });
});

describe('station integrations', () => {
  it('the owner sees partners, connections and exchanges, and connects a station', async () => {
    const owner = await t.loginAs('owner');
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/station/${lenina}/partners`,
      headers: owner.headers,
    });
    expect(page.statusCode).toBe(200);
    const body = page.json() as {
      partners: unknown[];
      connections: { partner_id: string; partner_station_id: string }[];
    };
    expect(body.connections).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          partner_id: demoPartners.yandex.id,
          partner_station_id: '100101',
          enabled: true,
        }),
      ]),
    );
    const sadovaya = await stationIdByCarwash(t, carwashIds.sadovaya);
    const connected = await t.app.inject({
      method: 'POST',
      url: `/api/station/${sadovaya}/partners`,
      headers: owner.headers,
      payload: { partner_id: demoPartners.benzuber.id, partner_station_id: 'bz-100102', enabled: true },
    });
    expect(connected.statusCode).toBe(200);
    expect(connected.json()).toMatchObject({
      partner_name: 'Benzuber',
      source: 'Benzuber',
      partner_station_id: 'bz-100102',
    });
  });

  it('a partner station id taken by another station is 409 on the field; bad input 400', async () => {
    const owner = await t.loginAs('owner');
    const taken = await t.app.inject({
      method: 'POST',
      url: `/api/station/${lenina}/partners`,
      headers: owner.headers,
      payload: { partner_id: demoPartners.yandex.id, partner_station_id: '100102', enabled: true },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields.partner_station_id).toBe(
      'Этот номер станции у партнёра уже подключён к другой станции',
    );
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/station/${lenina}/partners`,
      headers: owner.headers,
      payload: { partner_id: '', partner_station_id: 'a b', enabled: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(
      expect.arrayContaining(['partner_id', 'partner_station_id', 'enabled']),
    );
  });

  it('an administrator is 403, another network 404, the system admin may', async () => {
    const administrator = await t.loginAs('administrator');
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/station/${lenina}/partners`,
      headers: administrator.headers,
    });
    expect(own.statusCode).toBe(403);
    const rival = await t.loginAs('rival');
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/station/${lenina}/partners`,
      headers: rival.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const owner = await t.loginAs('owner');
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/station/${bridge}/partners`,
      headers: owner.headers,
      payload: { partner_id: demoPartners.benzuber.id, partner_station_id: 'x1', enabled: true },
    });
    expect(other.statusCode).toBe(404);
    const admin = await t.loginAs('admin');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/station/${bridge}/partners`, headers: admin.headers }))
        .statusCode,
    ).toBe(200);
  });
});

describe('rate limit per partner', () => {
  it('answers 429 with Retry-After once a partner goes over its limit', async () => {
    // The limit counts in the database (plugins/rate-limit-store.ts): fill this partner's bucket there.
    const key = `partner:${demoPartners.benzuber.id}`;
    await t.db.execute(
      (await import('drizzle-orm')).sql`insert into rate_limits (key, count, reset_at)
        values (${`GET /api/partner/v1/bookings/:partnerOrderId|${key}`}, 10000, now() + interval '1 minute')
        on conflict (key) do update set count = 10000`,
    );
    const res = await t.app.inject(
      signedRequest(demoPartners.benzuber, { method: 'GET', url: '/api/partner/v1/bookings/none' }),
    );
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.json().error.code).toBe('RATE_LIMITED');
    // Another partner is not limited by it.
    const other = await t.app.inject(
      signedRequest(demoPartners.yandex, { method: 'GET', url: '/api/partner/v1/bookings/none' }),
    );
    expect(other.statusCode).toBe(404);
  });
});

describe('OpenAPI document', () => {
  it('lists the partner API under its own tag, with the signature headers and an example body', async () => {
    const doc = t.app.swagger() as {
      paths: Record<
        string,
        Record<
          string,
          { tags?: string[]; parameters?: { name: string; in: string }[]; requestBody?: unknown }
        >
      >;
    };
    const partnerPaths = Object.keys(doc.paths).filter((p) => p.startsWith('/api/partner/v1/'));
    expect(partnerPaths).toHaveLength(5);
    for (const path of partnerPaths) {
      for (const op of Object.values(doc.paths[path]!)) {
        expect(op.tags).toEqual(['Partner API v1']);
        const headers = (op.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);
        expect(headers).toEqual(
          expect.arrayContaining(['x-partner-id', 'webhook-id', 'webhook-timestamp', 'webhook-signature']),
        );
      }
    }
    expect(JSON.stringify(doc.paths['/api/partner/v1/bookings']!.post!.requestBody)).toContain('ya-7730012');
    // The answers have examples too: the booking, the free starts, the codes a partner programs against.
    const responses = (path: string, method: string) =>
      JSON.stringify((doc.paths[path]![method] as { responses?: unknown }).responses);
    const create = responses('/api/partner/v1/bookings', 'post');
    for (const text of [
      '"order_number":14268',
      'SLOT_TAKEN',
      'IDEMPOTENCY_MISMATCH',
      'SIGNATURE_INVALID',
      'RATE_LIMITED',
    ]) {
      expect(create).toContain(text);
    }
    expect(responses('/api/partner/v1/stations/{partnerStationId}/availability', 'get')).toContain(
      'start_times',
    );
    expect(responses('/api/partner/v1/stations/{partnerStationId}/availability', 'get')).toContain(
      '2026-12-01T05:00:00.000Z',
    );
  });
});
