import { describe, expect, inject, it } from 'vitest';
import { apiSignIn, skipFirstVisit } from '../support/api';
import { seriousViolations } from '../support/axe';
import { pressInWindow } from '../support/dialogs';
import { addDays, moscowToday } from '../support/orders';
import { baseUrl, useBrowser } from '../support/test-browser';

const weekday = ['ВС', 'ПН', 'ВТ', 'СР', 'ЧТ', 'ПТ', 'СБ'];
/** «Дмитрий Орлов, ПН 23.11» — how a cell of the plan names itself. */
const cell = (name: string, date: string) => {
  const [, m, d] = date.split('-');
  return `${name}, ${weekday[new Date(`${date}T00:00:00Z`).getUTCDay()]} ${d}.${m}`;
};

/**
 * Issue 39 §3, the staff shift plan (`/employees/schedule`): the owner plans a day and copies last week into
 * this one (asked before replacing); the administrator reads the plan and sees who is on shift in the
 * calendar's day view.
 */
describe('the staff shift plan of «Мойка на Ленина»', () => {
  const browser = useBrowser();
  const leninaId = inject('leninaId');

  it('the owner opens it from the staff page, sets a shift last week and copies that week into this one', async () => {
    const today = moscowToday();
    const lastWeek = addDays(today, -7);
    const page = await browser.openAs('owner');
    await page.goto(`/station/${leninaId}/settings/admins`);
    await page.getByRole('link', { name: 'График смен' }).click();
    await page.waitForURL((url) => url.pathname === `/station/${leninaId}/employees/schedule`);

    await page.getByRole('button', { name: 'Предыдущая неделя' }).click();
    await page.getByRole('button', { name: `${cell('Дмитрий Орлов', lastWeek)}: Выходной` }).click();
    const editor = page.getByRole('dialog', { name: 'Смена: Дмитрий Орлов' });
    const start = editor.getByRole('textbox', { name: 'Начало смены' });
    await start.fill('0800');
    await start.press('Enter');
    const end = editor.getByRole('textbox', { name: 'Окончание смены' });
    await end.fill('2000');
    await end.press('Enter');
    await pressInWindow(editor, 'Сохранить');
    await page.getByRole('button', { name: `${cell('Дмитрий Орлов', lastWeek)}: 08:00–20:00` }).waitFor();

    await page.getByRole('button', { name: 'Сегодня' }).click();
    await page.getByRole('button', { name: `${cell('Дмитрий Орлов', today)}: Выходной` }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Скопировать прошлую неделю' }).click();
    const copied = page.getByRole('alert').filter({ hasText: 'Скопировано смен: 1' });
    await copied.waitFor();
    // The notice sits over the page's top right corner, where the button is: closed as a person would.
    await copied.getByRole('button', { name: /Закрыть|Close/ }).click();
    await copied.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: `${cell('Дмитрий Орлов', today)}: 08:00–20:00` }).waitFor();

    // The week has shifts now: copying again asks before it replaces them.
    await page.getByRole('button', { name: 'Скопировать прошлую неделю' }).click();
    const question = page.getByRole('dialog').filter({ hasText: 'Заменить смены этой недели?' });
    await pressInWindow(question, 'Заменить');
    await question.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: `${cell('Дмитрий Орлов', today)}: 08:00–20:00` }).waitFor();
  });

  it('the administrator sees who is on shift in the day view and reads the plan without changing it', async () => {
    const today = moscowToday();
    const owner = await apiSignIn(baseUrl(), 'owner');
    const administratorId = (await skipFirstVisit(baseUrl(), 'administrator')).userId;
    const set = await owner.call(`/api/station/${leninaId}/shifts`, {
      body: { user_id: administratorId, date: today, from: '10:00', to: '22:00' },
    });
    expect(set.status).toBe(200);

    const page = await browser.openAs('administrator');
    await page.goto(`/station/${leninaId}?view=day`);
    const onShift = page.getByRole('region', { name: 'На смене' });
    await onShift.getByText('Ирина Волкова').waitFor();
    expect(await onShift.innerText()).toContain('10:00–22:00');

    // `/employees/schedule` opens the plan of the station she works at.
    await page.goto('/employees/schedule');
    await page.waitForURL((url) => url.pathname === `/station/${leninaId}/employees/schedule`);
    await page.getByLabel(`${cell('Ирина Волкова', today)}: 10:00–22:00`).waitFor();
    await page.getByText('вам он доступен для просмотра').waitFor();
    expect(await page.getByRole('button', { name: cell('Ирина Волкова', today) }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Скопировать прошлую неделю' }).count()).toBe(0);
    // Read-only, in the dark theme too: axe finds nothing serious.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.evaluate(() => localStorage.setItem('crm.theme', 'dark'));
    await page.reload();
    await page.getByLabel(`${cell('Ирина Волкова', today)}: 10:00–22:00`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
