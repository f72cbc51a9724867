import { useCallback, useState } from 'react';
import { orderStatuses, orderTypes, type OrderStatus, type OrderType } from '@crm/shared';
import type { CalendarEvent } from './calendar-events';

export interface CalendarFilters {
  statuses: OrderStatus[];
  types: OrderType[];
}

/**
 * Everything shows by default: all seven statuses and all three types. S1 §2 left self-bookings out;
 * DESIGN §10 shows every live order of the day, self-bookings included — a booking nobody sees is a box
 * booked twice.
 */
export const defaultFilters: CalendarFilters = {
  statuses: [...orderStatuses],
  types: [...orderTypes],
};

/** Version 2: the defaults include self-bookings. */
export const FILTERS_KEY = 'crm.calendarFilters.v2';
/** Version 1, saved while self-bookings were hidden by default. */
export const LEGACY_FILTERS_KEY = 'crm.calendarFilters';

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

/**
 * A version-1 choice: self-bookings were off there by default, so their being off says nothing about the
 * operator's wish — they come back on; every other choice is kept.
 */
export function migrateLegacyFilters(raw: string | null): CalendarFilters {
  const legacy = readFilters(raw);
  return { ...legacy, types: orderTypes.filter((t) => t === 'SelfService' || legacy.types.includes(t)) };
}

/** The saved choice: version 2, else a migrated version 1, else the defaults. */
export function loadFilters(storage: Pick<Storage, 'getItem'>): CalendarFilters {
  const current = storage.getItem(FILTERS_KEY);
  if (current !== null) return readFilters(current);
  const legacy = storage.getItem(LEGACY_FILTERS_KEY);
  return legacy === null ? defaultFilters : migrateLegacyFilters(legacy);
}

/** How many options differ from the defaults: the number on the filter button. */
export function changedFilterCount(filters: CalendarFilters): number {
  const diff = <T>(a: readonly T[], b: readonly T[]) =>
    a.filter((x) => !b.includes(x)).length + b.filter((x) => !a.includes(x)).length;
  return diff(filters.statuses, defaultFilters.statuses) + diff(filters.types, defaultFilters.types);
}

export function isDefaultFilters(filters: CalendarFilters): boolean {
  return changedFilterCount(filters) === 0;
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
      return loadFilters(localStorage);
    } catch {
      return defaultFilters;
    }
  });
  const update = useCallback((next: CalendarFilters) => {
    setFilters(next);
    try {
      localStorage.setItem(FILTERS_KEY, JSON.stringify(next));
      // The old key would otherwise be migrated again should the new one be cleared.
      localStorage.removeItem(LEGACY_FILTERS_KEY);
    } catch {
      // Private mode or a full quota: the choice still applies for this visit.
    }
  }, []);
  return [filters, update];
}
