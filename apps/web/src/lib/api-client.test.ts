import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@crm/shared';
import { api, ApiError, friendlyMessage } from './api-client';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const shed = () =>
  json(503, { error: { code: 'OVERLOADED', message: messages.generic.overloaded } }, { 'Retry-After': '2' });

describe('api: where a call runs', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts the call in a task of its own, not in the caller’s (React’s commit)', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    const answer = api<{ ok: boolean }>('/station/list');
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(answer).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('runs a change’s task ahead of the renders already queued, a read’s at the usual priority', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => json(200, {})),
    );
    const postTask = vi.fn(async (task: () => void, _options: { priority?: string }) => task());
    vi.stubGlobal('scheduler', { postTask });
    await api('/own_order/update/o1', { method: 'POST', body: {} });
    await api('/station/list');
    expect(postTask.mock.calls.map(([, options]) => options.priority)).toEqual(['user-blocking', undefined]);
  });

  it('sends nothing for a call cancelled before its task came', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    const cancel = new AbortController();
    const answer = api('/station/list', { signal: cancel.signal });
    cancel.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('api: a call the server shed (503 OVERLOADED)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const calledPaths = () => fetchMock.mock.calls.map(([url]) => String(url).split('?')[0]);
  /** A call starts in a task of its own (not a timer): real turns of the event loop until it has. */
  const started = async () => {
    for (let turn = 0; turn < 20 && fetchMock.mock.calls.length === 0; turn++)
      await new Promise((resolve) => setImmediate(resolve));
  };

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('is repeated after Retry-After, not sooner, and then answers', async () => {
    fetchMock.mockResolvedValueOnce(shed()).mockResolvedValueOnce(json(200, { orders: [] }));
    const answer = api<{ orders: unknown[] }>('/order/list', { method: 'POST', body: { station_id: 's' } });

    await started();
    await vi.advanceTimersByTimeAsync(1900);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1200);
    await expect(answer).resolves.toEqual({ orders: [] });
    expect(calledPaths()).toEqual(['/api/order/list', '/api/order/list']);
  });

  it('fails with the Russian «overloaded» text when the server stays overloaded, without a failure report', async () => {
    fetchMock.mockImplementation(async () => shed());
    const answer = api('/order/list', { method: 'POST', body: { station_id: 's' } });
    const failure = answer.catch((error: unknown) => error);
    await started();
    await vi.advanceTimersByTimeAsync(20_000);

    const error = await failure;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: 'OVERLOADED', message: messages.generic.overloaded });
    expect(friendlyMessage(error)).toBe(messages.generic.overloaded);
    // Repeated a bounded number of times, and never reported to POST /api/error.
    expect(calledPaths().every((p) => p === '/api/order/list')).toBe(true);
    expect(fetchMock.mock.calls.length).toBeLessThanOrEqual(3);
  });

  it('repeats a read while the database is away (503 NOT_READY), not a change, and reports neither', async () => {
    const away = () =>
      json(503, { error: { code: 'NOT_READY', message: messages.generic.notReady } }, { 'Retry-After': '5' });
    fetchMock.mockResolvedValueOnce(away()).mockResolvedValueOnce(json(200, { rows: [] }));
    const read = api<{ rows: unknown[] }>('/order/calendar');
    await started();
    await vi.advanceTimersByTimeAsync(8000);
    await expect(read).resolves.toEqual({ rows: [] });
    expect(fetchMock).toHaveBeenCalledTimes(2);

    fetchMock.mockReset();
    fetchMock.mockResolvedValue(away());
    const change = api('/create_order/s', { method: 'POST', body: {} }).catch((e: unknown) => e);
    await started();
    const error = await change;
    expect(error).toMatchObject({ status: 503, code: 'NOT_READY' });
    expect(friendlyMessage(error)).toBe(messages.generic.notReady);
    // Once, and no POST /api/error about it.
    expect(calledPaths()).toEqual(['/api/create_order/s']);
  });

  it('does not repeat any other 503', async () => {
    fetchMock.mockResolvedValue(json(503, { error: { code: 'INTERNAL', message: 'x' } }));
    await expect(api('/station/list', { silent: true })).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
