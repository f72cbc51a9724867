import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '../../../test/render';
import { complex, express, serveTariffs, showTariffs, station, supportUrl, tabOf } from '../testing/harness';

afterEach(cleanup);

const path = `/station/${station.id}/tariffs`;
const tab = (name: RegExp) => screen.getByRole('tab', { name });
/** A tariff card once its contents have come (the list names the tariff first, its config fills it). */
const card = async (name: string) => {
  const found = (await screen.findByRole('heading', { level: 2, name })).closest('article') as HTMLElement;
  await within(found).findByRole('table');
  return found;
};
/** The cells of a row of the per-class table: category, duration, price. */
const rowOf = (table: HTMLElement, category: string) =>
  within(table)
    .getByRole('rowheader', { name: new RegExp(`^${category}`) })
    .closest('tr') as HTMLElement;

/** A worker of the station's network: the session user of the pages opened with it. */
const worker = makeUser({
  position: 'worker',
  networks: [{ id: station.network_id, name: 'Демо-сеть', position: 'worker' }],
});

const yandexExpress = {
  ...express,
  id: 'y-express',
  name: 'Экспресс Яндекс',
  prices: [550, 650, 750, 900, 1050, 1400],
};

describe('TariffsPage tabs', { timeout: 20_000 }, () => {
  it('opens the own tab by default and lists own tariffs only', async () => {
    const calls = serveTariffs({ own: [express, complex], yandex: [yandexExpress] });
    const { router } = showTariffs(path);

    expect(screen.getByRole('heading', { level: 1, name: 'Тарифы' })).toBeInTheDocument();
    expect(screen.getByText(station.name)).toBeInTheDocument();
    await card('Экспресс');
    await card('Комплекс');
    expect(tab(/Мои тарифы/)).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('heading', { name: 'Экспресс Яндекс' })).not.toBeInTheDocument();
    expect(tabOf(router)).toBeNull();
    expect(calls).toContain(`/api/own_tariffs/price_get/${station.id}/t-express`);
  });

  it('opens the Yandex tab from the dashboard router state and writes it to the URL', async () => {
    serveTariffs({ own: [express], yandex: [yandexExpress] });
    const { router } = showTariffs(path, { activeTab: 'yandex' });

    await card('Экспресс Яндекс');
    expect(tab(/Яндекс тарифы/)).toHaveAttribute('aria-selected', 'true');
    // A reload keeps the tab: it is in the URL now, not only in the router state.
    await waitFor(() => expect(tabOf(router)).toBe('yandex'));
  });

  it('opens the Yandex tab from ?tab=yandex, reading the provider endpoints', async () => {
    const calls = serveTariffs({ own: [express], yandex: [yandexExpress] });
    showTariffs(`${path}?tab=yandex`);

    const yandexCard = await card('Экспресс Яндекс');
    expect(tab(/Яндекс тарифы/)).toHaveAttribute('aria-selected', 'true');
    const table = within(yandexCard).getByRole('table');
    expect(within(rowOf(table, '6 категория')).getByText('1 400 ₽')).toBeInTheDocument();
    await waitFor(() => expect(calls).toContain(`/api/station/tariff/${station.id}/y-express`));
  });

  it('switches tabs by click and stays on the own tab though the dashboard asked for Yandex', async () => {
    serveTariffs({ own: [express], yandex: [yandexExpress] });
    const { router } = showTariffs(path, { activeTab: 'yandex' });
    await card('Экспресс Яндекс');

    await userEvent.click(tab(/Мои тарифы/));
    await card('Экспресс');
    expect(tab(/Мои тарифы/)).toHaveAttribute('aria-selected', 'true');
    expect(tabOf(router)).toBeNull();

    await userEvent.click(tab(/Яндекс тарифы/));
    await waitFor(() => expect(tabOf(router)).toBe('yandex'));
  });

  it('shows tariff counts on the tabs', async () => {
    serveTariffs({ own: [express, complex], yandex: [yandexExpress] });
    showTariffs(path);
    await waitFor(() => expect(tab(/Мои тарифы/)).toHaveTextContent('Мои тарифы2'));
    await waitFor(() => expect(tab(/Яндекс тарифы/)).toHaveTextContent('Яндекс тарифы1'));
  });

  it('hides the Yandex tab when the strategy has no booking unless a link asks for it', async () => {
    serveTariffs({
      own: [express],
      yandex: [yandexExpress],
      strategy: { booking: false, payment: false, robot: false },
    });
    showTariffs(path, undefined, { enable_booking: false });
    await card('Экспресс');
    await waitFor(() => expect(screen.queryByRole('tab', { name: /Яндекс тарифы/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('tab', { name: /Фиксированные тарифы/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /Настройки оплаты/ })).not.toBeInTheDocument();
    cleanup();

    serveTariffs({
      own: [express],
      yandex: [yandexExpress],
      strategy: { booking: false, payment: false, robot: false },
    });
    showTariffs(path, { activeTab: 'yandex' }, { enable_booking: false });
    await card('Экспресс Яндекс');
  });

  it('shows the fixed and payment tabs by the strategy and opens them from ?tab=', async () => {
    serveTariffs({
      own: [express],
      yandex: [yandexExpress],
      strategy: { booking: true, payment: true, robot: true },
      fixed: [{ id: 'f1', description: 'Робот: кузов', cost: 400, status: true }],
    });
    const { router } = showTariffs(`${path}?tab=fixed`);
    expect(await screen.findByText('Робот: кузов')).toBeInTheDocument();
    expect(tab(/Фиксированные тарифы/)).toHaveAttribute('aria-selected', 'true');
    expect(tab(/Яндекс тарифы/)).toBeInTheDocument();

    await userEvent.click(tab(/Настройки оплаты/));
    await waitFor(() => expect(tabOf(router)).toBe('payment'));
    expect(await screen.findByRole('spinbutton', { name: 'Минимум, ₽' })).toHaveValue('100');
    // The search has nothing to find among the payment settings.
    expect(screen.queryByRole('searchbox', { name: 'Поиск тарифов' })).not.toBeInTheDocument();
  });
});

describe('TariffsPage editing', { timeout: 20_000 }, () => {
  it('switches a Yandex tariff on from its card and says so', async () => {
    const api: Parameters<typeof serveTariffs>[0] = {
      own: [express],
      yandex: [
        { ...yandexExpress, active: false },
        { ...complex, id: 'y-complex', name: 'Комплекс Яндекс', active: false },
      ],
    };
    const calls = serveTariffs(api);
    showTariffs(path, { activeTab: 'yandex' });
    const yandexCard = await card('Экспресс Яндекс');
    await within(yandexCard).findByRole('table');
    expect(screen.getByText('Ни один тариф Яндекса не активен')).toBeInTheDocument();

    await userEvent.click(
      within(yandexCard).getByRole('switch', { name: 'Статус тарифа «Экспресс Яндекс»' }),
    );
    expect(await screen.findByText('Статус тарифа успешно обновлен')).toBeInTheDocument();
    const sent = calls.requests.find((r) => r.path === `/api/station/tariff/${station.id}`);
    expect(sent?.body).toEqual({
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
          MicroBus: 1400,
        },
      },
    });
    await waitFor(() => expect(within(yandexCard).getByText('Активен')).toBeInTheDocument());
    await waitFor(() =>
      expect(screen.queryByText('Ни один тариф Яндекса не активен')).not.toBeInTheDocument(),
    );
  });

  it('does not switch off the last active Yandex tariff, and handles the server 409', async () => {
    const api: Parameters<typeof serveTariffs>[0] = {
      yandex: [yandexExpress, { ...complex, id: 'y-complex', name: 'Комплекс Яндекс', active: false }],
    };
    const calls = serveTariffs(api);
    showTariffs(`${path}?tab=yandex`);
    const yandexCard = await card('Экспресс Яндекс');
    await within(yandexCard).findByRole('table');

    await userEvent.click(within(yandexCard).getByRole('switch', { name: /Экспресс Яндекс/ }));
    expect(await screen.findByText('Нельзя выключить все Яндекс тарифы')).toBeInTheDocument();
    expect(calls.requests).toHaveLength(0);
    expect(within(yandexCard).getByRole('switch', { name: /Экспресс Яндекс/ })).toBeChecked();
    cleanup();

    // The page's list is stale (another user switched the other one off): the server says no.
    const stale: Parameters<typeof serveTariffs>[0] = {
      yandex: [yandexExpress, { ...complex, id: 'y-complex', name: 'Комплекс Яндекс' }],
      writeErrors: {
        '/station/tariff': {
          status: 409,
          body: { error: { code: 'CONFLICT', message: 'Нельзя выключить все Яндекс тарифы' } },
        },
      },
    };
    const staleCalls = serveTariffs(stale);
    showTariffs(`${path}?tab=yandex`);
    const again = await card('Экспресс Яндекс');
    await within(again).findByRole('table');
    await userEvent.click(within(again).getByRole('switch', { name: /Экспресс Яндекс/ }));
    await waitFor(() => expect(staleCalls.requests).toHaveLength(1));
    expect(await screen.findByText('Нельзя выключить все Яндекс тарифы')).toBeInTheDocument();
    expect(screen.queryByText('Произошла ошибка при обновлении статуса тарифа')).not.toBeInTheDocument();
  });

  it('shows the add-card to managers while there are two own tariffs or fewer', async () => {
    serveTariffs({ own: [express, complex] });
    const { router } = showTariffs(path);
    await card('Экспресс');
    const add = screen.getByRole('link', { name: /Новый тариф/ });
    await userEvent.click(add);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/station/${station.id}/tariffs/new`));
    cleanup();

    serveTariffs({ own: [express, complex, { ...express, id: 't-max', name: 'Максимум' }] });
    showTariffs(path);
    await card('Максимум');
    expect(screen.queryByRole('link', { name: /Новый тариф/ })).not.toBeInTheDocument();
  });

  it('opens the edit form at once from a card’s «Редактировать» (issue 38), the name link the tariff', async () => {
    serveTariffs({ own: [express, complex] });
    const { router } = showTariffs(path);
    const own = await card('Экспресс');
    await userEvent.click(within(own).getByRole('link', { name: 'Редактировать: Экспресс' }));
    expect(await screen.findByRole('textbox', { name: 'Название' })).toHaveValue('Экспресс');
    expect(screen.queryByRole('button', { name: /Редактировать/ })).not.toBeInTheDocument();
    // Cancelled: the tariff, and a reload of that entry shows the tariff again, not its form.
    await userEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(await screen.findByRole('button', { name: /Редактировать/ })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.state).toEqual({ isOwnTariff: true }));
    cleanup();

    serveTariffs({ own: [express, complex] });
    showTariffs(path);
    await userEvent.click(await screen.findByRole('link', { name: 'Комплекс' }));
    await screen.findByRole('button', { name: /Редактировать/ });
    expect(screen.queryByRole('textbox', { name: 'Название' })).not.toBeInTheDocument();
  });

  it('shows a worker a notice instead of prices the server does not give him (issue 38)', async () => {
    const calls = serveTariffs({ own: [express], yandex: [yandexExpress] });
    showTariffs(path, undefined, {}, false, worker);
    expect(await screen.findByText('Цены тарифов недоступны')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Открыть расписание' })).toHaveAttribute(
      'href',
      `/station/${station.id}`,
    );
    cleanup();

    const detailCalls = serveTariffs({ own: [express] });
    showTariffs(`${path}/t-express?kind=own`, undefined, {}, false, worker);
    expect(await screen.findByText('Цены тарифов недоступны')).toBeInTheDocument();
    expect(
      calls.concat(detailCalls).some((c) => c.includes('/price_get/') || c.includes('/fixed-tariffs/')),
    ).toBe(false);
  });

  it('says on its card that a tariff came without its main data, and the list stays usable', async () => {
    serveTariffs({ own: [express, complex] });
    const served = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes(`/price_get/${station.id}/${express.id}`)
        ? new Response(JSON.stringify({}), { status: 200, headers: { 'Content-Type': 'application/json' } })
        : served(input, init)) as typeof fetch;
    showTariffs(path);
    await card('Комплекс');
    const broken = (await screen.findByRole('heading', { level: 2, name: 'Экспресс' })).closest(
      'article',
    ) as HTMLElement;
    expect(await within(broken).findByRole('alert')).toHaveTextContent(
      'Ошибка: Основные данные тарифа отсутствуют...',
    );
    expect(within(broken).getByRole('switch')).toBeDisabled();
    await userEvent.type(screen.getByRole('searchbox'), 'Комп');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Экспресс' })).not.toBeInTheDocument());
  });

  it('shows no switches, add-card or import to staff who may not edit', async () => {
    serveTariffs({ own: [express], yandex: [yandexExpress] });
    showTariffs(path, undefined, {}, false);
    const own = await card('Экспресс');
    await within(own).findByRole('table');
    expect(within(own).queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Новый тариф/ })).not.toBeInTheDocument();
    expect(within(own).getByRole('link', { name: 'Подробнее: Экспресс' })).toBeInTheDocument();
    await userEvent.click(tab(/Яндекс тарифы/));
    await card('Экспресс Яндекс');
    expect(screen.queryByRole('button', { name: /Импорт цен/ })).not.toBeInTheDocument();
  });

  it('opens the additional services of the tab', async () => {
    serveTariffs({ own: [express], yandex: [yandexExpress] });
    const { router } = showTariffs(`${path}?tab=yandex`);
    await card('Экспресс Яндекс');
    await userEvent.click(screen.getByRole('button', { name: /Дополнительные услуги/ }));
    expect(await screen.findByText('Яндекс дополнительные услуги')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ isOwnTariff: false });
  });

  it('imports Yandex prices from another station of the network', async () => {
    const other = { ...station, id: 's2', name: 'Мойка на Садовой' };
    const rival = { ...station, id: 's9', name: 'Чужая мойка', network_id: 'n9' };
    const api: Parameters<typeof serveTariffs>[0] = {
      yandex: [yandexExpress],
      stations: [station, other, rival],
      imported: 3,
    };
    const calls = serveTariffs(api);
    showTariffs(`${path}?tab=yandex`);
    await card('Экспресс Яндекс');

    await userEvent.click(screen.getByRole('button', { name: /Импорт цен/ }));
    const dialog = await screen.findByRole('dialog');
    const ok = within(dialog).getByRole('button', { name: 'Импортировать' });
    expect(ok).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Станция, откуда взять цены' }));
    expect(screen.queryByText('Чужая мойка')).not.toBeInTheDocument();
    await userEvent.click(await screen.findByTitle('Мойка на Садовой'));
    await userEvent.click(ok);

    expect(await screen.findByText('Тарифы успешно импортированы')).toBeInTheDocument();
    expect(calls.requests).toContainEqual({
      method: 'POST',
      path: `/api/station/tariff/${station.id}/import`,
      body: { source_station_id: 's2' },
    });
  });

  it('says when the other station has nothing to import, or the import fails', async () => {
    const other = { ...station, id: 's2', name: 'Мойка на Садовой' };
    const api: Parameters<typeof serveTariffs>[0] = {
      yandex: [yandexExpress],
      stations: [station, other],
      imported: 0,
    };
    serveTariffs(api);
    showTariffs(`${path}?tab=yandex`);
    await card('Экспресс Яндекс');

    const runImport = async () => {
      await userEvent.click(screen.getByRole('button', { name: /Импорт цен/ }));
      const dialog = await screen.findByRole('dialog');
      await userEvent.click(within(dialog).getByRole('combobox'));
      await userEvent.click(await screen.findByTitle('Мойка на Садовой'));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Импортировать' }));
    };
    await runImport();
    expect(await screen.findByText('Тариф не найден для импорта')).toBeInTheDocument();

    api.writeErrors = { '/station/tariff': { status: 500 } };
    await runImport();
    expect(await screen.findByText('Ошибка при импорте тарифов')).toBeInTheDocument();
  });
});

describe('TariffsPage cards', () => {
  it('shows status, description, included services, prices and durations per class', async () => {
    serveTariffs({ own: [express, { ...complex, active: false }] });
    showTariffs(path);

    const first = await card('Экспресс');
    expect(within(first).getByText('Активен')).toBeInTheDocument();
    expect(within(first).getByText(express.description!)).toBeInTheDocument();
    for (const service of ['Активная пена', 'Мойка кузова', 'Сушка кузова']) {
      expect(within(first).getByText(service)).toBeInTheDocument();
    }
    const table = within(first).getByRole('table');
    const mini = rowOf(table, '1 категория');
    expect(mini).toHaveTextContent('Мини');
    expect(within(mini).getByText('20 мин')).toBeInTheDocument();
    expect(within(mini).getByText('500 ₽')).toBeInTheDocument();
    expect(within(rowOf(table, '5 категория')).getByText('1 000 ₽')).toBeInTheDocument();
    // No price for minibuses in this tariff: a dash, not «0 ₽».
    const bus = rowOf(table, '6 категория');
    expect(within(bus).getAllByText('—')).toHaveLength(2);
    expect(bus).not.toHaveTextContent('₽');

    const second = await card('Комплекс');
    expect(within(second).getByText('Неактивен')).toBeInTheDocument();
    expect(
      within(rowOf(within(second).getByRole('table'), '4 категория')).getByText('1 ч 10 мин'),
    ).toBeInTheDocument();
  });

  it('shows extras as price ranges, and per category on demand', async () => {
    serveTariffs({ own: [express, complex] });
    showTariffs(path);

    const first = await card('Экспресс');
    const wax = within(first).getByText('Горячий воск').closest('li') as HTMLElement;
    // The minibus class has no price in this tariff, so no extra is sold for it either.
    expect(wax).toHaveTextContent('300–600 ₽');
    expect(within(first).getByText('Мойка двигателя').closest('li')).toHaveTextContent('600–1 000 ₽');

    await userEvent.click(within(first).getByRole('button', { name: 'Цены по категориям' }));
    const matrix = within(first).getByRole('region', { name: /Цены по категориям/ });
    const engine = within(matrix).getByRole('rowheader', { name: 'Мойка двигателя' }).closest('tr')!;
    const cells = within(engine as HTMLElement).getAllByRole('cell');
    expect(cells.map((c) => c.textContent?.replace(/\s/g, ' '))).toEqual([
      '600 ₽',
      '700 ₽',
      '800 ₽',
      '900 ₽',
      '1 000 ₽',
      '—',
    ]);

    // A tariff without extras says so.
    expect(
      within(await card('Комплекс')).getByText('Нет доступных дополнительных услуг'),
    ).toBeInTheDocument();
  });

  it('filters the cards by the search box, by name or included service', async () => {
    serveTariffs({ own: [express, complex] });
    showTariffs(path);
    await card('Комплекс');
    await within(await card('Экспресс')).findByRole('table');

    const search = screen.getByRole('searchbox', { name: 'Поиск тарифов' });
    await userEvent.type(search, 'пылесос');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Экспресс' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Комплекс' })).toBeInTheDocument();

    await userEvent.clear(search);
    await userEvent.type(search, 'нет такого');
    expect(await screen.findByText('Тарифы не найдены')).toBeInTheDocument();
    // Two ways to clear: the field's own clear button and the empty list's action; the list's is pressed.
    const [fieldClear, listClear] = screen.getAllByRole('button', { name: 'Очистить поиск' });
    expect(fieldClear).toHaveClass('ant-input-clear-icon');
    await userEvent.click(listClear!);
    expect(await screen.findByRole('heading', { name: 'Экспресс' })).toBeInTheDocument();
  });

  it('warns when no Yandex tariff is active', async () => {
    serveTariffs({ yandex: [{ ...yandexExpress, active: false }] });
    showTariffs(`${path}?tab=yandex`);
    expect(await screen.findByText('Ни один тариф Яндекса не активен')).toBeInTheDocument();
    expect(within(await card('Экспресс Яндекс')).getByText('Неактивен')).toBeInTheDocument();
  });
});

describe('TariffsPage states', () => {
  it('says when the station has no Yandex tariffs and links to support', async () => {
    serveTariffs({ own: [express], yandex: [] });
    showTariffs(path, { activeTab: 'yandex' });

    expect(await screen.findByText('Тарифы Яндекса не подключены')).toBeInTheDocument();
    const support = await screen.findByRole('link', { name: /Написать в поддержку/ });
    await waitFor(() => expect(support).toHaveAttribute('href', supportUrl));
  });

  it('says when the station has no own tariffs', async () => {
    serveTariffs({ own: [] });
    showTariffs(path);
    expect(await screen.findByText('Собственных тарифов пока нет')).toBeInTheDocument();
  });

  it('shows skeletons while the list loads', () => {
    serveTariffs({ own: [express] });
    showTariffs(path);
    expect(screen.getByRole('status', { name: 'Загрузка тарифов' })).toBeInTheDocument();
  });

  it('shows the load error with a retry that brings the tariffs', async () => {
    const api: Parameters<typeof serveTariffs>[0] = { own: { status: 500 } };
    serveTariffs(api);
    showTariffs(path);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ошибка загрузки тарифов');
    api.own = [express];
    await userEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    await card('Экспресс');
    expect(screen.queryByText('Ошибка загрузки тарифов')).not.toBeInTheDocument();
  });

  it('keeps the other cards when one tariff config fails, and retries that one', async () => {
    const api: Parameters<typeof serveTariffs>[0] = {
      own: [express, complex],
      configErrors: { 't-complex': 404 },
    };
    serveTariffs(api);
    showTariffs(path);

    const broken = (await screen.findByRole('heading', { level: 2, name: 'Комплекс' })).closest(
      'article',
    ) as HTMLElement;
    const alert = await within(broken).findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить конфигурацию тарифа');
    expect(within(await card('Экспресс')).getByRole('table')).toBeInTheDocument();

    api.configErrors = {};
    await userEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await within(broken).findByRole('table')).toBeInTheDocument();
  });
});
