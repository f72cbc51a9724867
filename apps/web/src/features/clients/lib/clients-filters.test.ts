import { describe, expect, it } from 'vitest';
import { applyClientsChange, readClientFilters } from './clients-filters';

describe('clients filters in the URL', () => {
  it('falls back to the defaults and forces cards on a phone', () => {
    expect(
      readClientFilters(new URLSearchParams('view=table&size=7&sort=x&filter=y&page=-1'), false),
    ).toEqual({
      search: '',
      filter: 'all',
      sort: 'name_asc',
      view: 'table',
      page: 1,
      pageSize: 25,
    });
    expect(readClientFilters(new URLSearchParams('view=table&size=50'), true)).toMatchObject({
      view: 'cards',
      pageSize: 12,
    });
  });

  it('goes back to page 1 on a new filter, keeps other parameters and leaves defaults out', () => {
    const next = applyClientsChange(new URLSearchParams('page=3&orderId=o1&size=24'), { filter: 'deleted' });
    expect(next.toString()).toBe('orderId=o1&size=24&filter=deleted');
    expect(applyClientsChange(next, { page: 2 }).get('page')).toBe('2');
    expect(applyClientsChange(next, { view: 'table' }).has('size')).toBe(false);
    expect(applyClientsChange(next, { sort: 'name_asc', filter: 'all' }).toString()).toBe(
      'orderId=o1&size=24',
    );
  });
});
