import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { orderStatusLabels, type OrderStatus } from '@crm/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { skipFirstVisit, type ApiSession } from '../support/api';
import { pageErrors, signInFast, type ContextOptions } from '../support/browser';
import { seriousViolations } from '../support/axe';
import { historyList, monthOf, moscowHistoryDate, ruDate, type HistoryAnswer } from '../support/history';
import { bookOwnOrder, freeHour, moscowToday, type ApiOrder } from '../support/orders';
import { baseUrl, useBrowser } from '../support/test-browser';

/** The fields of a listed order that «Подробно» shows beyond the spec's four. */
type FullOrder = HistoryAnswer['orders'][number] & {
  number: number;
  box_number: number;
  sum_completed: number;
  paid_at: string | null;
};

const carOf = (o: ApiOrder) =>
  [o.client_car.brand, o.client_car.model, o.client_car.plate_number].filter((p) => p.trim()).join(' ');

/**
 * Issue 4 «Proof», browser: the administrator of «Мойка на Ленина» finds an order in the history by its
 * plate, switches to the table, pages through all time, opens an order, and exports — the downloaded
 * file is opened with exceljs and checked against the API (S1 §2 «Order history», §9 export format).
 */
describe('order history at «Мойка на Ленина» (administrator)', () => {
  const browser = useBrowser();
  const leninaId = inject('leninaId');
  let admin: ApiSession;

  beforeAll(async () => {
    admin = await skipFirstVisit(baseUrl(), 'administrator');
  });

  async function openHistory(options: ContextOptions = {}, query = ''): Promise<Page> {
    const page = await browser.open(options);
    await page
      .context()
      .addInitScript((key) => sessionStorage.setItem(key, '1'), `crm.greeted.${admin.userId}`);
    await signInFast(page, baseUrl(), 'administrator');
    await page.goto(`/station/${leninaId}/history${query}`);
    await page.getByRole('heading', { name: 'История заказов' }).waitFor();
    return page;
  }

  /**
   * Until the list on screen is the answer to the URL's filters: the router renders a navigation in a
   * transition, so right after the URL changes the previous list may still show, not yet marked busy.
   */
  async function settled(page: Page) {
    await page.waitForTimeout(100);
    await page
      .locator('.history-list[aria-busy="true"], .history-loading')
      .first()
      .waitFor({ state: 'detached' });
  }

  /** An own order tomorrow or later with a plate no other order has. */
  async function ownOrderWithNewPlate() {
    for (let attempt = 0; attempt < 5; attempt++) {
      const plate = `У${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}ХТ199`;
      const taken = await historyList(admin, leninaId, {
        from: '2022-01-01',
        to: '2030-12-31',
        search: plate,
      });
      if (taken.total > 0) continue;
      const slot = await freeHour(admin, leninaId, 1);
      return bookOwnOrder(admin, leninaId, slot, plate);
    }
    throw new Error('no free plate found');
  }

  it('searches by plate, switches to the table, pages, opens an order and exports to Excel', async () => {
    const order = await ownOrderWithNewPlate();
    const plate = order.client_car.plate_number;
    const today = moscowToday();
    const month = monthOf(today);
    const page = await openHistory();

    // DESIGN §10: this month up to today by default (the future lives in the calendar), newest first,
    // with the totals of every order in it (not only the first page).
    const toToday = { from: month.from, to: today };
    const thisMonth = await historyList(admin, leninaId, toToday);
    const totals = page.getByLabel('Итоги по найденным заказам');
    await expect
      .poll(() => totals.textContent())
      .toContain(`Заказов${thisMonth.total.toLocaleString('ru-RU')}`);
    await settled(page);
    expect(await page.locator('.history-card').count()).toBe(Math.min(12, thisMonth.total));
    const firstDate = (await page.locator('.history-card__date').first().textContent())!;
    expect(firstDate).toBe(moscowHistoryDate(thisMonth.orders[0]!.booking_start));
    // Nothing after today: the newest card is today's at the latest.
    const [dd, mm, yy] = firstDate.slice(0, 8).split('.');
    expect(`20${yy}-${mm}-${dd}` <= today).toBe(true);

    // Search by plate: exactly the new order, once the range holds its day (a range the user sets).
    await page.getByRole('searchbox', { name: 'Поиск по истории заказов' }).fill(plate);
    await page.waitForURL((url) => url.searchParams.get('q') === plate);
    // Booked for tomorrow or later: not in today-and-the-past.
    await settled(page);
    await page.getByText('Заказов не найдено').first().waitFor();
    const orderDay = new Date(Date.parse(order.booking_start) + 3 * 3600_000).toISOString().slice(0, 10);
    const url = new URL(page.url());
    url.searchParams.set('period', 'custom');
    url.searchParams.set('from', orderDay);
    url.searchParams.set('to', orderDay);
    await page.goto(url.pathname + url.search);
    await page.locator('.history-card').filter({ hasText: plate }).waitFor();
    await settled(page);
    await expect.poll(() => page.locator('.history-card').count()).toBe(1);

    // The table: the spec's columns, the order's row on the station's clock.
    await page.getByText('Таблица', { exact: true }).click();
    const headers = page.getByRole('columnheader');
    await headers.first().waitFor();
    expect(await headers.allTextContents()).toEqual(['Дата', 'Автомобиль', 'Сумма', 'Статус', 'Действия']);
    const row = page.getByRole('row').filter({ hasText: plate });
    await row.waitFor();
    expect(await row.textContent()).toContain(moscowHistoryDate(order.booking_start));
    expect(await row.textContent()).toContain(`Skoda Octavia ${plate}`);
    expect(await row.textContent()).toContain(orderStatusLabels[order.status as OrderStatus]);
    // Contrast as shown at rest (a list being replaced is dimmed on purpose).
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);

    // All time, without the search: 25 rows a page, pages while there are more.
    await page.getByRole('searchbox', { name: 'Поиск по истории заказов' }).fill('');
    await page.waitForURL((url) => !url.searchParams.has('q'));
    await page.getByText('Всё время', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('period') === 'all');
    // The order booked for tomorrow or later is found by its plate (issue 38: it was «Заказов не найдено»).
    await page.getByRole('searchbox', { name: 'Поиск по истории заказов' }).fill(plate);
    await page.waitForURL((url) => url.searchParams.get('q') === plate);
    await settled(page);
    await page.getByRole('row').filter({ hasText: plate }).waitFor();
    expect(await page.getByText('с 01.01.2022', { exact: true }).count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Поиск по истории заказов' }).fill('');
    await page.waitForURL((url) => !url.searchParams.has('q'));
    // No upper bound (issue 38): what is booked for later is in it too.
    const allTime = { from: '2022-01-01', to: null };
    const second = await historyList(admin, leninaId, { ...allTime, page: 2, pageSize: 25 });
    expect(second.total).toBeGreaterThan(50);
    await settled(page);
    await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await settled(page);
    const rows = page.locator('.history-table tbody tr.ant-table-row');
    // Orders at one time (several boxes) may come in any order: compare the page's first and last times.
    await expect
      .poll(() => rows.first().locator('td').first().textContent())
      .toBe(moscowHistoryDate(second.orders[0]!.booking_start));
    expect(await rows.count()).toBe(25);
    expect(await rows.last().locator('td').first().textContent()).toBe(
      moscowHistoryDate(second.orders[24]!.booking_start),
    );

    // A reload keeps every filter: the URL holds them.
    await page.reload();
    await page.getByRole('heading', { name: 'История заказов' }).waitFor();
    await settled(page);
    expect(await rows.count()).toBe(25);
    expect(new URL(page.url()).searchParams.get('view')).toBe('table');

    // A row opens the order modal; closing it leaves the list as it was.
    const car = (await rows.nth(3).locator('td').nth(1).textContent())!;
    await rows.nth(3).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Данные записи' });
    await dialog.waitFor();
    expect(new URL(page.url()).searchParams.get('orderId')).toBeTruthy();
    const carPlate = car.split(' ').at(-1)!;
    if (carPlate && carPlate !== '—') await dialog.getByText(carPlate).first().waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).searchParams.has('orderId')).toBe(false);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');

    // Export: every order of all time (not the page), as S1 §9 says.
    const everything = (await historyList(admin, leninaId, allTime)) as Omit<HistoryAnswer, 'orders'> & {
      orders: FullOrder[];
    };
    const exportButton = page.getByRole('button', { name: 'Экспорт', exact: true });
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      exportButton.click(),
    ]);
    expect(download.suggestedFilename()).toBe(
      `История заказов ${ruDate(allTime.from)}–${ruDate(today)}.xlsx`,
    );
    const path = join(tmpdir(), `history-${Date.now()}.xlsx`);
    await download.saveAs(path);
    await page.getByText('Файл успешно экспортирован', { exact: true }).first().waitFor();

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    // The spec's sheet first, exactly as S1 §9 says; then «Подробно» (issue 10).
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['История заказов', 'Подробно']);
    const sheet = workbook.getWorksheet('История заказов')!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    const n = everything.orders.length;
    expect(n).toBe(everything.total);
    expect(values(1)).toEqual(['Дата', 'Автомобиль', 'Сумма', 'Статус']);
    expect(sheet.rowCount).toBe(n + 3);
    // The newest order first, as the list shows it.
    const newest = everything.orders[0]!;
    expect(values(2)[0]).toBe(moscowHistoryDate(newest.booking_start));
    const last = everything.orders[n - 1]!;
    expect(values(n + 1)).toEqual([
      moscowHistoryDate(last.booking_start),
      carOf(last),
      last.sum,
      orderStatusLabels[last.status as OrderStatus],
    ]);
    // Totals rows: every order, then the completed ones — as the server counts them.
    expect(values(n + 2)).toEqual([
      'Итого (все заказы)',
      `Заказов: ${everything.totals.count}`,
      everything.totals.sum,
      '',
    ]);
    expect(values(n + 3)).toEqual([
      'Итого (завершенные)',
      `Заказов: ${everything.totals.completed_count}`,
      everything.totals.completed_sum,
      '',
    ]);
    expect([1, 2, 3, 4].map((c) => sheet.getColumn(c).width)).toEqual([20, 20, 20, 20]);
    expect(sheet.autoFilter).toBe(`A1:D${n + 1}`);

    // «Подробно»: one row per order, real date cells on the station's clock, numbers, Russian names.
    const detail = workbook.getWorksheet('Подробно')!;
    const cells = (r: number) => (detail.getRow(r).values as unknown[]).slice(1);
    expect(cells(1)).toEqual([
      '№',
      'Дата',
      'Бокс',
      'Источник',
      'Клиент',
      'Телефон',
      'Автомобиль',
      'Госномер',
      'Тариф',
      'Услуги',
      'Сумма',
      'Способ оплаты',
      'Оплачено',
      'Оплачено (дата)',
      'Статус',
    ]);
    expect(detail.rowCount).toBe(n + 1);
    /** An instant as the cell holds it: the Moscow wall clock (UTC+3) written as a zoneless date. */
    // Moscow wall time as the workbook's date cells hold it: whole seconds (shown to the minute). An order
    // paid during this run has milliseconds in `paid_at`; the demo's have none.
    const wall = (iso: string) => new Date(Math.floor((Date.parse(iso) + 3 * 3600_000) / 1000) * 1000);
    const newestRow = cells(2);
    expect(newestRow[0]).toBe(newest.number);
    expect(newestRow[1]).toBeInstanceOf(Date);
    expect((newestRow[1] as Date).toISOString()).toBe(wall(newest.booking_start).toISOString());
    expect(newestRow[2]).toBe(newest.box_number);
    expect(newestRow[10]).toBe(newest.sum);
    expect(newestRow[14]).toBe(orderStatusLabels[newest.status as OrderStatus]);
    expect(detail.getCell('B2').numFmt).toBe('dd.mm.yyyy hh:mm');
    // A paid order: its method in words, the amount, and when the money was taken as a date cell.
    const paidIndex = everything.orders.findIndex((o) => o.paid_at);
    expect(paidIndex).toBeGreaterThanOrEqual(0);
    const paid = everything.orders[paidIndex]!;
    const paidRow = cells(paidIndex + 2);
    expect(paidRow[0]).toBe(paid.number);
    expect(paidRow[11]).toMatch(/^Оплачено/);
    expect(paidRow[12]).toBe(paid.sum_completed);
    expect(paidRow[13]).toBeInstanceOf(Date);
    expect((paidRow[13] as Date).toISOString()).toBe(wall(paid.paid_at!).toISOString());
    // Tariffs and sources by name, never by id.
    const tariffs = new Set(everything.orders.map((_, i) => cells(i + 2)[8]));
    expect([...tariffs].some((t) => ['Экспресс', 'Комплекс', 'Максимум'].includes(String(t)))).toBe(true);
    expect(new Set(everything.orders.map((_, i) => cells(i + 2)[3]))).not.toContain('Own');
    expect(detail.autoFilter).toBe(`A1:O${n + 1}`);
    expect(pageErrors(page)).toEqual([]);
  });

  it('on a phone: cards only, search by a demo order’s plate, a tap opens it', async () => {
    const today = moscowToday();
    const month = { from: monthOf(today).from, to: today };
    const demo = (await historyList(admin, leninaId, month)).orders.find((o) => o.client_car.plate_number);
    if (!demo) throw new Error('the demo has no order with a plate this month');
    const plate = demo.client_car.plate_number;
    const page = await openHistory({ viewport: 'phone', colorScheme: 'dark' }, '?view=table');

    await page.getByRole('searchbox', { name: 'Поиск по истории заказов' }).fill(plate);
    await page.waitForURL((url) => url.searchParams.get('q') === plate);
    const card = page.locator('.history-card').filter({ hasText: plate }).first();
    await card.waitFor();
    await settled(page);
    // Only orders of that plate are left.
    await expect
      .poll(() =>
        page
          .locator('.history-card')
          .evaluateAll((cards, p) => cards.every((c) => c.textContent?.includes(p)), plate),
      )
      .toBe(true);
    // S1 §2: cards are forced on small screens, whatever the link said.
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.getByText('Таблица', { exact: true }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await card.tap();
    await page.getByRole('dialog').filter({ hasText: 'Данные записи' }).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe(plate);
    expect(pageErrors(page)).toEqual([]);
  });
});
