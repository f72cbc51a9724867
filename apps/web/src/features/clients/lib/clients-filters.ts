import {
  defaultDriverSort,
  driverCardPageSizes,
  driverFilters,
  driverSorts,
  driverTablePageSizes,
  type DriverFilter,
  type DriverSort,
} from '@crm/shared';

export type ClientsView = 'cards' | 'table';

/** S2 §9: cards 12 (12, 24, 48, 96), table 25 (25, 50, 100, 200). */
export const clientPageSizes: Record<ClientsView, { default: number; options: readonly number[] }> = {
  cards: { default: 12, options: driverCardPageSizes },
  table: { default: 25, options: driverTablePageSizes },
};

/**
 * Everything the clients list is filtered by, held in the URL (`q`, `filter`, `sort`, `view`, `page`,
 * `size`) so a reload, a shared link or «back» from a client's card shows the same list.
 */
export interface ClientsFilters {
  search: string;
  filter: DriverFilter;
  sort: DriverSort;
  view: ClientsView;
  page: number;
  pageSize: number;
}

export const clientParams = {
  search: 'q',
  filter: 'filter',
  sort: 'sort',
  view: 'view',
  page: 'page',
  size: 'size',
} as const;

/** The filters a URL asks for; on a phone (`forceCards`) the view is cards whatever the URL says. */
export function readClientFilters(params: URLSearchParams, forceCards: boolean): ClientsFilters {
  const view: ClientsView = forceCards || params.get(clientParams.view) !== 'table' ? 'cards' : 'table';
  const sizes = clientPageSizes[view].options;
  const size = Number(params.get(clientParams.size));
  const page = Number(params.get(clientParams.page));
  const filter = driverFilters.find((f) => f === params.get(clientParams.filter)) ?? 'all';
  const sort = driverSorts.find((s) => s === params.get(clientParams.sort)) ?? defaultDriverSort;
  return {
    search: params.get(clientParams.search) ?? '',
    filter,
    sort,
    view,
    page: Number.isInteger(page) && page > 1 ? page : 1,
    pageSize: sizes.includes(size) ? size : clientPageSizes[view].default,
  };
}

export type ClientsChange = Partial<Omit<ClientsFilters, 'page'>> & { page?: number };

/**
 * The query after a change: what is listed (search, filter, sort, view, size) goes back to page 1; a new
 * view takes its own default page size. Defaults are left out of the URL.
 */
export function applyClientsChange(prev: URLSearchParams, change: ClientsChange): URLSearchParams {
  const next = new URLSearchParams(prev);
  const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
  if (change.search !== undefined) set(clientParams.search, change.search.trim());
  if (change.filter !== undefined) set(clientParams.filter, change.filter === 'all' ? null : change.filter);
  if (change.sort !== undefined)
    set(clientParams.sort, change.sort === defaultDriverSort ? null : change.sort);
  if (change.view !== undefined) {
    set(clientParams.view, change.view === 'table' ? 'table' : null);
    next.delete(clientParams.size);
  }
  if (change.pageSize !== undefined) set(clientParams.size, String(change.pageSize));
  const listChanged = Object.keys(change).some((key) => key !== 'page');
  const page = listChanged ? 1 : (change.page ?? 1);
  set(clientParams.page, page > 1 ? String(page) : null);
  return next;
}

/** Whether anything narrows the list (a search or a filter other than «Все»). */
export function isClientsFiltered(filters: ClientsFilters): boolean {
  return filters.search.trim() !== '' || filters.filter !== 'all';
}

export const sortLabels: Record<DriverSort, string> = {
  name_asc: 'Имя: А–Я',
  name_desc: 'Имя: Я–А',
  surname_asc: 'Фамилия: А–Я',
  surname_desc: 'Фамилия: Я–А',
  discount_asc: 'Скидка: по возрастанию',
  discount_desc: 'Скидка: по убыванию',
  created_desc: 'Сначала новые',
  created_asc: 'Сначала старые',
};

export const filterLabels: Record<DriverFilter, string> = {
  all: 'Все',
  active: 'Активные',
  deleted: 'Удалённые',
};
