import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from './api-client';
import { offlineWriteRefusal } from './online';

describe('offline, the API client refuses changes with the reason', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a POST is not sent and fails with «Нет сети — изменения недоступны»; nothing is reported', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetch = vi.spyOn(globalThis, 'fetch');
    const error = await api('/order/create', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'OFFLINE', message: offlineWriteRefusal });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('online, the same call goes out', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ ok: true }), { status: 200 }));
    await expect(api('/order/create', { method: 'POST', body: {} })).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledOnce();
  });
});
