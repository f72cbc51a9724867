import { describe, expect, it } from 'vitest';
import { applyChange, clearFilters, isFiltered, readFilters } from './history-filters';

const today = '2026-11-22';
const read = (query: string, phone = false) => readFilters(new URLSearchParams(query), today, phone);

describe('history filters in the URL', () => {
  it('defaults to this month up to today (DESIGN §10), every status, cards, page 1 of 12', () => {
    expect(read('')).toEqual({
      search: '',
      kind: 'month',
      range: { start: '2026-11-01', end: '2026-11-22' },
      statusOptions: [],
      view: 'cards',
      page: 1,
      pageSize: 12,
    });
  });

  it('ignores what a hand-edited link gets wrong instead of failing', () => {
    const f = read(
      'period=fortnight&from=2026-02-31&to=2026-03-05&status=Booked,Nope,Booked&page=-3&size=13',
    );
    expect(f.kind).toBe('month');
    expect(f.range).toEqual({ start: '2026-11-01', end: '2026-11-22' });
    expect(f.statusOptions).toEqual(['Booked']);
    expect(f.page).toBe(1);
    expect(f.pageSize).toBe(12);
    // A range backwards is not a range.
    expect(read('period=custom&from=2026-05-02&to=2026-05-01').range).toEqual({
      start: '2026-11-22',
      end: '2026-11-22',
    });
  });

  it('ends a period that holds today at today, but keeps a custom range and a future period as asked', () => {
    // The selector sends the whole month or week; the list still stops at today.
    expect(read('from=2026-11-01&to=2026-11-30').range).toEqual({ start: '2026-11-01', end: '2026-11-22' });
    expect(read('period=week&from=2026-11-16&to=2026-11-22').range.end).toBe('2026-11-22');
    expect(read('period=year').range).toEqual({ start: '2026-01-01', end: '2026-11-22' });
    expect(read('from=2026-10-01&to=2026-10-31').range.end).toBe('2026-10-31');
    expect(read('from=2026-12-01&to=2026-12-31').range).toEqual({ start: '2026-12-01', end: '2026-12-31' });
    expect(read('period=custom&from=2026-11-20&to=2026-11-28').range.end).toBe('2026-11-28');
  });

  it('takes a table size only for the table, and never the table on a phone', () => {
    expect(read('view=table&size=100')).toMatchObject({ view: 'table', pageSize: 100 });
    expect(read('size=100')).toMatchObject({ view: 'cards', pageSize: 12 });
    expect(read('view=table&size=100', true)).toMatchObject({ view: 'cards', pageSize: 12 });
    expect(read('view=table&size=48', true)).toMatchObject({ view: 'cards', pageSize: 48 });
  });

  it('goes back to page 1 when what is listed changes, and keeps the open order', () => {
    const prev = new URLSearchParams('page=4&orderId=o1&view=table&size=50');
    expect(applyChange(prev, { page: 5 }).toString()).toBe('page=5&orderId=o1&view=table&size=50');
    expect(applyChange(prev, { search: '  Kia ' }).toString()).toBe('orderId=o1&view=table&size=50&q=Kia');
    // Switching view takes that view's default size.
    expect(applyChange(prev, { view: 'cards' }).toString()).toBe('orderId=o1');
    expect(applyChange(prev, { statusOptions: ['Booked', 'cancelled'] }).get('status')).toBe(
      'Booked,cancelled',
    );
    expect(applyChange(prev, { pageSize: 100 }).toString()).toBe('orderId=o1&view=table&size=100');
  });

  it('knows when the list is filtered, and clears the filters but not the view', () => {
    expect(isFiltered(read(''), today)).toBe(false);
    expect(isFiltered(read('from=2026-11-01&to=2026-11-30'), today)).toBe(false);
    expect(isFiltered(read('from=2026-10-01&to=2026-10-31'), today)).toBe(true);
    expect(isFiltered(read('status=Booked'), today)).toBe(true);
    const cleared = clearFilters(
      new URLSearchParams(
        'q=a&status=Booked&period=year&from=2025-01-01&to=2025-12-31&page=3&view=table&orderId=o1',
      ),
    );
    expect(cleared.toString()).toBe('view=table&orderId=o1');
  });
});
