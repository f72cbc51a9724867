import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { CarClass } from '@crm/shared';
import { PublicApiError, publicApi } from './public-api';
import { bookTexts } from './book-texts';

/** How many days ahead the page looks for the first day with free times before it gives up. */
export const FIRST_FREE_DAY_SCAN = 14;

export interface FreeTimesQuery {
  code: string;
  tariffId: string | null;
  category: CarClass | undefined;
  services: readonly string[];
  /** The strip's days, first is today on the station's clock. */
  days: readonly string[];
  /** The owner's preview: the times as if the page were on. */
  preview?: boolean;
}

export interface FreeTimes {
  /** The selected day; null until a tariff and a category are known. */
  date: string | null;
  times: string[] | null;
  price: number | null;
  loading: boolean;
  error: string | null;
  /** Days found to have no free time (the strip says so in words). */
  emptyDays: ReadonlySet<string>;
  /** Scanned every day the page looks at and found nothing. */
  noneAhead: boolean;
  pickDay: (date: string) => void;
  /** Reads the selected day's times again (after «Это время уже заняли»). */
  refresh: () => Promise<void>;
}

/**
 * The free start times for the chosen tariff, category and services. Until the driver picks a day, the
 * first day that has free times is selected (the returning driver's four taps rely on it).
 */
export function useFreeTimes({
  code,
  tariffId,
  category,
  services,
  days,
  preview = false,
}: FreeTimesQuery): FreeTimes {
  const [date, setDate] = useState<string | null>(null);
  const [picked, setPicked] = useState(false);
  const [times, setTimes] = useState<string[] | null>(null);
  const [price, setPrice] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [emptyDays, setEmptyDays] = useState<ReadonlySet<string>>(new Set());
  const [noneAhead, setNoneAhead] = useState(false);
  const request = useRef(0);
  const servicesKey = services.join(',');
  const daysKey = days.join(',');

  const load = useCallback(
    async (only: string | null) => {
      const id = ++request.current;
      if (!tariffId || !category) {
        setTimes(null);
        setPrice(null);
        setLoading(false);
        return;
      }
      setLoading(true);
      setError(null);
      setNoneAhead(false);
      const query = {
        tariff_id: tariffId,
        car_category: category,
        services: servicesKey ? servicesKey.split(',') : [],
      };
      const candidates = only ? [only] : days.slice(0, FIRST_FREE_DAY_SCAN);
      const empty = new Set<string>();
      try {
        for (const day of candidates) {
          const answer = await publicApi.availability(code, { ...query, date: day }, preview);
          if (id !== request.current) return;
          if (answer.start_times.length > 0 || only) {
            setEmptyDays((before) => {
              const next = new Set(only ? before : empty);
              if (answer.start_times.length === 0) next.add(day);
              else next.delete(day);
              return next;
            });
            setDate(day);
            setTimes(answer.start_times);
            setPrice(answer.price);
            setLoading(false);
            return;
          }
          empty.add(day);
        }
        setEmptyDays(empty);
        setDate(candidates[0] ?? null);
        setTimes([]);
        setNoneAhead(true);
        setLoading(false);
      } catch (cause) {
        if (id !== request.current) return;
        setError(cause instanceof PublicApiError ? cause.message : bookTexts.unexpected);
        setTimes(null);
        setLoading(false);
      }
    },
    // days and services are compared through their keys.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [code, tariffId, category, servicesKey, daysKey, preview],
  );

  useEffect(() => {
    void load(picked ? date : null);
    // A picked day is kept when the tariff or services change; the scan runs only until the driver picks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load]);

  const pickDay = useCallback(
    (day: string) => {
      setPicked(true);
      setDate(day);
      setTimes(null);
      void load(day);
    },
    [load],
  );

  const refresh = useCallback(() => load(date), [load, date]);

  return {
    date,
    times,
    price,
    loading,
    error,
    emptyDays,
    noneAhead,
    pickDay,
    refresh,
  };
}
