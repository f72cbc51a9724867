import { describe, expect, it } from 'vitest';
import { orderIdsOfEvent } from './order-patch';

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
