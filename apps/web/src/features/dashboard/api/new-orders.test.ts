import { describe, expect, it } from 'vitest';
import { testOrder } from '../../../test/fixtures';
import { patchNewOrders } from './new-orders';

const now = Date.parse('2026-05-13T08:00:00.000Z');
const order = (id: string, hour: number, over = {}) =>
  testOrder({
    id,
    status: 'Accepted',
    booking_start: `2026-05-13T${String(hour).padStart(2, '0')}:00:00.000Z`,
    booking_end: `2026-05-13T${String(hour).padStart(2, '0')}:30:00.000Z`,
    ...over,
  });
const change = (o: ReturnType<typeof order> | null, id = o?.id ?? '') => ({
  orderId: id,
  details: o && {
    order: o,
    human_name_tariff: '',
    basket_human_names: { formated_includes: [], formated_additional: [] },
    ru_services_name: {},
  },
});

describe('patchNewOrders: a live order event applied to «Новые заказы» (issue 40)', () => {
  const a = order('a', 9);
  const c = order('c', 12);

  it('puts a new Accepted order in booking order, and replaces one that changed', () => {
    const b = order('b', 10);
    expect(patchNewOrders([a, c], change(b), now).map((o) => o.id)).toEqual(['a', 'b', 'c']);
    const moved = order('a', 13);
    expect(patchNewOrders([a, c], change(moved), now).map((o) => o.id)).toEqual(['c', 'a']);
  });

  it('drops an order that was answered, cancelled, is over or is gone', () => {
    expect(patchNewOrders([a, c], change({ ...a, status: 'Booked' }), now)).toEqual([c]);
    expect(patchNewOrders([a, c], change({ ...a, status: 'UserCanceled' }), now)).toEqual([c]);
    expect(patchNewOrders([a, c], change(order('a', 7)), now)).toEqual([c]);
    expect(patchNewOrders([a, c], change(null, 'a'), now)).toEqual([c]);
  });

  it('leaves the same list when the change concerns none of it', () => {
    const list = [a, c];
    expect(patchNewOrders(list, change(order('x', 10, { status: 'Booked' })), now)).toBe(list);
  });
});
