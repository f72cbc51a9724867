import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/test-browser';

describe('shell on a desktop (1440×900)', () => {
  const browser = useBrowser();

  it('the sidebar is 240 px, collapses to 72 px and stays collapsed after a reload', async () => {
    const page = await browser.openAs('owner');
    await page.goto(`/station/${inject('leninaId')}`);
    const sidebar = page.getByRole('complementary', { name: 'Боковое меню' });
    await sidebar.getByRole('link', { name: 'Расписание' }).waitFor();
    expect((await sidebar.boundingBox())?.width).toBe(240);
    // The phone's bottom bar is not there.
    expect(await page.getByRole('button', { name: 'Ещё', exact: true }).count()).toBe(0);

    await sidebar.getByRole('button', { name: 'Свернуть меню' }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(72);
    // Collapsed, the sections keep their names for assistive technology.
    await sidebar.getByRole('link', { name: 'Настройки станции' }).waitFor();

    await page.reload();
    await sidebar.getByRole('button', { name: 'Развернуть меню' }).waitFor();
    expect((await sidebar.boundingBox())?.width).toBe(72);
    await sidebar.getByRole('button', { name: 'Развернуть меню' }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(240);
  });
});
