import { describe, expect, it } from 'vitest';
import {
  canTransition,
  cancelledStatuses,
  finalStatuses,
  isEarlyStep,
  isFinalStatus,
  isOwnSource,
  nextStatus,
  orderStatuses,
  type OrderStatus,
} from './order-status';

describe('order status machine (S1 §4)', () => {
  it('steps forward one status at a time: Accepted → Booked → Processing → Completed', () => {
    expect(nextStatus('Accepted')).toBe('Booked');
    expect(nextStatus('Booked')).toBe('Processing');
    expect(nextStatus('Processing')).toBe('Completed');
    for (const status of finalStatuses) expect(nextStatus(status)).toBeNull();
  });

  it('allows exactly the next step, never a skipped or backward one', () => {
    const forward: [OrderStatus, OrderStatus][] = [
      ['Accepted', 'Booked'],
      ['Booked', 'Processing'],
      ['Processing', 'Completed'],
    ];
    for (const from of orderStatuses) {
      for (const to of orderStatuses.filter((s) => !cancelledStatuses.includes(s))) {
        const allowed = forward.some(([f, t]) => f === from && t === to);
        expect(canTransition(from, to), `${from} → ${to}`).toBe(allowed);
      }
    }
  });

  it('cancels from every non-final status into any cancelled one', () => {
    for (const from of ['Accepted', 'Booked', 'Processing'] as const) {
      for (const to of cancelledStatuses) expect(canTransition(from, to), `${from} → ${to}`).toBe(true);
    }
  });

  it('keeps Completed and the cancelled statuses final', () => {
    expect(finalStatuses).toEqual(['Completed', 'Canceled', 'StationCanceled', 'UserCanceled']);
    for (const from of finalStatuses) {
      expect(isFinalStatus(from)).toBe(true);
      for (const to of orderStatuses) expect(canTransition(from, to), `${from} → ${to}`).toBe(false);
    }
    for (const from of ['Accepted', 'Booked', 'Processing'] as const) expect(isFinalStatus(from)).toBe(false);
  });
});

describe('isEarlyStep (S1 §4 «Ранний старт» / «Раннее завершение»)', () => {
  const order = { booking_start: '2031-03-10T10:00:00.000Z', booking_end: '2031-03-10T10:30:00.000Z' };
  const at = (iso: string) => new Date(iso);

  it('calls a start early only more than 10 minutes before booking_start', () => {
    expect(isEarlyStep('Processing', order, at('2031-03-10T09:49:59.000Z'))).toBe(true);
    expect(isEarlyStep('Processing', order, at('2031-03-10T09:50:00.000Z'))).toBe(false);
    expect(isEarlyStep('Processing', order, at('2031-03-10T10:20:00.000Z'))).toBe(false);
  });

  it('calls a completion early any time before booking_end', () => {
    expect(isEarlyStep('Completed', order, at('2031-03-10T10:29:59.000Z'))).toBe(true);
    expect(isEarlyStep('Completed', order, at('2031-03-10T10:30:00.000Z'))).toBe(false);
  });

  it('never calls accepting early', () => {
    expect(isEarlyStep('Booked', order, at('2020-01-01T00:00:00.000Z'))).toBe(false);
  });
});

describe('isOwnSource', () => {
  it('matches own sources case-insensitively and nothing else', () => {
    for (const source of ['Own', 'own', 'OWN', 'own_station']) expect(isOwnSource(source)).toBe(true);
    for (const source of ['Yandex', 'Benzuber', '']) expect(isOwnSource(source)).toBe(false);
  });
});
