import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
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
  // A build's file with its .br and .gz beside it (apps/web/build/precompress.ts).
  const shell = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `ряд ${i}`))};`;
  const shellBr = brotliCompressSync(shell);
  const shellGz = gzipSync(shell, { level: 9 });
  // The build writes theme-init.js into the pages (apps/web/build/inline-theme-init.ts).
  const themeInit = "document.documentElement.setAttribute('data-theme', 'dark');";

  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'crm-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><script>${themeInit}</script><div id="root"></div>`,
    );
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), bundle);
    writeFileSync(join(dist, 'assets', 'shell-def456.js'), shell);
    writeFileSync(join(dist, 'assets', 'shell-def456.js.br'), shellBr);
    writeFileSync(join(dist, 'assets', 'shell-def456.js.gz'), shellGz);
    writeFileSync(join(dist, 'assets', 'export.worker-ghi789.js'), bundle);
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

  it("sends the build's brotli file to a browser that accepts it, its gzip file to one that does not", async () => {
    const get = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/shell-def456.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    // Chromium over HTTPS lists gzip first: brotli is still sent (the smaller file).
    const br = await get('gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    // The build's own file, byte for byte (compressing on the fly would give another, larger one).
    expect(br.rawPayload.equals(shellBr)).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(shell);

    const gz = await get('gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(shellGz)).toBe(true);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(shell);

    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(shell);
  });

  it("sends a build's file without the headers only a document reads; pages and workers keep them", async () => {
    const file = await t.app.inject({ method: 'GET', url: '/assets/shell-def456.js' });
    expect(file.statusCode).toBe(200);
    for (const header of [
      'content-security-policy',
      'cross-origin-opener-policy',
      'referrer-policy',
      'x-xss-protection',
    ])
      expect(file.headers[header], header).toBeUndefined();
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cross-origin-resource-policy']).toBe('same-origin');

    const page = await t.app.inject({ method: 'GET', url: '/station/123' });
    // The page's own inline script is allowed by its hash, and only it.
    const themeInitHash = createHash('sha256').update(themeInit).digest('base64');
    expect(page.headers['content-security-policy']).toContain(
      `script-src 'self' 'sha256-${themeInitHash}' https://telegram.org;`,
    );
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // A worker's policy is its own answer's.
    const worker = await t.app.inject({ method: 'GET', url: '/assets/export.worker-ghi789.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-security-policy']).toContain("script-src 'self'");
    // An API answer keeps them all.
    const api = await t.app.inject({ method: 'GET', url: '/api/assets/none' });
    expect(api.headers['content-security-policy']).toBeDefined();
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
