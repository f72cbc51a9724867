import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { makeLocalCertificate } from './test/local-certificate';
import { createTestApp, type TestApp } from './test/test-app';
import {
  call,
  carwashIds,
  expectedPrice,
  orderBody,
  stationIdByCarwash,
  tariffByCode,
} from './modules/orders/orders.test-support';

describe('TLS_CERT_FILE and TLS_KEY_FILE: the server speaks HTTPS itself', () => {
  it('needs both files, and makes the default public address https', () => {
    expect(() => loadConfig({ TLS_CERT_FILE: '/etc/crm/cert.pem' })).toThrow(
      /TLS_KEY_FILE: set both TLS_CERT_FILE and TLS_KEY_FILE, or neither/,
    );
    const config = loadConfig({ PORT: '8443', TLS_CERT_FILE: '/c.pem', TLS_KEY_FILE: '/k.pem' });
    expect(config.tls).toEqual({ certFile: '/c.pem', keyFile: '/k.pem' });
    expect(config.publicUrl).toBe('https://localhost:8443');
    expect(config.secureCookies).toBe(true);
    expect(loadConfig({}).tls).toBeNull();
  });

  describe('listening with a certificate', () => {
    let dir: string;
    let ca: Buffer;
    let t: TestApp;
    let base: string;
    let session: http2.ClientHttp2Session;
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'crm-tls-'));
      const files = makeLocalCertificate(dir);
      ca = readFileSync(files.certFile);
      t = await createTestApp({ env: { TLS_CERT_FILE: files.certFile, TLS_KEY_FILE: files.keyFile } });
      base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
      session = http2.connect(base, { ca });
      process.on('warning', onWarning);
    });
    afterAll(async () => {
      process.off('warning', onWarning);
      session?.close();
      await t?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    /** One HTTP/2 request: its headers and a reader of its body. */
    const request = (path: string, headers: Record<string, string> = {}) => {
      const stream = session.request({ ':path': path, ...headers });
      stream.setEncoding('utf8');
      const response = new Promise<http2.IncomingHttpHeaders>((resolve, reject) => {
        stream.once('response', resolve);
        stream.once('error', reject);
      });
      let body = '';
      const waiters: Array<() => void> = [];
      stream.on('data', (chunk: string) => {
        body += chunk;
        waiters.splice(0).forEach((wake) => wake());
      });
      const until = async (text: string) => {
        while (!body.includes(text)) await new Promise<void>((wake) => waiters.push(wake));
      };
      const ended = new Promise<void>((resolve) => stream.once('end', resolve));
      return { stream, response, until, ended, body: () => body };
    };

    it('answers over HTTP/2', async () => {
      const health = request('/api/health');
      expect((await health.response)[':status']).toBe(200);
      await health.ended;
      expect(JSON.parse(health.body())).toMatchObject({ status: 'ok' });
      expect(session.alpnProtocol).toBe('h2');
    });

    it('answers a client without HTTP/2 over HTTP/1.1', async () => {
      const { status, version } = await new Promise<{ status?: number; version: string }>(
        (resolve, reject) => {
          https
            .get(`${base}/api/health`, { ca }, (res) => {
              res.resume();
              resolve({ status: res.statusCode, version: res.httpVersion });
            })
            .on('error', reject);
        },
      );
      expect(status).toBe(200);
      expect(version).toBe('1.1');
    });

    it('streams order events over HTTP/2, with no connection header (forbidden there)', async () => {
      const lenina = await stationIdByCarwash(t, carwashIds.lenina);
      const admin = await t.loginAs('administrator');
      const events = request(`/api/events?station_id=${lenina}`, admin.headers);
      const headers = await events.response;
      expect(headers[':status']).toBe(200);
      expect(headers['content-type']).toBe('text/event-stream; charset=utf-8');
      await events.until(': connected');

      const tariff = await tariffByCode(t, lenina, 'express');
      const price = await expectedPrice(t, lenina, tariff.id, 'Compact');
      const { order } = await call(t, {
        method: 'POST',
        url: `/api/create_order/${lenina}`,
        headers: admin.headers,
        payload: orderBody(tariff.id, price.totalAmount, { start: '2031-03-11T07:00:00.000Z' }) as object,
      });
      await events.until(`"order_id":"${order.id}"`);
      expect(events.body()).toContain('event: order\n');
      events.stream.close();
      // Node drops a connection header on HTTP/2 with this warning; the stream must not send one.
      expect(warnings.map((w) => w.message).join('\n')).not.toMatch(/connection header/);
    });
  });
});
