import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PriceChange } from '@crm/shared';
import { complex, express, serveTariffs, showTariffs, station } from '../testing/harness';
import { expectMessages } from '../../../test/form-messages';

afterEach(cleanup);

const base = `/station/${station.id}/tariffs`;
const yandexExpress = {
  ...express,
  id: 'y-express',
  name: 'Экспресс Яндекс',
  prices: [550, 650, 750, 900, 1050, 1400],
};
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const price = (category: string) => screen.getByRole('spinbutton', { name: `Цена, ₽: ${category}` });
const minutes = (category: string) => screen.getByRole('spinbutton', { name: `Время, мин: ${category}` });

const change = (over: Partial<PriceChange>): PriceChange => ({
  id: 'c1',
  changed_at: '2026-11-12T11:05:00Z',
  changed_by: 'Иван Петров',
  tariff_id: 't-express',
  service: null,
  car_class: 'MiddleSize',
  field: 'price',
  old_value: 900,
  new_value: 1000,
  ...over,
});

describe('TariffDetailPage view', { timeout: 20_000 }, () => {
  it('shows an own tariff with prices, services and its price history, and keeps the kind in the URL', async () => {
    serveTariffs({
      own: [express],
      history: {
        't-express': [
          change({}),
          change({ id: 'c2', field: 'duration', old_value: 30, new_value: 35, changed_by: null }),
          change({ id: 'c3', field: 'active', car_class: null, old_value: 0, new_value: 1 }),
        ],
      },
    });
    const { router } = showTariffs(`${base}/t-express`, { isOwnTariff: true });

    await heading('Экспресс');
    expect(screen.getByText('Мой тариф')).toBeInTheDocument();
    expect(screen.getByText('Активен')).toBeInTheDocument();
    expect(screen.getByText('Активная пена')).toBeInTheDocument();
    expect(screen.getByText('Горячий воск')).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveTextContent('1 000 ₽');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('kind')).toBe('own'));

    const history = (await screen.findByRole('heading', { name: 'История изменений' })).closest('section')!;
    // The history's own answer (its skeleton is a list too).
    await within(history).findByText(/Удалённый пользователь/);
    const items = within(history).getAllByRole('listitem');
    // Moscow time, category by its number, the unit once.
    expect(items[0]!.textContent?.replace(/\s/g, ' ')).toBe(
      '12.11.2026 14:05 · Иван Петров · 3 категория: 900 → 1 000 ₽',
    );
    expect(items[1]).toHaveTextContent('Удалённый пользователь · 3 категория, время: 30 → 35 мин');
    expect(items[2]).toHaveTextContent('Статус: Неактивен → Активен');
  });

  it('reads a Yandex tariff from ?kind=yandex after a reload', async () => {
    const calls = serveTariffs({ yandex: [yandexExpress] });
    showTariffs(`${base}/y-express?kind=yandex`);
    await heading('Экспресс Яндекс');
    expect(screen.getByText('Яндекс тариф')).toBeInTheDocument();
    expect(calls).toContain(`/api/station/tariff/${station.id}/y-express`);
    expect(screen.queryByRole('button', { name: /Удалить/ })).not.toBeInTheDocument();
  });

  it('says when the tariff does not load and retries', async () => {
    const api: Parameters<typeof serveTariffs>[0] = { own: [express], configErrors: { 't-express': 500 } };
    serveTariffs(api);
    showTariffs(`${base}/t-express?kind=own`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить конфигурацию тарифа');
    api.configErrors = {};
    await userEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    await heading('Экспресс');
  });

  it('says the main data is missing when a tariff comes without it, with a way back to the list', async () => {
    serveTariffs({ own: [express] });
    const served = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('/price_get/')
        ? new Response(JSON.stringify({}), { status: 200, headers: { 'Content-Type': 'application/json' } })
        : served(input, init)) as typeof fetch;
    const { router, client } = showTariffs(`${base}/t-express?kind=own`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ошибка: Основные данные тарифа отсутствуют...');
    expect(screen.queryByRole('button', { name: /Редактировать/ })).not.toBeInTheDocument();
    // The list, served whole again, is where the button leads.
    globalThis.fetch = served;
    client.removeQueries({ queryKey: ['tariffs'] });
    await userEvent.click(within(alert).getByRole('button', { name: 'К списку тарифов' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(base));
  });

  it('offers no editing to staff who may not edit', async () => {
    serveTariffs({ own: [express] });
    showTariffs(`${base}/t-express?kind=own`, undefined, {}, false);
    await heading('Экспресс');
    expect(screen.queryByRole('button', { name: /Редактировать/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Удалить/ })).not.toBeInTheDocument();
  });
});

describe('TariffDetailPage editing', { timeout: 60_000 }, () => {
  it('saves an own tariff: update_tariff, then update_includes, with removed services left out', async () => {
    const calls = serveTariffs({ own: [express, complex] });
    showTariffs(`${base}/t-express?kind=own`);
    await heading('Экспресс');
    await userEvent.click(screen.getByRole('button', { name: /Редактировать/ }));

    const name = screen.getByRole('textbox', { name: 'Название' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Экспресс+');
    // Remove a service: struck through with «Вернуть» until saved; remove and bring back another.
    await userEvent.click(screen.getByRole('button', { name: 'Убрать «Сушка кузова»' }));
    expect(screen.getByText('Сушка кузова').tagName).toBe('DEL');
    await userEvent.click(screen.getByRole('button', { name: 'Убрать «Активная пена»' }));
    const foam = screen.getByText('Активная пена').closest('li')!;
    await userEvent.click(within(foam).getByRole('button', { name: /Вернуть/ }));
    expect(screen.getByText('Активная пена').tagName).not.toBe('DEL');

    await userEvent.clear(price('3 категория'));
    await userEvent.type(price('3 категория'), '750');
    await userEvent.clear(minutes('3 категория'));
    await userEvent.type(minutes('3 категория'), '35');
    await userEvent.click(screen.getByRole('switch', { name: 'Статус' }));
    await userEvent.click(screen.getByRole('button', { name: /Сохранить/ }));

    expect(await screen.findByText('Тариф успешно обновлен')).toBeInTheDocument();
    const [tariff, prices] = calls.requests;
    expect(tariff).toEqual({
      method: 'POST',
      path: `/api/own_tariffs/update_tariff/${station.id}/t-express`,
      body: {
        tariff_status: false,
        name: 'Экспресс+',
        main_option: ['active_foam', 'body_wash'],
        extra_option: ['wax', 'engine'],
        class_to_duration: { Mini: 20, Compact: 25, MiddleSize: 35, Crossover: 35, OffRoad: 40 },
      },
    });
    expect(prices).toEqual({
      method: 'POST',
      path: `/api/own_tariffs/price_update/update_includes/${station.id}/t-express`,
      body: {
        price_active: true,
        class_to_price: { Mini: 500, Compact: 600, MiddleSize: 750, Crossover: 850, OffRoad: 1000 },
      },
    });
    // Back to the view with the saved tariff.
    await heading('Экспресс+');
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
  });

  it('checks the fields with the shared rules and shows the server field messages', async () => {
    const api: Parameters<typeof serveTariffs>[0] = { own: [express] };
    const calls = serveTariffs(api);
    showTariffs(`${base}/t-express?kind=own`);
    await heading('Экспресс');
    await userEvent.click(screen.getByRole('button', { name: /Редактировать/ }));

    await userEvent.clear(screen.getByRole('textbox', { name: 'Название' }));
    await userEvent.clear(price('1 категория'));
    for (const service of ['Активная пена', 'Мойка кузова', 'Сушка кузова'])
      await userEvent.click(screen.getByRole('button', { name: `Убрать «${service}»` }));
    await userEvent.click(screen.getByRole('button', { name: /Сохранить/ }));

    await expectMessages(
      'Введите название тарифа',
      'Введите стоимость',
      'Выберите хотя бы одну основную услугу',
    );
    expect(calls.requests).toHaveLength(0);

    // Fix them; the server still refuses a price.
    await userEvent.type(screen.getByRole('textbox', { name: 'Название' }), 'Экспресс');
    await userEvent.type(price('1 категория'), '500');
    await userEvent.click(screen.getAllByRole('button', { name: /Вернуть/ })[0]!);
    api.writeErrors = {
      '/own_tariffs/price_update': {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: 'Проверьте поля',
            fields: { 'class_to_price.Compact': 'Недопустимый диапазон цены' },
          },
        },
      },
    };
    await userEvent.click(screen.getByRole('button', { name: /Сохранить/ }));
    expect(await screen.findByText('Произошла ошибка при обновлении цен тарифа')).toBeInTheDocument();
    expect(await screen.findByText('Недопустимый диапазон цены')).toBeInTheDocument();
    // Still editing: the prices may be fixed and saved again.
    expect(price('2 категория')).toBeInTheDocument();
  });

  it('says when the tariff itself fails to save', async () => {
    serveTariffs({ own: [express], writeErrors: { '/own_tariffs/update_tariff': { status: 500 } } });
    showTariffs(`${base}/t-express?kind=own`);
    await heading('Экспресс');
    await userEvent.click(screen.getByRole('button', { name: /Редактировать/ }));
    await userEvent.click(screen.getByRole('button', { name: /Сохранить/ }));
    expect(await screen.findByText('Произошла ошибка при обновлении тарифа')).toBeInTheDocument();
  });

  it('saves a Yandex tariff: status, prices and durations only', async () => {
    const calls = serveTariffs({
      yandex: [yandexExpress, { ...complex, id: 'y-complex', name: 'Комплекс Яндекс' }],
    });
    showTariffs(`${base}/y-express`, { isOwnTariff: false });
    await heading('Экспресс Яндекс');
    await userEvent.click(screen.getByRole('button', { name: /Редактировать/ }));
    expect(screen.queryByRole('textbox', { name: 'Название' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Убрать/ })).not.toBeInTheDocument();

    await userEvent.clear(price('6 категория'));
    await userEvent.type(price('6 категория'), '1500');
    await userEvent.click(screen.getByRole('button', { name: /Сохранить/ }));
    expect(await screen.findByText('Тариф успешно сохранен')).toBeInTheDocument();
    expect(calls.requests).toEqual([
      {
        method: 'POST',
        path: `/api/station/tariff/${station.id}`,
        body: {
          tariff_id: 'y-express',
          update_tariff: {
            active: true,
            duration_minutes: { Mini: 20, Compact: 25, MiddleSize: 30, Crossover: 35, OffRoad: 40 },
            class_to_price: {
              Mini: 550,
              Compact: 650,
              MiddleSize: 750,
              Crossover: 900,
              OffRoad: 1050,
              MicroBus: 1500,
            },
          },
        },
      },
    ]);
  });

  it('does not switch off the last active Yandex tariff on save', async () => {
    const calls = serveTariffs({
      yandex: [yandexExpress, { ...complex, id: 'y-complex', name: 'Комплекс Яндекс', active: false }],
    });
    showTariffs(`${base}/y-express?kind=yandex`);
    await heading('Экспресс Яндекс');
    await userEvent.click(screen.getByRole('button', { name: /Редактировать/ }));
    await userEvent.click(screen.getByRole('switch', { name: 'Статус' }));
    await userEvent.click(screen.getByRole('button', { name: /Сохранить/ }));
    expect((await screen.findAllByText('Нельзя выключить все Яндекс тарифы')).length).toBeGreaterThan(0);
    expect(calls.requests).toHaveLength(0);
  });

  it('deletes an own tariff after a confirmation and goes back to the list', async () => {
    const calls = serveTariffs({ own: [express, complex] });
    const { router } = showTariffs(`${base}/t-express?kind=own`);
    await heading('Экспресс');
    await userEvent.click(screen.getByRole('button', { name: /Удалить/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Удалить тариф «Экспресс»?');
    await userEvent.click(within(dialog).getByRole('button', { name: /Удалить/ }));

    expect(await screen.findByText('Тариф успешно удален')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(base));
    expect(calls.requests).toContainEqual({
      method: 'POST',
      path: '/api/own_tariffs/delete_tariff/t-express',
      body: undefined,
    });
  });
});
