import { describe, expect, it } from 'vitest';
import { orderChangesOfEvent, orderIdsOfEvent } from './order-patch';

const event = (over: Record<string, unknown> = {}) =>
  JSON.stringify({ type: 'order.changed', station_id: 's1', order_id: 'o1', status: 'Booked', ...over });

describe('orderIdsOfEvent', () => {
  it('names the one order of a created or changed order event', () => {
    expect(orderIdsOfEvent(event(), 's1')).toEqual(['o1']);
    expect(orderIdsOfEvent(event({ type: 'order.created', version: 3 }), 's1')).toEqual(['o1']);
    expect(orderIdsOfEvent(event({ order_ids: ['o1'] }), 's1')).toEqual(['o1']);
  });

  it('cannot apply a change of several orders (a blocked slot) or an unknown shape', () => {
    expect(orderIdsOfEvent(event({ order_ids: ['o1', 'o2'] }), 's1')).toBeNull();
    expect(orderIdsOfEvent(event({ order_ids: 'o1' }), 's1')).toBeNull();
    expect(orderIdsOfEvent(event({ type: 'slots.changed' }), 's1')).toBeNull();
    expect(orderIdsOfEvent(event({ order_id: 7 }), 's1')).toBeNull();
    expect(orderIdsOfEvent(event({ station_id: 's2' }), 's1')).toBeNull();
    expect(orderIdsOfEvent('not json', 's1')).toBeNull();
    expect(orderIdsOfEvent(undefined, 's1')).toBeNull();
  });
});

describe('orderChangesOfEvent (issue 40)', () => {
  const details = (id: string) => ({
    order: { id },
    human_name_tariff: '',
    basket_human_names: {},
    ru_services_name: {},
  });

  it('gives the state of every order the event names, null for one that is gone', () => {
    expect(
      orderChangesOfEvent(event({ changes: [{ order_id: 'o1', details: details('o1') }] }), 's1'),
    ).toEqual([{ orderId: 'o1', details: details('o1') }]);
    const burst = event({
      order_ids: ['b1', 'b2'],
      changes: [
        { order_id: 'b1', details: null },
        { order_id: 'b2', details: details('b2') },
      ],
    });
    expect(orderChangesOfEvent(burst, 's1')).toEqual([
      { orderId: 'b1', details: null },
      { orderId: 'b2', details: details('b2') },
    ]);
    expect(orderIdsOfEvent(burst, 's1')).toEqual(['b1', 'b2']);
  });

  it('carries nothing when the changes are missing, partial, of other orders or of another shape', () => {
    expect(orderChangesOfEvent(event(), 's1')).toBeNull();
    expect(
      orderChangesOfEvent(
        event({ order_ids: ['b1', 'b2'], changes: [{ order_id: 'b1', details: null }] }),
        's1',
      ),
    ).toBeNull();
    expect(
      orderChangesOfEvent(event({ changes: [{ order_id: 'o2', details: details('o2') }] }), 's1'),
    ).toBeNull();
    expect(
      orderChangesOfEvent(event({ changes: [{ order_id: 'o1', details: details('o9') }] }), 's1'),
    ).toBeNull();
    expect(orderChangesOfEvent(event({ changes: [{ order_id: 'o1', details: 'x' }] }), 's1')).toBeNull();
    expect(orderChangesOfEvent(event({ changes: 'o1' }), 's1')).toBeNull();
    expect(
      orderChangesOfEvent(event({ station_id: 's2', changes: [{ order_id: 'o1', details: null }] }), 's1'),
    ).toBeNull();
  });
});
