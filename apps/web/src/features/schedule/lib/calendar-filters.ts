import { useCallback, useState } from 'react';
import { orderStatuses, orderTypes, type OrderStatus, type OrderType } from '@crm/shared';
import type { CalendarEvent } from './calendar-events';

export interface CalendarFilters {
  statuses: OrderStatus[];
  types: OrderType[];
}

/** S1 §2: all seven statuses; types Booking and BlockerBookingSlot. */
export const defaultFilters: CalendarFilters = {
  statuses: [...orderStatuses],
  types: ['Booking', 'BlockerBookingSlot'],
};

export const FILTERS_KEY = 'crm.calendarFilters';

/** Known values only, in the canonical order; anything unreadable falls back to the defaults. */
export function readFilters(raw: string | null): CalendarFilters {
  if (!raw) return defaultFilters;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof CalendarFilters, unknown>>;
    if (!Array.isArray(value.statuses) || !Array.isArray(value.types)) return defaultFilters;
    const statuses = value.statuses as unknown[];
    const types = value.types as unknown[];
    return {
      statuses: orderStatuses.filter((s) => statuses.includes(s)),
      types: orderTypes.filter((t) => types.includes(t)),
    };
  } catch {
    return defaultFilters;
  }
}

export function isDefaultFilters(filters: CalendarFilters): boolean {
  return (
    filters.statuses.length === defaultFilters.statuses.length &&
    filters.types.length === defaultFilters.types.length &&
    defaultFilters.types.every((t) => filters.types.includes(t))
  );
}

/** How many options differ from the defaults: the number on the filter button. */
export function changedFilterCount(filters: CalendarFilters): number {
  const diff = <T>(a: readonly T[], b: readonly T[]) =>
    a.filter((x) => !b.includes(x)).length + b.filter((x) => !a.includes(x)).length;
  return diff(filters.statuses, defaultFilters.statuses) + diff(filters.types, defaultFilters.types);
}

export function matchesFilters(event: CalendarEvent, filters: CalendarFilters): boolean {
  return filters.types.includes(event.type) && filters.statuses.includes(event.status);
}

export interface FilterCounts {
  statuses: Record<OrderStatus, number>;
  types: Record<OrderType, number>;
}

/** Events per status and per type over everything loaded for the visible days, filtered or not. */
export function countEvents(events: readonly CalendarEvent[]): FilterCounts {
  const statuses = Object.fromEntries(orderStatuses.map((s) => [s, 0])) as Record<OrderStatus, number>;
  const types = Object.fromEntries(orderTypes.map((t) => [t, 0])) as Record<OrderType, number>;
  for (const event of events) {
    statuses[event.status] += 1;
    types[event.type] += 1;
  }
  return { statuses, types };
}

/** The filters, persisted in this browser (S1 §2 «Filters are persisted locally»). */
export function usePersistedFilters(): [CalendarFilters, (next: CalendarFilters) => void] {
  const [filters, setFilters] = useState<CalendarFilters>(() => {
    try {
      return readFilters(localStorage.getItem(FILTERS_KEY));
    } catch {
      return defaultFilters;
    }
  });
  const update = useCallback((next: CalendarFilters) => {
    setFilters(next);
    try {
      localStorage.setItem(FILTERS_KEY, JSON.stringify(next));
    } catch {
      // Private mode or a full quota: the choice still applies for this visit.
    }
  }, []);
  return [filters, update];
}
