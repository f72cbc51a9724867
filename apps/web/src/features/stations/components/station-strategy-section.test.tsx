import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Position } from '@crm/shared';
import { clearSession, setSessionUser } from '../../../lib/session';
import { apiError, mockApi, renderPage, testStation, testUser } from '../testing/render';
import { StationStrategySection } from './station-strategy-section';

const station = testStation();
const strategyPath = `/api/station/strategy/${station.id}`;

beforeEach(() => setSessionUser('u1'));
afterEach(() => {
  cleanup();
  clearSession();
});

function serve(position: Position, save?: (body: unknown) => unknown) {
  let current = { booking: true, payment: false, robot: false };
  const user = testUser({ position, networks: [{ id: station.network_id, name: 'Демо-сеть', position }] });
  const api = mockApi({
    'GET /api/user/u1': () => ({ user, redirect_to: null }),
    [`GET ${strategyPath}`]: () => current,
    [`POST ${strategyPath}`]: (body) => {
      const answer = save ? save(body) : body;
      if (!(answer instanceof Response)) current = answer as typeof current;
      return answer;
    },
  });
  globalThis.fetch = api.fetchMock as typeof fetch;
  return api.calls;
}

const toggle = (name: RegExp) => screen.getByRole('switch', { name });

describe('StationStrategySection', () => {
  it('lets the owner switch a flag and saves it at once', async () => {
    const calls = serve('owner');
    renderPage(<StationStrategySection station={station} />);

    expect(await screen.findByText('Стратегия станции')).toBeInTheDocument();
    await waitFor(() => expect(toggle(/Заказы из Яндекса/)).toBeChecked());
    expect(toggle(/Заказы из Яндекса/)).toHaveAccessibleDescription(/«Яндекс тарифы»/);
    expect(toggle(/Оплата через приложение/)).not.toBeChecked();
    expect(toggle(/Роботизированная мойка/)).toHaveAccessibleDescription(/«Фиксированные тарифы»/);
    await waitFor(() => expect(toggle(/Роботизированная мойка/)).toBeEnabled());

    await userEvent.click(toggle(/Роботизированная мойка/));
    expect(await screen.findByText('Стратегия станции обновлена')).toBeInTheDocument();
    expect(calls.find((c) => c.key === `POST ${strategyPath}`)?.body).toEqual({
      booking: true,
      payment: false,
      robot: true,
    });
    await waitFor(() => expect(toggle(/Роботизированная мойка/)).toBeChecked());
    expect(screen.queryByText('Стратегию станции меняет владелец сети.')).not.toBeInTheDocument();
  }, 20_000);

  it('keeps the flag and says so when the save fails', async () => {
    serve('owner', () => apiError(500, 'Сбой'));
    renderPage(<StationStrategySection station={station} />);
    await waitFor(() => expect(toggle(/Оплата через приложение/)).toBeEnabled());

    await userEvent.click(toggle(/Оплата через приложение/));
    expect(await screen.findByText('Не удалось обновить стратегию станции')).toBeInTheDocument();
    await waitFor(() => expect(toggle(/Оплата через приложение/)).not.toBeChecked());
  }, 20_000);

  it.each<Position>(['principal', 'administrator'])('is read-only for a %s', async (position) => {
    const calls = serve(position);
    renderPage(<StationStrategySection station={station} />);

    expect(await screen.findByText('Стратегию станции меняет владелец сети.')).toBeInTheDocument();
    await waitFor(() => expect(toggle(/Заказы из Яндекса/)).toBeChecked());
    for (const name of [/Заказы из Яндекса/, /Оплата через приложение/, /Роботизированная мойка/])
      expect(toggle(name)).toBeDisabled();
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);
  });
});
