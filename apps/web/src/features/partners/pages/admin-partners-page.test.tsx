import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { partnerMessages, type Partner, type User } from '@crm/shared';
import { setSessionUser } from '../../../lib/session';
import { apiError, mockApi, renderRoutes, testUser } from '../../stations/testing/render';
import { testPartner } from '../testing/fixtures';
import { AdminPartnersPage } from './admin-partners-page';

const SECRET = 'whsec_dGhpcyBpcyBhIHRlc3Qgc2VjcmV0IG9mIDMyIGJ5dGVzIQ==';
const admin = testUser({ role: 'admin', login: 'admin', position: null, networks: [] });

/** `/admin/partners` (its guard is the route's: app/admin-partners-route.test.tsx), the API answered by `api`. */
function open(api: Record<string, (body: unknown) => unknown>, user: User = admin) {
  const mock = mockApi({ 'GET /api/user/u1': () => ({ user, redirect_to: null }), ...api });
  vi.stubGlobal('fetch', mock.fetchMock);
  const view = renderRoutes([{ path: '/admin/partners', element: <AdminPartnersPage /> }], '/admin/partners');
  return { ...view, calls: mock.calls };
}

const list = (partners: Partner[]) => () => ({ partners });

describe('AdminPartnersPage', { timeout: 20_000 }, () => {
  beforeEach(() => setSessionUser('u1'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists partners with their health: last success, failures waiting in red, oldest undelivered', async () => {
    const failing = testPartner({
      id: 'p2',
      name: 'Benzuber',
      source: 'Benzuber',
      health: {
        last_success_at: null,
        failures_waiting: 3,
        oldest_undelivered_at: new Date(Date.now() - 2 * 3600_000).toISOString(),
        connected_stations: 2,
      },
    });
    open({ 'GET /api/admin/partners': list([testPartner(), failing]) });
    const rows = await screen.findAllByRole('row');
    const yandex = rows.find((r) => r.textContent?.includes('Яндекс Заправки'))!;
    const benzuber = rows.find((r) => r.textContent?.includes('Benzuber'))!;
    expect(within(yandex).getByText('5 минут назад')).toBeInTheDocument();
    expect(within(yandex).getByText('https://partner.example/hooks')).toBeInTheDocument();
    expect(within(yandex).getByLabelText('Ждут повтора: 0').className).not.toMatch(/error/);
    expect(within(benzuber).getByLabelText('Ждут повтора: 3').className).toMatch(/error/);
    expect(within(benzuber).getByText('ещё не было')).toBeInTheDocument();
    expect(within(benzuber).getByText('2 часа назад')).toBeInTheDocument();
  });

  it('registers a partner from the empty list and shows its secret once, never caching it', async () => {
    const { calls, client } = open({
      'GET /api/admin/partners': list([]),
      'POST /api/admin/partners': () => ({ id: 'p9', secret: SECRET, previous_secret_valid_until: null }),
    });
    expect(await screen.findByText(partnerMessages.noPartners)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Добавить партнёра/ }));
    fireEvent.change(await screen.findByLabelText('Название'), { target: { value: 'Benzuber' } });
    fireEvent.change(screen.getByLabelText('Адрес для уведомлений'), {
      target: { value: 'https://benzuber.example/crm' },
    });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /Добавить партнёра/ }));

    expect(await screen.findByText(SECRET)).toBeInTheDocument();
    expect(screen.getByText(partnerMessages.secretOnce)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Копировать/ })).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/admin/partners')?.body).toEqual({
      name: 'Benzuber',
      callback_url: 'https://benzuber.example/crm',
    });
    const cached = () =>
      JSON.stringify([
        client
          .getQueryCache()
          .getAll()
          .map((q) => q.state.data),
        client
          .getMutationCache()
          .getAll()
          .map((m) => m.state.data),
      ]);
    // The window holds the secret; the query and mutation caches let go of it at once.
    await waitFor(() => expect(cached()).not.toContain(SECRET));
    expect(screen.getByText(SECRET)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Я сохранил секрет' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).not.toBeInTheDocument());
  });

  it('asks before rotating the secret, then shows the new one once', async () => {
    const { calls } = open({
      'GET /api/admin/partners': list([testPartner()]),
      'POST /api/admin/partners/p1/rotate-secret': () => ({
        id: 'p1',
        secret: SECRET,
        previous_secret_valid_until: '2026-11-29T09:00:00.000Z',
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: /Выпустить новый секрет/ }));
    const confirm = within(
      (await screen.findAllByText('Выпустить новый секрет?'))[0]!.closest('.ant-modal') as HTMLElement,
    );
    expect(calls.some((c) => c.key.endsWith('/rotate-secret'))).toBe(false);

    fireEvent.click(confirm.getByRole('button', { name: 'Выпустить' }));
    expect(await screen.findByText(SECRET)).toBeInTheDocument();
    expect(screen.getByText(partnerMessages.rotated)).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /api/admin/partners/p1/rotate-secret')).toHaveLength(1);
  });

  it('puts the server’s field message on the form field and keeps the form open', async () => {
    open({
      'GET /api/admin/partners': list([testPartner()]),
      'POST /api/admin/partners/p1': () =>
        apiError(400, 'Проверьте поля', { callback_url: 'Адрес не отвечает по https' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить Яндекс Заправки' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /Сохранить/ }));
    const message = await within(dialog).findByText('Адрес не отвечает по https');
    expect(message.closest('.ant-form-item')).toHaveTextContent('Адрес для уведомлений');
  });

  it('an empty form says what is missing, and a message goes once its field is corrected', async () => {
    const { calls } = open({ 'GET /api/admin/partners': list([testPartner()]) });
    fireEvent.click(await screen.findByRole('button', { name: /Добавить партнёра/ }));
    const dialog = await screen.findByRole('dialog');
    const add = within(dialog).getByRole('button', { name: /Добавить партнёра/ });
    fireEvent.click(add);
    expect(await within(dialog).findByText(partnerMessages.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(partnerMessages.callbackUrl)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Название'), { target: { value: 'Тест' } });
    await waitFor(() => expect(within(dialog).queryByText(partnerMessages.nameRequired)).toBeNull());
    fireEvent.change(within(dialog).getByLabelText('Адрес для уведомлений'), {
      target: { value: 'http://partner.example/cb' },
    });
    fireEvent.click(add);
    // Still refused (http to another host), and only that field says so.
    expect(await within(dialog).findByText(partnerMessages.callbackUrl)).toBeInTheDocument();
    expect(within(dialog).queryByText(partnerMessages.nameRequired)).toBeNull();
    expect(calls.some((c) => c.key === 'POST /api/admin/partners')).toBe(false);
  });

  it('shows a failed load with «Повторить», which loads again', async () => {
    let first = true;
    open({
      'GET /api/admin/partners': () => {
        if (!first) return { partners: [testPartner()] };
        first = false;
        return apiError(500, 'Ошибка');
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Яндекс Заправки')).toBeInTheDocument();
  });
});
