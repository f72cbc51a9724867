import { afterAll, describe, expect, inject, it } from 'vitest';
import { apiSignIn } from '../support/api';
import { seriousViolations } from '../support/axe';
import { control } from '../support/browser';
import { baseUrl, useBrowser } from '../support/test-browser';

const invalidText = 'Приглашение недействительно или устарело';

describe('invitation links (S1 §2, DESIGN §10)', () => {
  const browser = useBrowser();
  const leninaId = inject('leninaId');
  const newcomerId = inject('userIds')['newcomer']!;

  // Other specs meet `newcomer` without a network («Не найдены привязанные станции»): put that back.
  afterAll(async () => {
    const owner = await apiSignIn(baseUrl(), 'owner');
    const res = await owner.call(`/api/user/update/${newcomerId}`, { body: { networks: [] } });
    expect(res.status).toBe(200);
  });

  it('the owner makes a link in settings, copies it, and the newcomer joins through sign-in', async () => {
    const owner = await browser.openAs('owner');
    await owner.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await owner.goto(`/station/${leninaId}/settings/admins`);
    const card = owner.locator('.ant-card').filter({ hasText: 'Пригласить сотрудника' });
    await card.scrollIntoViewIfNeeded();
    await card.getByText('Активные приглашения').waitFor();
    // Administrator is the default position.
    expect(await card.locator('.ant-select').innerText()).toContain('Администратор');
    await control(card, 'Создать ссылку').click();
    const linkText = card.getByTestId('invitation-link');
    await linkText.waitFor();
    await card.getByRole('button', { name: 'Копировать ссылку' }).click();
    await owner.getByText('Ссылка скопирована').first().waitFor();
    const link = await owner.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(
      new RegExp(`^${baseUrl()}/stationAdminCallback/${leninaId}#invite=[A-Za-z0-9_-]{43}$`),
    );
    expect(await linkText.innerText()).toContain(link);
    await card
      .getByRole('list', { name: 'Активные приглашения' })
      .getByText('Администратор')
      .first()
      .waitFor();
    expect(await seriousViolations(owner, '.ant-card:has(.invite-card__controls)')).toEqual([]);

    // The newcomer is signed out: the link sends them to sign in and brings them back with the token.
    const newcomer = await browser.open();
    await newcomer.goto(link);
    await newcomer.waitForURL(/\/auth\/yandex/);
    await control(newcomer, 'Войти с Яндекс ID').click();
    await newcomer.waitForURL(/\/api\/auth\/local\/authorize/);
    await newcomer
      .locator('a, button')
      .filter({ hasText: /(?<![\w.@-])newcomer(?![\w.@-])/ })
      .first()
      .click();
    await newcomer.getByText('Вы успешно подключились к сети станций').waitFor();
    await newcomer.waitForURL((url) => url.pathname === '/');
    await control(newcomer, /Мойка на Ленина/).waitFor();

    // Single-use: the same link lets nobody else in, and the owner's list no longer offers it.
    const rival = await browser.openAs('rival');
    await rival.goto(link);
    await rival.getByText(invalidText).waitFor();
    await owner.reload();
    await card.getByText('Активные приглашения').waitFor();
    await card.getByText('Активных приглашений нет').waitFor();
  });

  it('the bare station address, as the spec had it, is refused and joins nobody', async () => {
    const rival = await browser.openAs('rival');
    await rival.goto(`/stationAdminCallback/${leninaId}`);
    await rival.getByText(invalidText).waitFor();
    await rival.getByText('Ошибка при подключении к сети станций').waitFor();
    const api = await apiSignIn(baseUrl(), 'rival');
    expect((await api.call(`/api/station/${leninaId}`)).status).toBe(404);
    await control(rival, 'На главную').click();
    await rival.waitForURL((url) => url.pathname === '/');
  });
});
