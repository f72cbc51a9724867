import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { applyDiscount, orderPrice, type TariffConfig } from '@crm/shared';
import { skipFirstVisit, type ApiSession } from '../support/api';
import { freeHour, hh } from '../support/orders';
import { seriousViolations } from '../support/axe';
import { pageErrors, type ContextOptions } from '../support/browser';
import { baseUrl, useBrowser } from '../support/test-browser';
import { pressInWindow } from '../support/dialogs';

interface ApiDriver {
  id: string;
  name: string;
  surname: string;
  phone: string;
  discount: number;
  deleted: boolean;
}

async function ok<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A phone no client of the demo has: +7 977 … with random digits. */
const randomPhone = () => `+7977${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const unique = () => Math.random().toString(36).slice(2, 7);
/** +79771234567 → +7 (977) 123-45-67 */
const shown = (phone: string) =>
  `+7 (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8, 10)}-${phone.slice(10, 12)}`;

/**
 * Issue 11 «Clients», in the browser: the administrator of «Мойка на Ленина» finds a regular, opens the
 * card (cars, visits, totals), edits the phone, gives 10 %, books the next order with the discount, deletes
 * and restores the client; on a phone through «Ещё»; the owner imports a CSV with one bad row; axe on the
 * list and the card in light and dark.
 */
describe('clients of «Демо-сеть»', () => {
  const browser = useBrowser();
  const leninaId = inject('leninaId');
  let admin: ApiSession;
  let networkId: string;

  beforeAll(async () => {
    admin = await skipFirstVisit(baseUrl(), 'administrator');
    const { stations } = await ok<{ stations: { id: string; network_id: string }[] }>(
      await admin.call('/api/station/list', { body: { user_id: admin.userId } }),
      'POST /api/station/list',
    );
    networkId = stations.find((s) => s.id === leninaId)!.network_id;
  });

  /** A client of the network with a car and one past, completed visit at «Мойка на Ленина». */
  async function regular(): Promise<ApiDriver & { surnameKey: string }> {
    const surnameKey = `Постоянный${unique()}`;
    const { driver } = await ok<{ driver: ApiDriver }>(
      await admin.call('/api/drivers/create', {
        body: {
          network_id: networkId,
          name: 'Виктор',
          surname: surnameKey,
          phone: randomPhone(),
          cars: [{ brand: 'Kia', model: 'Rio', plate_number: 'К123КК77' }],
        },
      }),
      'POST /api/drivers/create',
    );
    return { ...driver, surnameKey };
  }

  /** An own order for the client booked through the API at the tariff's list price (the server discounts). */
  async function bookFor(driverId: string, plateNumber = 'К123КК77') {
    const { prices_list } = await ok<{ prices_list: { id: string; active: boolean }[] }>(
      await admin.call(`/api/own_tariffs/list/${leninaId}`),
      'GET /api/own_tariffs/list',
    );
    const tariff = prices_list.find((t) => t.active)!;
    const config = await ok<TariffConfig>(
      await admin.call(`/api/own_tariffs/price_get/${leninaId}/${tariff.id}`),
      'GET /api/own_tariffs/price_get',
    );
    const listPrice = orderPrice(config, 'MiddleSize', [])!.totalAmount;
    const slot = await freeHour(admin, leninaId, 1);
    const start = Date.parse(`${slot.date}T${hh(slot.hour)}:00+03:00`);
    const { order } = await ok<{
      order: { id: string; sum: number; discount_percent?: number; sum_before_discount?: number };
    }>(
      await admin.call(`/api/create_order/${leninaId}`, {
        body: {
          car: {
            brand: 'Kia',
            model: 'Rio',
            class: 'MiddleSize',
            category: 'MiddleSize',
            plateNumber,
          },
          bookingStart: new Date(start).toISOString(),
          bookingEnd: new Date(start + 30 * 60_000).toISOString(),
          paymentMethod: 'not_paid',
          driver_id: driverId,
          basket: { tariffId: tariff.id, totalAmount: listPrice },
        },
      }),
      'POST /api/create_order',
    );
    return { order, listPrice };
  }

  async function open(login: string, path: string, options: ContextOptions = {}): Promise<Page> {
    const page = await browser.openAs(login, options);
    // The selected station is the one the user chose last (the switcher remembers it).
    await page.context().addInitScript((id) => localStorage.setItem('crm.selectedStation', id), leninaId);
    await page.goto(path);
    return page;
  }

  /** Until the list shows the answer to the URL (placeholder pages are dimmed and busy). */
  async function settled(page: Page) {
    await page.waitForTimeout(100);
    await page
      .locator('.clients-list[aria-busy="true"], .clients-loading')
      .first()
      .waitFor({ state: 'detached' });
  }

  it('finds a regular, edits the phone, gives 10 %, books with the discount, deletes and restores (desktop)', async () => {
    const client = await regular();
    const page = await open('administrator', `/station/${leninaId}`);

    // «Клиенты» in the sidebar.
    await page.getByRole('link', { name: 'Клиенты' }).first().click();
    await page.waitForURL((url) => url.pathname === '/clients');
    await page.getByRole('heading', { name: 'Клиенты' }).waitFor();

    // Found by surname within a second of the 300 ms debounce.
    const search = page.getByRole('searchbox', { name: 'Поиск клиентов' });
    await search.fill(client.surnameKey);
    await page.waitForURL((url) => url.searchParams.get('q') === client.surnameKey);
    await settled(page);
    const card = page.locator('.client-card').filter({ hasText: client.surnameKey });
    await card.waitFor({ timeout: 1500 });
    expect(await page.locator('.client-card').count()).toBe(1);

    // The table view holds the same client; the choice is in the URL.
    await page.getByText('Таблица', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'table');
    await page.getByRole('row').filter({ hasText: client.surnameKey }).waitFor();

    // The card: contact, car, visits (none yet), deep link.
    await page.getByRole('row').filter({ hasText: client.surnameKey }).click();
    await page.waitForURL((url) => url.pathname === `/clients/${client.id}`);
    const sheet = page.locator('.client-sheet');
    await sheet.getByText(shown(client.phone)).waitFor();
    await sheet.getByText('Kia Rio').waitFor();
    await sheet.getByText('К123КК77').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Edit: new phone and 10 %.
    const newPhone = randomPhone();
    await sheet.getByRole('button', { name: 'Изменить клиента' }).click();
    const form = page.getByRole('dialog', { name: 'Редактирование клиента' });
    const save = form.getByRole('button', { name: 'Сохранить' });
    expect(await save.isDisabled()).toBe(true);
    const phoneBox = form.getByLabel(/^Телефон/);
    await phoneBox.fill('');
    await phoneBox.pressSequentially(newPhone.slice(2));
    expect(await phoneBox.inputValue()).toBe(shown(newPhone));
    await form.getByLabel(/^Скидка/).fill('10');
    await save.click();
    await page.getByText('Клиент успешно обновлен').first().waitFor();
    await sheet.getByText(shown(newPhone)).waitFor();
    await sheet.getByText('Скидка 10 %').first().waitFor();

    // The next order for this client is priced with the discount; it shows among the visits and in the
    // order modal with the price before the discount.
    const { order: booked, listPrice } = await bookFor(client.id);
    expect(booked.discount_percent).toBe(10);
    expect(booked.sum_before_discount).toBe(listPrice);
    expect(booked.sum).toBe(applyDiscount(listPrice, 10).sum);
    await page.reload();
    const visit = sheet.locator('.client-visit').first();
    await visit.waitFor();
    expect(await visit.textContent()).toContain('Мойка на Ленина');
    expect((await visit.textContent())!.replace(/\s/g, ' ')).toContain(
      `${booked.sum.toLocaleString('ru-RU').replace(/\s/g, ' ')} ₽`,
    );
    await visit.click();
    await page.waitForURL((url) => url.searchParams.get('orderId') === booked.id);
    const details = page.getByRole('dialog').filter({ hasText: 'Данные записи' });
    await details.getByText(/скидка 10 %, без скидки/).waitFor();
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => !url.searchParams.has('orderId'));

    // «Новая запись» for this client: the station's calendar with the form filled, priced with 10 % off.
    await sheet.getByRole('button', { name: /Новая запись/ }).click();
    await page.waitForURL(
      (url) => url.pathname === `/station/${leninaId}` && url.searchParams.get('client') === client.id,
    );
    const order = page.getByRole('dialog', { name: 'Новая запись' });
    await order.waitFor();
    await order
      .locator('.ant-select-content, .ant-select-selector')
      .filter({ hasText: client.surnameKey })
      .first()
      .waitFor();
    await expect.poll(() => order.getByLabel('Госномер').inputValue()).toBe('К123КК77');
    await order.getByLabel(/^Тариф/).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    const note = order.locator('.order-discount-note');
    await note.waitFor();
    expect(await note.textContent()).toMatch(/^Скидка 10 %: [\d\s ]+ ₽ вместо [\d\s ]+ ₽$/);
    await page.keyboard.press('Escape');

    // Delete (confirmed), then the order form's picker does not find the client.
    await page.goto(`/clients/${client.id}`);
    await sheet.getByRole('button', { name: 'Удалить клиента' }).click();
    await pressInWindow(page.locator('.ant-modal-confirm'), 'Удалить');
    await page.getByText('Клиент успешно удален').first().waitFor();
    await sheet.getByRole('button', { name: /Восстановить/ }).waitFor();

    await page.goto(`/station/${leninaId}?newOrder=1`);
    const picker = page.getByRole('dialog', { name: 'Новая запись' }).getByLabel(/^Клиент/);
    await picker.click();
    await picker.fill(client.surnameKey);
    await page.locator('.ant-select-dropdown:visible').getByText('Клиенты не найдены').waitFor();
    await page.keyboard.press('Escape');

    // Restore (confirmed).
    await page.goto(`/clients/${client.id}`);
    await sheet.getByRole('button', { name: /Восстановить/ }).click();
    await pressInWindow(page.locator('.ant-modal-confirm'), 'Восстановить');
    await page.getByText('Клиент успешно восстановлен').first().waitFor();
    await sheet.getByRole('button', { name: 'Удалить клиента' }).waitFor();
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);

  it('finds a client by the plate of his order, typed in Latin letters with a gap (issue 38)', async () => {
    const digits = String(100 + Math.floor(Math.random() * 900));
    const surnameKey = `Номерной${unique()}`;
    const { driver } = await ok<{ driver: ApiDriver }>(
      await admin.call('/api/drivers/create', {
        body: { network_id: networkId, name: 'Пётр', surname: surnameKey, phone: randomPhone(), cars: [] },
      }),
      'POST /api/drivers/create',
    );
    // The plate is only on his order, not on his card.
    await bookFor(driver.id, `Е${digits}КМ77`);
    const page = await open('administrator', '/clients');
    const search = page.getByRole('searchbox', { name: 'Поиск клиентов' });
    expect(await search.getAttribute('placeholder')).toBe('Имя, фамилия, телефон или номер авто');
    await search.fill(`e${digits}km 77`);
    await page.waitForURL((url) => url.searchParams.get('q') === `e${digits}km 77`);
    await settled(page);
    await page.locator('.client-card').filter({ hasText: surnameKey }).waitFor({ timeout: 1500 });
    expect(pageErrors(page)).toEqual([]);
  });

  it('on a phone: «Ещё» (which loads the page ahead) → «Клиенты», cards only, search by phone, the card; axe in the dark', async () => {
    const client = await regular();
    const page = await open('administrator', `/station/${leninaId}`, {
      viewport: 'phone',
      colorScheme: 'dark',
    });
    // The open sheet loads the clients page's code while it is read (issue 40), before the tap.
    const pageCode = page.waitForRequest((r) => /\/assets\/clients-page-[^/]+\.js$/.test(r.url()));
    await page.getByRole('navigation', { name: 'Разделы' }).getByRole('button', { name: 'Ещё' }).click();
    await pageCode;
    await page.getByRole('dialog', { name: 'Ещё' }).getByRole('link', { name: 'Клиенты' }).click();
    await page.waitForURL((url) => url.pathname === '/clients');
    expect(await page.getByText('Таблица', { exact: true }).count()).toBe(0);

    await page.getByRole('searchbox', { name: 'Поиск клиентов' }).fill(client.phone.slice(2));
    await page.waitForURL((url) => url.searchParams.get('q') === client.phone.slice(2));
    await settled(page);
    await page.locator('.client-card').filter({ hasText: client.surnameKey }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.locator('.client-card').filter({ hasText: client.surnameKey }).click();
    const sheet = page.locator('.client-sheet');
    await sheet.getByText(shown(client.phone)).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
  });

  it('list and card are axe-clean in the light theme on a desktop', async () => {
    const client = await regular();
    const page = await open('administrator', '/clients');
    await settled(page);
    await page.locator('.client-card').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`/clients/${client.id}`);
    await page.locator('.client-sheet').getByText('Kia Rio').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the owner imports a CSV with one bad row: the preview names it, the rest is created', async () => {
    const key = `Импорт${unique()}`;
    const good1 = randomPhone();
    const good2 = randomPhone();
    const csv =
      'Имя;Фамилия;Телефон;Скидка, %;Марка;Модель;Госномер\n' +
      `Пётр;${key};${good1};5;Kia;Rio;\n` +
      `Мария;${key};12345;;;;\n` +
      `Ольга;${key};${good2.slice(2)};;;;\n`;
    const file = join(tmpdir(), `clients-${key}.csv`);
    writeFileSync(file, csv);

    const page = await open('owner', '/clients');
    await page.getByRole('button', { name: 'Импорт' }).click();
    const dialog = page.getByRole('dialog', { name: 'Импорт клиентов' });
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await dialog.getByText('Будут добавлены: 2').waitFor();
    const skipped = dialog.getByRole('table');
    await skipped.getByText('Введите корректный номер телефона').waitFor();
    expect(await skipped.getByRole('row').filter({ hasText: 'Мария' }).count()).toBe(1);
    await pressInWindow(dialog, 'Импортировать (2)');
    await page.getByText('Импортировано клиентов: 2').first().waitFor();

    await page.getByRole('searchbox', { name: 'Поиск клиентов' }).fill(key);
    await page.waitForURL((url) => url.searchParams.get('q') === key);
    await settled(page);
    await expect.poll(() => page.locator('.client-card').count()).toBe(2);

    // Export of the current search: the two imported clients in the file.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Экспорт' }).click(),
    ]);
    const path = await download.path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const sheet = workbook.getWorksheet('Клиенты')!;
    const names: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) names.push(String(row.getCell(1).value));
    });
    expect(names.sort()).toEqual(['Ольга', 'Пётр']);
    expect(download.suggestedFilename()).toMatch(/^Клиенты \d\d\.\d\d\.\d{4}\.xlsx$/);
  });
});
