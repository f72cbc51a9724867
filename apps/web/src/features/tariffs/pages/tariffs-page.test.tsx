import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { complex, express, serveTariffs, showTariffs, station, supportUrl, tabOf } from '../testing/harness';

afterEach(cleanup);

const path = `/station/${station.id}/tariffs`;
const tab = (name: RegExp) => screen.getByRole('tab', { name });
const card = async (name: string) =>
  (await screen.findByRole('heading', { level: 2, name })).closest('article') as HTMLElement;
/** The cells of a row of the per-class table: category, duration, price. */
const rowOf = (table: HTMLElement, category: string) =>
  within(table)
    .getByRole('rowheader', { name: new RegExp(`^${category}`) })
    .closest('tr') as HTMLElement;

const yandexExpress = {
  ...express,
  id: 'y-express',
  name: 'Экспресс Яндекс',
  prices: [550, 650, 750, 900, 1050, 1400],
};

describe('TariffsPage tabs', () => {
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

  it('hides the Yandex tab at a station without booking unless a link asks for it', async () => {
    serveTariffs({ own: [express], yandex: [yandexExpress] });
    showTariffs(path, undefined, { enable_booking: false });
    await card('Экспресс');
    expect(screen.queryByRole('tab', { name: /Яндекс тарифы/ })).not.toBeInTheDocument();
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
    await userEvent.click(screen.getByRole('button', { name: 'Очистить поиск' }));
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

    const broken = await card('Комплекс');
    const alert = await within(broken).findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить конфигурацию тарифа');
    expect(within(await card('Экспресс')).getByRole('table')).toBeInTheDocument();

    api.configErrors = {};
    await userEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await within(broken).findByRole('table')).toBeInTheDocument();
  });
});
