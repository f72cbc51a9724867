import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LegalInfo, Station } from '@crm/shared';
import { skipFirstVisit, type ApiSession } from '../support/api';
import { seriousViolations } from '../support/axe';
import { pageErrors } from '../support/browser';
import { baseUrl, useBrowser } from '../support/test-browser';

async function ok<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Issue 13 «Station settings», the owner's story on «Мойка на Ленина»: the menu, Saturday 10:00–18:00
 * and Sunday off in the schedule editor (by keyboard on the slider), a fifth box, the price limits with
 * the spec's message first, and the legal details filled in by INN with the bank account checked against
 * its BIK. What it changes is put back afterwards: other spec files book orders at this station.
 */
describe('station settings of «Мойка на Ленина» (owner)', () => {
  const browser = useBrowser();
  const leninaId = inject('leninaId');
  let owner: ApiSession;
  let before: Station;

  const station = async () =>
    (await ok<{ station: Station }>(await owner.call(`/api/station/${leninaId}`), 'GET station')).station;

  beforeAll(async () => {
    owner = await skipFirstVisit(baseUrl(), 'owner');
    before = await station();
  });

  afterAll(async () => {
    await ok(
      await owner.call(`/api/station/update/${leninaId}`, {
        body: {
          worktime_by_day: before.worktime_by_day,
          boxes: before.boxes.length,
          limitMinCost: before.limitMinCost,
          limitMaxCost: before.limitMaxCost,
          stepCost: before.stepCost,
        },
      }),
      'restore the station',
    );
  });

  async function open(path: string, options: Parameters<typeof browser.openAs>[1] = {}): Promise<Page> {
    const page = await browser.openAs('owner', options);
    await page.context().addInitScript((id) => localStorage.setItem('crm.selectedStation', id), leninaId);
    await page.goto(path);
    return page;
  }

  it('sets Saturday to 10:00–18:00 and Sunday off in the schedule editor', async () => {
    const page = await open(`/station/${leninaId}/settings`);
    await page.getByRole('link', { name: 'График работы' }).first().click();
    await page.waitForURL((url) => url.pathname.endsWith('/settings/schedule'));

    // The 5-step tutorial opens once; closing it is remembered.
    const tour = page.locator('.ant-tour');
    await tour.waitFor();
    await tour.locator('.ant-tour-close').click();
    await tour.waitFor({ state: 'hidden' });

    // The slider moves in steps of 15 minutes: 08:00 → 10:00 is 8 steps, 22:00 → 18:00 is 16.
    const start = page.getByRole('slider', { name: 'Суббота: начало работы' });
    await start.focus();
    for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowRight');
    const end = page.getByRole('slider', { name: 'Суббота: конец работы' });
    await end.focus();
    for (let i = 0; i < 16; i++) await page.keyboard.press('ArrowLeft');
    await page.getByRole('group', { name: 'Суббота' }).getByText('10:00–18:00').waitFor();
    await page.getByRole('switch', { name: 'Воскресенье: рабочий день' }).click();

    // Leaving with unsaved changes asks first; «Нет, сохраню» stays.
    await page.getByRole('link', { name: 'Боксы' }).first().click();
    const leave = page.getByRole('dialog').filter({ hasText: 'Покинуть страницу без сохранения?' });
    await leave.getByRole('button', { name: 'Нет, сохраню' }).click();
    expect(page.url()).toContain('/settings/schedule');

    await page.getByRole('button', { name: /Сохранить/ }).click();
    await page.getByText('Настройки успешно обновлены').first().waitFor();
    const saved = await station();
    expect(saved.worktime_by_day.start_Saturday).toBe('10:00');
    expect(saved.worktime_by_day.end_Saturday).toBe('18:00');
    expect(saved.worktime_by_day.start_Sunday).toBeUndefined();
    expect(saved.daysOfWork).not.toContain('Sunday');
    expect(saved.worktime_by_day.start_Friday).toBe(before.worktime_by_day.start_Friday);

    // The tutorial does not come back.
    await page.reload();
    await page.getByRole('group', { name: 'Суббота' }).waitFor();
    await page.waitForTimeout(1_000);
    expect(await tour.isVisible()).toBe(false);
    expect(pageErrors(page)).toEqual([]);
  });

  it('adds a fifth box and sets the price limits, refusing a maximum below the minimum', async () => {
    const page = await open(`/station/${leninaId}/settings/boxes`);
    await page.getByRole('button', { name: 'Добавить бокс' }).click();
    await page.getByText('Бокс 5').waitFor();
    await page.getByRole('button', { name: /Сохранить/ }).click();
    await page.getByText('Количество боксов успешно обновлено').first().waitFor();
    expect((await station()).boxes.map((b) => b.number)).toEqual([1, 2, 3, 4, 5]);

    await page.getByRole('link', { name: 'Ограничения стоимости' }).first().click();
    const min = page.getByRole('spinbutton', { name: 'Минимальная стоимость' });
    const max = page.getByRole('spinbutton', { name: 'Максимальная стоимость' });
    await min.fill('3000');
    await max.fill('2000');
    await max.press('Tab');
    await page.getByText('Максимальная стоимость должна быть больше минимальной').first().waitFor();
    await max.fill('20000');
    await page.getByRole('spinbutton', { name: 'Шаг' }).fill('100');
    await page.getByRole('button', { name: /Сохранить/ }).click();
    await page.getByText('Настройки успешно обновлены').first().waitFor();
    expect(await station()).toMatchObject({ limitMinCost: 3000, limitMaxCost: 20000, stepCost: 100 });
  });

  it('fills the legal details by INN and checks the bank account against its BIK', async () => {
    const page = await open(`/station/${leninaId}/settings/legalInfo`, { viewport: 'phone' });
    await page.getByRole('textbox', { name: 'ИНН' }).fill('7707083893');
    await page.getByRole('button', { name: 'Заполнить по инн' }).click();
    // The registry stand-in knows Sberbank: the company's fields are filled in.
    await expect.poll(() => page.getByRole('textbox', { name: 'ОГРН' }).inputValue()).toBe('1027700132195');
    expect(await page.getByRole('textbox', { name: 'КПП' }).inputValue()).toBe('773601001');

    // A complete BIK fills the bank's name, correspondent account and address from the directory stand-in.
    await page.getByRole('textbox', { name: 'БИК' }).fill('044525225');
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Корр. счёт' }).inputValue())
      .toBe('30101810400000000225');
    expect(await page.getByLabel('Банк', { exact: true }).inputValue()).toBe('ПАО Сбербанк');
    expect(await page.getByRole('textbox', { name: 'Адрес банка' }).inputValue()).toContain('ул Вавилова');
    // One digit off: the account does not agree with the BIK, and nothing is saved.
    await page.getByRole('textbox', { name: 'Расчётный счёт' }).fill('40702810938000000002');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Расчётный счёт не открыт в банке с этим БИК').first().waitFor();
    const empty = await ok<{ legal_info: LegalInfo | null }>(
      await owner.call(`/api/legal/get_by_station_id/${leninaId}`),
      'GET legal',
    );
    expect(empty.legal_info?.bankAccount.account ?? '').not.toBe('40702810938000000002');

    await page.getByRole('textbox', { name: 'Расчётный счёт' }).fill('40702810938000000001');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Юр. данные успешно сохранены').first().waitFor();
    const saved = await ok<{ legal_info: LegalInfo }>(
      await owner.call(`/api/legal/get_by_station_id/${leninaId}`),
      'GET legal',
    );
    expect(saved.legal_info).toMatchObject({
      type: 'LEGAL',
      inn: '7707083893',
      ogrn: '1027700132195',
      bankAccount: { bik: '044525225', account: '40702810938000000001' },
    });
    // Nothing on the phone scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('has no serious axe violation on any settings page, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await open(`/station/${leninaId}/settings`, { colorScheme });
      for (const sub of ['info', 'booking', 'schedule', 'boxes', 'pricing', 'legalInfo', 'admins']) {
        await page.goto(`/station/${leninaId}/settings/${sub}`);
        await page.locator('h2').first().waitFor();
        await page.waitForTimeout(300);
        expect(await seriousViolations(page), `${sub} ${colorScheme}`).toEqual([]);
      }
    }
  });
});
