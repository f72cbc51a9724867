/** @jsxImportSource preact */
import { render } from 'preact';
import { vi } from 'vitest';
import type {
  CarCollectionResponse,
  PublicAvailability,
  PublicBooking,
  PublicStationCard,
} from '@crm/shared';
import { resetEachFile } from '../../../test/file-reset';
import { BookApp } from './book-app';
import { resetHandOffForTests } from './booking-handoff';

resetEachFile(resetHandOffForTests);

// Test helpers of the public booking page: fixtures as the contract shapes them, a fetch stand-in that
// answers by method and path, and the page mounted as its entry mounts it (Preact into a container).

export const TARIFF_EXPRESS = '11111111-1111-4111-8111-111111111111';
export const TARIFF_COMPLEX = '22222222-2222-4222-8222-222222222222';
export const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDE';

export function makeCard(overrides: Partial<PublicStationCard> = {}): PublicStationCard {
  return {
    code: 'lenina24',
    name: 'Мойка на Ленина',
    address: 'Москва, ул. Ленина, 24',
    map_url: 'https://yandex.ru/maps/?pt=37.6,55.7',
    phone: '+74951234567',
    time_zone: 'Europe/Moscow',
    today: '2026-11-28',
    hours_today: { open: '08:00', close: '22:00' },
    enabled: true,
    days_ahead: 7,
    min_notice_minutes: 60,
    cancel_cutoff_minutes: 60,
    operator: { name: 'ООО «Чистая машина»', inn: '7707083893', address: 'Москва, ул. Ленина, 24' },
    tariffs: [
      {
        id: TARIFF_EXPRESS,
        name: 'Экспресс',
        description: 'Кузов и коврики',
        prices: {
          Compact: { price: 600, duration_minutes: 30 },
          MiddleSize: { price: 700, duration_minutes: 30 },
          Crossover: { price: 800, duration_minutes: 40 },
        },
        services: [
          {
            key: 'wax',
            name: 'Горячий воск',
            prices: {
              Compact: { price: 300, duration_minutes: 10 },
              MiddleSize: { price: 350, duration_minutes: 10 },
            },
          },
        ],
      },
      {
        id: TARIFF_COMPLEX,
        name: 'Комплекс',
        description: 'Кузов и салон',
        prices: {
          Compact: { price: 1200, duration_minutes: 60 },
          MiddleSize: { price: 1400, duration_minutes: 60 },
          Crossover: { price: 1600, duration_minutes: 70 },
        },
        services: [],
      },
    ],
    ...overrides,
  };
}

export const collection: CarCollectionResponse = {
  popular: ['Kia', 'Toyota'],
  collection: {
    Kia: [
      {
        id: 'kia-rio',
        model: 'Rio',
        ru_body_name: 'Седан',
        class: 'Compact',
        kuzov: 'sedan',
        category: 'Compact',
        category_ru: '2 категория',
      },
    ],
    Toyota: [
      {
        id: 'toyota-camry',
        model: 'Camry',
        ru_body_name: 'Седан',
        class: 'MiddleSize',
        kuzov: 'sedan',
        category: 'MiddleSize',
        category_ru: '3 категория',
      },
      {
        id: 'toyota-rav4',
        model: 'RAV4',
        ru_body_name: 'Кроссовер',
        class: 'Crossover',
        kuzov: 'crossover',
        category: 'Crossover',
        category_ru: '4 категория',
      },
    ],
  },
};

/** 10:00 and 11:30 on the station's clock (Moscow, UTC+3) of `date`. */
export function availability(date: string, times = ['07:00', '08:30'], price = 700): PublicAvailability {
  return {
    date,
    time_zone: 'Europe/Moscow',
    price,
    duration_minutes: 30,
    start_times: times.map((t) => `${date}T${t}:00.000Z`),
  };
}

export function makeBooking(overrides: Partial<PublicBooking> = {}): PublicBooking {
  return {
    state: 'waiting',
    order_number: 1042,
    station: {
      code: 'lenina24',
      name: 'Мойка на Ленина',
      address: 'Москва, ул. Ленина, 24',
      map_url: 'https://yandex.ru/maps/?pt=37.6,55.7',
      phone: '+74951234567',
      time_zone: 'Europe/Moscow',
    },
    booking_start: '2026-11-29T07:00:00.000Z',
    booking_end: '2026-11-29T07:30:00.000Z',
    tariff_id: TARIFF_EXPRESS,
    tariff_name: 'Экспресс',
    services: [{ key: 'wax', name: 'Горячий воск', price: 350 }],
    price: 1050,
    car: { brand: 'Toyota', model: 'Camry', category: 'MiddleSize' },
    name: 'Иван',
    phone: '+79165551234',
    change_deadline: '2026-11-29T06:00:00.000Z',
    can_change: true,
    data_removal_requested: false,
    ...overrides,
  };
}

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}
type Answer = { status?: number; body?: unknown } | 'network';
type Handler = (call: Call) => Answer | undefined;

/** Replaces fetch: each call goes to `handler` (method, path, query, parsed body) and is kept in `calls`. */
export function stubFetch(handler: Handler) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const answer = handler(call);
    if (answer === 'network') throw new TypeError('Failed to fetch');
    if (!answer)
      return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'нет' } }), { status: 404 });
    return new Response(JSON.stringify(answer.body ?? null), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, fetch };
}

/** The public page at `path`, mounted as book.tsx mounts it; returns its unmount. */
export function mountBook(path: string) {
  window.history.replaceState(null, '', path);
  const container = document.createElement('div');
  document.body.append(container);
  render(<BookApp />, container);
  return () => {
    render(null, container);
    container.remove();
  };
}
