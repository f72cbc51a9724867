import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalizeLoginPage } from './login-page';
import { createTestApp, type TestApp } from './test/test-app';

/** login.html's two server-written parts, as the web build renders them (login-markup.tsx). */
const loginPage =
  '<!doctype html><div data-login="demo" hidden="">Демо-режим</div>' +
  '<a data-login="support" href="https://t.me/carwash_crm_support" target="_blank">Поддержка</a>';

describe('serving the built web client', () => {
  let t: TestApp;
  const bundle = `console.log(${JSON.stringify('x'.repeat(4000))});`;

  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'crm-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), bundle);
    writeFileSync(join(dist, 'login.html'), loginPage);
    t = await createTestApp({ webDist: dist, env: { SUPPORT_URL: 'https://t.me/our_support?a=1&b="x"' } });
  });
  afterAll(() => t.close());

  it('answers /auth/yandex with the login page, the demo note shown and the support address written in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/yandex?logout=true' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    // The test app runs the built-in (demo) sign-in.
    expect(res.body).toContain('<div data-login="demo">Демо-режим</div>');
    expect(res.body).toContain(
      '<a data-login="support" href="https://t.me/our_support?a=1&amp;b=&quot;x&quot;" target="_blank">',
    );
    expect(res.body).not.toContain('<div id="root">');
  });

  it('answers client-side routes with index.html that must revalidate', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/station/123/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('caches hashed assets forever and compresses them', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(bundle.length / 4);
  });

  it('answers a missing file with 404, never with index.html', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-old999.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toContain('text/html');
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});

describe('the login page without demo sign-in', () => {
  it('keeps the demo note hidden', () => {
    const page = personalizeLoginPage(loginPage, { demo: false, supportUrl: 'https://t.me/help' });
    expect(page).toContain('<div data-login="demo" hidden="">');
    expect(page).toContain('<a data-login="support" href="https://t.me/help"');
  });
});
