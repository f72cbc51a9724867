import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/test-browser';

describe('incomplete profile', () => {
  const browser = useBrowser();

  it('`incomplete` lands on /profile, completes it and then reaches /', async () => {
    const page = await browser.openAs('incomplete');
    await page.waitForURL(/\/profile$/);
    await page.getByText('Заполните профиль').first().waitFor();

    // The edit tab is open and the read-only one is disabled until the required fields are there.
    const readOnlyTab = page.getByRole('tab', { name: 'Профиль' });
    const editTab = page.getByRole('tab', { name: 'Настройки' });
    expect(await editTab.getAttribute('aria-selected')).toBe('true');
    expect(await readOnlyTab.getAttribute('aria-disabled')).toBe('true');

    // Other guarded pages send the user back here meanwhile.
    await page.goto('/home');
    await page.waitForURL(/\/profile$/);

    const save = page.getByRole('button', { name: /Сохранить/ });
    await page.getByLabel('Email', { exact: true }).fill('oleg@example.ru');
    await save.click();
    await page.getByText('Необходимо заполнить все части номера телефона').first().waitFor();

    await page.getByLabel('Код региона', { exact: true }).fill('916');
    await page.getByLabel('Номер телефона', { exact: true }).fill('1234567');
    await save.click();

    await page.getByText('Профиль успешно обновлен').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    // No network yet: the empty state of the picker, not the profile again.
    await page.getByText('Не найдены привязанные станции').first().waitFor();
  });
});
