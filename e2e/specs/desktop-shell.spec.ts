import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { messages } from '@crm/shared';
import { skipFirstVisit } from '../support/api';
import { signInFast } from '../support/browser';
import { clickEmptyTime, freeHour, pickOption } from '../support/orders';
import { baseUrl, useBrowser } from '../support/test-browser';

/** The title and text of the notifications on screen, newest last. */
const toasts = (page: Page) =>
  page.locator('.ant-notification-notice').evaluateAll((notices) =>
    notices.map((n) => ({
      title: n.querySelector('.ant-notification-notice-title')?.textContent ?? '',
      text: n.querySelector('.ant-notification-notice-description')?.textContent ?? '',
    })),
  );

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

  // Issue 38: every toast read «Всё идёт по плану!» or «Что-то пошло не так(»; the title now says what happened.
  it('a failed save and the order created say so in their titles', async () => {
    const leninaId = inject('leninaId');
    const admin = await skipFirstVisit(baseUrl(), 'administrator');
    const slot = await freeHour(admin, leninaId, 4);
    const page = await browser.open();
    await page
      .context()
      .addInitScript((key) => sessionStorage.setItem(key, '1'), `crm.greeted.${admin.userId}`);
    await signInFast(page, baseUrl(), 'administrator');
    await page.goto(`/station/${leninaId}?view=day&date=${slot.date}`);
    await clickEmptyTime(page, slot.date, slot.hour);
    const dialog = page.getByRole('dialog', { name: 'Новая запись' });
    await pickOption(page, dialog.getByRole('combobox', { name: 'Тариф' }), 'Комплекс');
    await dialog.getByRole('combobox', { name: 'Марка' }).fill('Kia');
    await page.locator('.ant-select-dropdown:visible').getByTitle('Kia', { exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Модель' }).fill('Rio');
    await page
      .locator('.ant-select-dropdown:visible')
      .getByTitle(/^Rio\b/)
      .first()
      .click();
    await dialog.getByLabel('Госномер').fill('Т038ОС77');
    await pickOption(page, dialog.getByRole('combobox', { name: 'Способ оплаты' }), 'Оплачено картой');

    // The server fails once: the title is what failed, the reason below it.
    await page.route('**/api/create_order/**', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'boom' } } }),
    );
    await dialog.getByRole('button', { name: 'Создать запись' }).click();
    await page.locator('.ant-notification-notice').first().waitFor();
    expect(await toasts(page)).toEqual([
      { title: 'Не удалось создать заказ', text: messages.generic.unexpected },
    ]);

    await page.unroute('**/api/create_order/**');
    await dialog.getByRole('button', { name: 'Создать запись' }).click();
    await page.getByText('Заказ успешно создан', { exact: true }).waitFor();
    const shown = await toasts(page);
    expect(shown).toContainEqual({ title: 'Заказ успешно создан', text: '' });
    for (const { title } of shown) {
      expect([messages.generic.successTitle, messages.generic.errorTitle]).not.toContain(title);
    }
  });
});
