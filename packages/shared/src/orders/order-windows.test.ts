import { describe, expect, it } from 'vitest';
import {
  dashboardListLimit,
  isIncomingNewOrder,
  isStartingSoon,
  isUpcoming,
  isValidOrder,
  soonMinutes,
} from './order-windows';
import { orderStatuses } from './order-status';

const now = new Date('2026-11-22T10:00:00Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

describe('constants (S1 §2, §9)', () => {
  it('lists show at most 5 orders; «Скоро начнется» covers 30 minutes', () => {
    expect(dashboardListLimit).toBe(5);
    expect(soonMinutes).toBe(30);
  });
});

describe('isValidOrder (S1 §4)', () => {
  it('excludes the three cancelled statuses and blocked slots', () => {
    const valid = orderStatuses.filter((status) =>
      isValidOrder({ status, order_type: 'Booking', booking_start: at(0) }),
    );
    expect(valid).toEqual(['Accepted', 'Booked', 'Processing', 'Completed']);
    expect(isValidOrder({ status: 'Booked', order_type: 'BlockerBookingSlot', booking_start: at(0) })).toBe(
      false,
    );
    expect(isValidOrder({ status: 'Booked', order_type: 'SelfService', booking_start: at(0) })).toBe(true);
  });
});

describe('isUpcoming (S1 §4: Booked, start after one hour ago)', () => {
  const booked = (minutes: number) => ({
    status: 'Booked' as const,
    order_type: 'Booking',
    booking_start: at(minutes),
  });

  it('keeps Booked orders that started less than an hour ago or start later', () => {
    expect(isUpcoming(booked(-59), now)).toBe(true);
    expect(isUpcoming(booked(0), now)).toBe(true);
    expect(isUpcoming(booked(2 * 24 * 60), now)).toBe(true);
  });

  it('drops those that started an hour ago or earlier', () => {
    expect(isUpcoming(booked(-60), now)).toBe(false);
    expect(isUpcoming(booked(-61), now)).toBe(false);
  });

  it('only Booked, never a blocked slot', () => {
    for (const status of orderStatuses.filter((s) => s !== 'Booked')) {
      expect(isUpcoming({ ...booked(30), status }, now)).toBe(false);
    }
    expect(isUpcoming({ ...booked(30), order_type: 'BlockerBookingSlot' }, now)).toBe(false);
  });
});

describe('isStartingSoon (S1 §2: within 30 minutes)', () => {
  it('marks starts from just after now up to 30 minutes ahead', () => {
    expect(isStartingSoon({ booking_start: at(1) }, now)).toBe(true);
    expect(isStartingSoon({ booking_start: at(30) }, now)).toBe(true);
  });

  it('not already started, nor more than 30 minutes away', () => {
    expect(isStartingSoon({ booking_start: at(0) }, now)).toBe(false);
    expect(isStartingSoon({ booking_start: at(-5) }, now)).toBe(false);
    expect(isStartingSoon({ booking_start: at(31) }, now)).toBe(false);
  });
});

describe('isIncomingNewOrder (S1 §1: the blocking modal)', () => {
  it('partner orders waiting for an answer block work', () => {
    expect(isIncomingNewOrder({ status: 'Accepted', source: 'Yandex', order_type: 'Booking' })).toBe(true);
    expect(isIncomingNewOrder({ status: 'Accepted', source: 'Benzuber', order_type: 'Booking' })).toBe(true);
  });

  it('a client’s own self-booking blocks work too', () => {
    expect(isIncomingNewOrder({ status: 'Accepted', source: 'Own', order_type: 'SelfService' })).toBe(true);
  });

  it('an order the station entered itself does not', () => {
    expect(isIncomingNewOrder({ status: 'Accepted', source: 'Own', order_type: 'Booking' })).toBe(false);
  });

  it('once answered it no longer blocks', () => {
    for (const status of orderStatuses.filter((s) => s !== 'Accepted')) {
      expect(isIncomingNewOrder({ status, source: 'Yandex', order_type: 'Booking' })).toBe(false);
    }
  });
});
