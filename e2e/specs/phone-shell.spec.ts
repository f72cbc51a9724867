import { describe, expect, inject, it } from 'vitest';
import { viewports } from '../support/browser';
import { useBrowser } from '../support/test-browser';

describe('shell on a phone (390×844)', () => {
  const browser = useBrowser();

  it('shows the bottom bar instead of the sidebar, and «Ещё» opens the sheet', async () => {
    const page = await browser.openAs('owner', { viewport: 'phone' });
    await page.goto(`/station/${inject('leninaId')}`);

    const bar = page.getByRole('navigation', { name: 'Разделы' });
    const more = bar.getByRole('button', { name: 'Ещё' });
    await more.waitFor();
    // The bar sits at the bottom edge of the screen.
    const box = await bar.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y + box!.height).toBeGreaterThan(viewports.phone.height - 4);
    expect(box!.y).toBeGreaterThan(viewports.phone.height - 120);
    // No sidebar on a phone.
    expect(await page.locator('aside:visible, .ant-layout-sider:visible').count()).toBe(0);

    await more.click();
    const sheet = page.getByRole('dialog', { name: 'Ещё' });
    await sheet.waitFor();
    for (const section of ['Основные', 'Настройки', 'Прочее', 'Действия']) {
      await sheet.getByRole('heading', { name: section }).waitFor();
    }
    await sheet.getByRole('button', { name: 'Выйти' }).waitFor();
    await sheet.getByRole('radio', { name: 'Бирюзовый' }).waitFor();

    // Closing the sheet gives the bar back.
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    await more.waitFor();
  });
});
