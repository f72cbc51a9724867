import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiError } from '../../orders/testing/harness';
import { detailsOf, makeDriver, makeVisit, searchOf, serveClients, showClients } from '../testing/harness';

vi.mock('../../orders', () => ({
  OrderModals: () => null,
  orderParams: { orderId: 'orderId', edit: 'edit' },
}));
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

const ivan = makeDriver({
  id: 'd-ivan',
  discount: 10,
  cars: [
    { brand: 'Toyota', model: 'Camry', plate_number: 'А777АА77' },
    { brand: 'Kia', model: 'Rio' },
  ],
});

function open(driver = ivan, extra: Parameters<typeof serveClients>[0] = {}, position?: 'worker') {
  const visitsPages: string[] = [];
  const calls = serveClients(
    {
      'GET /api/drivers/list/n1': () => ({ drivers: [driver], total: 1 }),
      [`GET /api/drivers/get/${driver.id}`]: () => detailsOf(driver),
      [`GET /api/drivers/visits/${driver.id}`]: (_, url) => {
        visitsPages.push(url.searchParams.get('page') ?? '');
        const page = Number(url.searchParams.get('page'));
        return {
          visits: [
            makeVisit({ order_id: `o${page}a`, sum: 2000 }),
            makeVisit({
              order_id: `o${page}b`,
              status: 'UserCanceled',
              tariff: null,
              sum: 1500,
              station_name: 'Мойка на Садовой',
            }),
          ],
          total: 14,
        };
      },
      ...extra,
    },
    position,
  );
  const view = showClients(`/clients/${driver.id}?filter=active`);
  return { ...view, calls, visitsPages };
}

/** The confirmation whose title is `title`. */
const confirmOf = async (title: string) =>
  within((await screen.findAllByText(title))[0]!.closest('.ant-modal') as HTMLElement);

const sheet = async () => within((await screen.findByRole('dialog')) as HTMLElement);

describe('client card', () => {
  it('shows contact, discount, cars, totals and paged visits; a visit opens the order modal', async () => {
    const { router, visitsPages } = open();
    const card = await sheet();
    expect(await card.findByText('+7 (916) 123-45-67')).toBeInTheDocument();
    expect(card.getByText('10 %')).toBeInTheDocument();
    expect(card.getByText('Toyota Camry')).toBeInTheDocument();
    expect(card.getByText('А777АА77')).toBeInTheDocument();
    expect(card.getByText('Kia Rio')).toBeInTheDocument();
    expect(card.getByText('3 500 ₽')).toBeInTheDocument();
    expect(card.getByText('02.03.2026')).toBeInTheDocument();
    expect(card.getByText('10.04.2026')).toBeInTheDocument();
    expect(card.getByText('Мойка на Ленина (2)')).toBeInTheDocument();
    // Visits: date on the station's clock, station, car, tariff, sum, status.
    const visit = (await card.findAllByText('10.04.26 10:00'))[0]!.closest('button')!;
    expect(visit).toHaveTextContent('Мойка на Ленина');
    expect(visit).toHaveTextContent('Toyota Camry А777АА77');
    expect(visit).toHaveTextContent('Экспресс');
    expect(visit).toHaveTextContent('2 000 ₽');
    expect(visit).toHaveTextContent('Завершен');
    expect(card.getByText('Без тарифа')).toBeInTheDocument();
    fireEvent.click(visit);
    await waitFor(() => expect(searchOf(router).get('orderId')).toBeTruthy());
    expect(searchOf(router).get('orderStation')).toBe('s1');
    // 14 visits, 10 a page: a second page.
    fireEvent.click(card.getByTitle('2'));
    await waitFor(() => expect(visitsPages).toContain('2'));
  });

  it('«Новая запись» opens the station calendar’s new-order form with the client and the car', async () => {
    const { router } = open();
    const card = await sheet();
    fireEvent.click(await card.findByRole('button', { name: 'Записать Kia Rio' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/station/s1'));
    expect(Object.fromEntries(searchOf(router))).toEqual({ newOrder: '1', client: 'd-ivan', car: '1' });
  });

  it('deletes after a confirmation with the spec’s message', async () => {
    const { calls } = open(ivan, {
      'POST /api/drivers/delete/d-ivan': () => ({ driver: { ...ivan, deleted: true } }),
    });
    const card = await sheet();
    fireEvent.click(await card.findByRole('button', { name: 'Удалить клиента' }));
    const confirm = await confirmOf('Удалить клиента?');
    fireEvent.click(confirm.getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Клиент успешно удален')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/drivers/delete/d-ivan')).toBe(true);
  });

  it('restores a deleted client, and says so when it fails', async () => {
    const gone = makeDriver({ id: 'd-gone', deleted: true });
    open(gone, {
      'POST /api/drivers/restore/d-gone': () =>
        apiError(409, 'CONFLICT', 'Клиент с таким телефоном уже есть: Иван Петров'),
    });
    const card = await sheet();
    fireEvent.click(await card.findByRole('button', { name: /Восстановить/ }));
    const confirm = await confirmOf('Восстановить клиента?');
    fireEvent.click(confirm.getByRole('button', { name: 'Восстановить' }));
    expect(await screen.findByText('Не удалось восстановить клиента')).toBeInTheDocument();
    expect(screen.getByText('Клиент с таким телефоном уже есть: Иван Петров')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Новая запись' })).not.toBeInTheDocument();
  });

  it('shows a worker the card without any change', async () => {
    open(ivan, {}, 'worker');
    const card = await sheet();
    await card.findByText('+7 (916) 123-45-67');
    await new Promise((r) => setTimeout(r, 50));
    expect(card.queryByRole('button', { name: 'Удалить клиента' })).not.toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Новая запись' })).not.toBeInTheDocument();
  });

  it('closes back to the list with its filters', async () => {
    const { router } = open();
    const card = await sheet();
    await card.findByText('+7 (916) 123-45-67');
    fireEvent.click(screen.getByRole('button', { name: /Close|Закрыть/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    expect(searchOf(router).get('filter')).toBe('active');
  });
});
