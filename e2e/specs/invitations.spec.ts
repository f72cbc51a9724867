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

  // The instructions' countdown of 5 s (S2 §4) and a sign-in: longer than the default 60 s on a loaded machine.
  it(
    'the owner makes a link in settings, copies it, and the newcomer joins through sign-in',
    { timeout: 150_000 },
    async () => {
      const owner = await browser.openAs('owner');
      await owner.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
      await owner.goto(`/station/${leninaId}/settings/admins`);
      const pending = owner.getByRole('list', { name: 'Активные приглашения' });
      await owner.getByText('Активные приглашения').first().waitFor();
      // «Добавить администратора»: the instructions count down first (S2 §4), then the invitation step.
      await owner.getByRole('button', { name: 'Добавить администратора' }).click();
      const instructions = owner.getByRole('dialog').filter({ hasText: 'Как добавить администратора' });
      // What the server grants: the whole network, both of its stations (issue 38).
      await instructions
        .getByText('Ссылка даёт доступ ко всей сети «Демо-сеть» — ко всем её станциям (сейчас их 2)')
        .waitFor();
      await instructions.getByRole('button', { name: 'Понятно', exact: true }).click({ timeout: 8_000 });
      const card = owner.getByRole('dialog').filter({ hasText: 'Ссылка-приглашение' });
      // Administrator is the default position.
      expect(await card.locator('.ant-select').innerText()).toContain('Администратор');
      await control(card, 'Создать ссылку').click();
      const linkText = card.getByTestId('invitation-link');
      await linkText.waitFor();
      // No wait to copy (docs/decisions.md «Invitations: which waits stay»).
      await card.getByRole('button', { name: /Копировать ссылку$/ }).click({ timeout: 2_000 });
      await owner.getByText('Ссылка скопирована').first().waitFor();
      const link = await owner.evaluate(() => navigator.clipboard.readText());
      expect(link).toMatch(
        new RegExp(`^${baseUrl()}/stationAdminCallback/${leninaId}#invite=[A-Za-z0-9_-]{43}$`),
      );
      expect(await linkText.innerText()).toContain(link);
      // Off the button just clicked: its hover colour is a transient state, not the modal's.
      await owner.mouse.move(0, 0);
      expect(await seriousViolations(owner, '.ant-modal')).toEqual([]);
      await card.getByRole('button', { name: /Закрыть|Close/ }).click();
      await pending.getByText('Администратор').first().waitFor();

      // The newcomer is signed out: the link sends them to sign in and brings them back with the token.
      const newcomer = await browser.open();
      const notFound: string[] = [];
      newcomer.on('response', (r) => r.status() === 404 && notFound.push(r.url()));
      await newcomer.goto(link);
      await newcomer.waitForURL(/\/auth\/yandex/);
      // The sign-in page says who invites him where.
      await newcomer
        .getByText(
          'Алексей Смирнов приглашает вас в сеть «Демо-сеть» (станция «Мойка на Ленина») на должность «Администратор».',
        )
        .waitFor();
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
      // The invitation page no longer asks the members-only staff list of a station he was not in yet.
      expect(notFound.filter((url) => url.includes('list_of_users'))).toEqual([]);

      // Single-use: the same link lets nobody else in, and the owner's list no longer offers it.
      const rival = await browser.openAs('rival');
      await rival.goto(link);
      await rival.getByText(invalidText).waitFor();
      await owner.reload();
      await owner.getByText('Активных приглашений нет').waitFor();
    },
  );

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
