import { describe, expect, it } from 'vitest';
import { apiCall } from '../support/api';
import { baseUrl, useBrowser } from '../support/test-browser';

describe('logout', () => {
  const browser = useBrowser();

  it('ends the session: protected pages go to login and the old cookie gets 401', async () => {
    const page = await browser.openAs('owner');
    await page.waitForURL((url) => url.pathname === '/');
    const sid = (await page.context().cookies()).find((c) => c.name === 'crm_sid');
    expect(sid, 'a session cookie after sign-in').toBeDefined();
    const userId = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('crm.session') ?? '{}') as { userId?: string }).userId,
    );
    expect(userId).toBeTruthy();
    const oldSession = apiCall(baseUrl(), `crm_sid=${sid!.value}`, userId!);
    expect((await oldSession(`/api/user/${userId}`)).status).toBe(200);

    // Through the UI: the account panel in the sidebar foot offers «Выйти».
    await page.getByRole('button', { name: /настройки и выход/ }).click();
    await page.getByRole('button', { name: 'Выйти' }).click();
    await page.waitForURL(/\/auth\/yandex/);

    expect((await page.context().cookies()).find((c) => c.name === 'crm_sid')).toBeUndefined();
    await page.goto('/profile');
    await page.waitForURL(/\/auth\/yandex/);
    expect((await oldSession(`/api/user/${userId}`)).status).toBe(401);
  });
});
