import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSafeText, textMessages } from '@crm/shared';
import { clientErrorReports, clientLogs } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('client error and log intake', () => {
  let t: TestApp;
  let ipCounter = 0;
  // Each test posts from its own address, so the per-IP limit only bites where it is tested.
  const nextIp = () => `10.2.0.${++ipCounter}`;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const lastReport = async () =>
    (await t.db.select().from(clientErrorReports).orderBy(desc(clientErrorReports.id)).limit(1))[0]!;
  const lastLog = async () =>
    (await t.db.select().from(clientLogs).orderBy(desc(clientLogs.id)).limit(1))[0]!;

  const report = {
    user_id: 'someone-else',
    code: '500:INTERNAL',
    api_url: '/api/station/list',
    current_url: '/home',
    request_data: { user_id: 'x' },
    response_data: { message: 'Произошла неожиданная ошибка.' },
  };

  it("stores an error report under the session's user, not the body's", async () => {
    const owner = await t.loginAs('owner');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/error',
      headers: owner.headers,
      payload: report,
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await lastReport()).toMatchObject({
      userId: owner.userId,
      code: '500:INTERNAL',
      apiUrl: '/api/station/list',
      currentUrl: '/home',
      requestData: { user_id: 'x' },
      responseData: { message: 'Произошла неожиданная ошибка.' },
    });
  });

  it('stores reports signed out, or with a mismatched X-User-Id, without a user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/error',
      payload: { ...report, code: 404 },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(204);
    expect(await lastReport()).toMatchObject({ userId: null, code: '404' });
    const owner = await t.loginAs('owner');
    await t.app.inject({
      method: 'POST',
      url: '/api/error',
      headers: { cookie: owner.headers.cookie },
      payload: report,
      remoteAddress: nextIp(),
    });
    expect((await lastReport()).userId).toBeNull();
  });

  it('bounds strings and JSON members', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/error',
      payload: { ...report, api_url: 'x'.repeat(5000), request_data: { blob: 'y'.repeat(20_000) } },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(204);
    const row = await lastReport();
    expect(row.apiUrl).toHaveLength(2000);
    expect(row.requestData).toMatchObject({ truncated: true, bytes: expect.any(Number) });
    expect(JSON.stringify(row.requestData).length).toBeLessThan(16 * 1024);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/error',
      payload: { ...report, request_data: 'z'.repeat(100 * 1024) },
      remoteAddress: nextIp(),
    });
    expect(huge.statusCode).toBe(413);
  });

  it("stores a log line under the session's user, not the body's", async () => {
    const worker = await t.loginAs('worker');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logger',
      headers: worker.headers,
      remoteAddress: nextIp(),
      payload: {
        message: 'Cannot read properties of undefined',
        stack: 'TypeError: …',
        url: 'http://localhost:8080/home',
        userAgent: 'Mozilla/5.0',
        timestamp: '2025-01-01T10:00:00.000Z',
        userId: 'someone-else',
        level: 'error',
        context: { route: '/home' },
      },
    });
    expect(res.statusCode).toBe(204);
    expect(await lastLog()).toMatchObject({
      userId: worker.userId,
      level: 'error',
      message: 'Cannot read properties of undefined',
      url: 'http://localhost:8080/home',
      userAgent: 'Mozilla/5.0',
      clientTimestamp: '2025-01-01T10:00:00.000Z',
      context: { route: '/home' },
    });
  });

  it('rejects a log line without a message or with an unknown level', async () => {
    const ip = nextIp();
    const noMessage = await t.app.inject({
      method: 'POST',
      url: '/api/logger',
      payload: { level: 'info' },
      remoteAddress: ip,
    });
    expect(noMessage.statusCode).toBe(400);
    expect(noMessage.json().error.fields).toEqual({ message: 'Обязательное поле' });
    const badLevel = await t.app.inject({
      method: 'POST',
      url: '/api/logger',
      payload: { message: 'x', level: 'fatal' },
      remoteAddress: ip,
    });
    expect(badLevel.statusCode).toBe(400);
    expect(Object.keys(badLevel.json().error.fields)).toEqual(['level']);
  });

  it('refuses NUL and lone surrogates signed out with a field message, storing nothing (issue 9)', async () => {
    const before = { logs: (await lastLog())?.id, reports: (await lastReport())?.id };
    for (const [url, payload, field] of [
      ['/api/logger', { message: 'boom\u0000' }, 'message'],
      ['/api/logger', { message: 'ok', context: { note: '\ud800' } }, 'context.note'],
      ['/api/error', { ...report, code: 'x\u0000' }, 'code'],
      ['/api/error', { ...report, response_data: { ['\udc00']: 1 } }, 'response_data'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, payload, remoteAddress: nextIp() });
      expect(res.statusCode, `${url} ${field}`).toBe(400);
      expect(res.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Проверьте правильность заполнения полей',
        fields: { [field]: textMessages.unsafe },
      });
    }
    expect((await lastLog())?.id).toBe(before.logs);
    expect((await lastReport())?.id).toBe(before.reports);
  });

  it('cuts long texts and previews without splitting an emoji, and keeps a too deep member as a marker', async () => {
    // Written as text: JSON.stringify itself runs out of stack on 5000 levels.
    const deep = `${'{"d":'.repeat(5000)}"leaf"${'}'.repeat(5000)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logger',
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/json' },
      payload: `{"message":${JSON.stringify(`${'x'.repeat(3999)}😀tail`)},"context":${deep}}`,
    });
    expect(res.statusCode).toBe(204);
    const row = await lastLog();
    expect(row.message).toBe('x'.repeat(3999));
    expect(row.context).toEqual({ truncated: true, reason: 'too deep' });

    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/error',
      remoteAddress: nextIp(),
      // The 4096-unit preview of the JSON would end between the halves of an emoji.
      payload: { ...report, request_data: `${'y'.repeat(4094)}${'😀'.repeat(9000)}` },
    });
    expect(preview.statusCode).toBe(204);
    const stored = (await lastReport()).requestData as { preview: string };
    expect(isSafeText(stored.preview)).toBe(true);
    expect(stored.preview).not.toContain('\ufffd');
  });

  it('rate-limits each address to 60 a minute', async () => {
    const ip = nextIp();
    const post = () =>
      t.app.inject({ method: 'POST', url: '/api/logger', payload: { message: 'tick' }, remoteAddress: ip });
    for (let i = 0; i < 60; i++) expect((await post()).statusCode).toBe(204);
    const limited = await post();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/logger',
      payload: { message: 'tick' },
      remoteAddress: nextIp(),
    });
    expect(elsewhere.statusCode).toBe(204);
  });
});
