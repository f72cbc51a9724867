import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Driver } from '@crm/shared';
import { apiError } from '../../orders/testing/harness';
import { makeDriver, searchOf, serveClients, setViewport, showClients } from '../testing/harness';

// The order modal belongs to the orders feature and has its own tests.
vi.mock('../../orders', () => ({
  OrderModals: () => null,
  orderParams: { orderId: 'orderId', edit: 'edit' },
}));
vi.setConfig({ testTimeout: 30_000 });

const desktopWidth = window.innerWidth;
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  setViewport(desktopWidth);
});

const ivan = makeDriver({ name: 'Иван', surname: 'Петров', discount: 10 });
const nameless = makeDriver({ name: '', surname: '', phone: '+79990001122', cars: [] });
const gone = makeDriver({ name: 'Анна', surname: 'Удалова', deleted: true });

type ListCall = {
  page: string | null;
  size: string | null;
  filter: string | null;
  sort: string | null;
  search: string | null;
};

function open(
  path = '/clients',
  drivers: Driver[] = [ivan, nameless, gone],
  total?: number,
  position?: 'worker',
) {
  const lists: ListCall[] = [];
  const calls = serveClients(
    {
      'GET /api/drivers/list/n1': (_, url) => {
        const q = url.searchParams;
        lists.push({
          page: q.get('page'),
          size: q.get('page_size'),
          filter: q.get('filter'),
          sort: q.get('sort'),
          search: q.get('search'),
        });
        return { drivers, total: total ?? drivers.length };
      },
    },
    position,
  );
  const view = showClients(path);
  return { ...view, lists, calls };
}

describe('clients page', () => {
  it('lists the network’s clients as cards, 12 a page by name, with «Имя не указано» and no pagination when all fit', async () => {
    const { lists } = open();
    const card = (await screen.findByText('Иван Петров')).closest('button')!;
    expect(card).toHaveTextContent('+7 (916) 123-45-67');
    expect(card).toHaveTextContent('Скидка 10 %');
    expect(card).toHaveTextContent('Toyota Camry А777АА77');
    expect(screen.getByText('Имя не указано')).toBeInTheDocument();
    expect(screen.getByText('Анна Удалова').closest('button')).toHaveTextContent('Удалён');
    expect(lists[0]).toEqual({ page: '1', size: '12', filter: 'all', sort: 'name_asc', search: null });
    expect(screen.getByRole('heading', { name: 'Клиенты' })).toBeInTheDocument();
    expect(screen.getByText('Демо-сеть')).toBeInTheDocument();
    expect(document.querySelector('.ant-pagination')).toBeNull();
  });

  it('pages when the total exceeds the page size, and keeps page, size, sort and filter in the URL', async () => {
    const { lists, router } = open(
      '/clients?view=table&size=50&sort=discount_desc&filter=active&page=2',
      [ivan],
      120,
    );
    await screen.findByRole('columnheader', { name: 'Скидка' });
    expect(lists[0]).toEqual({
      page: '2',
      size: '50',
      filter: 'active',
      sort: 'discount_desc',
      search: null,
    });
    expect(document.querySelector('.ant-pagination')).not.toBeNull();
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(searchOf(router).get('page')).toBe('3'));
    await waitFor(() => expect(lists.at(-1)?.page).toBe('3'));
  });

  it('searches 300 ms after typing stops, from 3 characters', async () => {
    const { lists, router } = open();
    await screen.findByText('Иван Петров');
    const box = screen.getByRole('searchbox', { name: 'Поиск клиентов' });
    fireEvent.change(box, { target: { value: 'Ив' } });
    expect(screen.getByText('Поиск — от 3 символов')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'Иван' } });
    expect(searchOf(router).get('q')).toBeNull();
    await waitFor(() => expect(searchOf(router).get('q')).toBe('Иван'), { timeout: 2000 });
    await waitFor(() => expect(lists.at(-1)?.search).toBe('Иван'));
  });

  it('filters deleted clients and sorts by the chosen key', async () => {
    const { lists, router } = open();
    await screen.findByText('Иван Петров');
    fireEvent.click(screen.getByText('Удалённые'));
    await waitFor(() => expect(searchOf(router).get('filter')).toBe('deleted'));
    await waitFor(() => expect(lists.at(-1)?.filter).toBe('deleted'));
  });

  it('says «Ошибка загрузки клиентов» and retries', async () => {
    let fail = true;
    serveClients({
      'GET /api/drivers/list/n1': () =>
        fail ? apiError(500, 'INTERNAL', 'x') : { drivers: [ivan], total: 1 },
    });
    showClients('/clients');
    expect(await screen.findByText('Ошибка загрузки клиентов')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Иван Петров')).toBeInTheDocument();
  });

  it('asks for a station when none is selected', async () => {
    serveClients({}, 'administrator', null);
    showClients('/clients');
    expect(await screen.findByText('Выберите станцию')).toBeInTheDocument();
  });

  it('shows an empty state that resets the filters', async () => {
    const { router } = open('/clients?q=Нет такого', []);
    expect(await screen.findByText('Клиентов не найдено')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(searchOf(router).get('q')).toBeNull());
  });

  it('lets a worker read but not create, import or change', async () => {
    open('/clients', [ivan], 1, 'worker');
    await screen.findByText('Иван Петров');
    // The user's position arrives after the list: wait for it before asserting what is missing.
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('button', { name: /Новый клиент/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Импорт' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Экспорт' })).toBeInTheDocument();
  });

  it('forces cards on a phone', async () => {
    setViewport(390);
    const { lists } = open('/clients?view=table');
    await screen.findByText('Иван Петров');
    expect(screen.queryByRole('columnheader')).not.toBeInTheDocument();
    expect(screen.queryByText('Таблица')).not.toBeInTheDocument();
    expect(lists[0]?.size).toBe('12');
  });

  it('opens the client’s card at /clients/{id}, keeping the list’s filters', async () => {
    const { router } = open('/clients?filter=active');
    fireEvent.click((await screen.findByText('Иван Петров')).closest('button')!);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/clients/${ivan.id}`));
    expect(searchOf(router).get('filter')).toBe('active');
  });
});
