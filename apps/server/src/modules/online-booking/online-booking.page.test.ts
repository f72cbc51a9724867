import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggablePath } from '../../plugins/log-options';
import { createTestApp, type TestApp } from '../../test/test-app';

// The public booking page is its own small entry, `book.html` of the web build (issue 37).

describe('serving the booking page', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'crm-dist-book-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'book.html'), '<!doctype html><div id="book"></div>');
    t = await createTestApp({ webDist: dist });
  });
  afterAll(() => t?.close());

  it('answers /book/{code}, its privacy page and /booking/{token} with book.html that must revalidate', async () => {
    for (const url of ['/book/lenina24', '/book/lenina24/privacy', '/booking/abc']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="book">');
    }
    // The staff app keeps its routes.
    expect((await t.app.inject({ method: 'GET', url: '/station/x' })).body).toContain('<div id="root">');
  });
});

describe('request logs', () => {
  it('never keep a manage token', () => {
    const token = 'DemoLenina24ManageTokenDoNotUseOutsideDemo0';
    expect(loggablePath(`/api/public/bookings/${token}/cancel`)).toBe('/api/public/bookings/…/cancel');
    expect(loggablePath(`/api/public/bookings/${token}`)).toBe('/api/public/bookings/…');
    expect(loggablePath(`/booking/${token}`)).toBe('/booking/…');
    expect(loggablePath('/api/public/book/lenina24')).toBe('/api/public/book/lenina24');
  });
});
