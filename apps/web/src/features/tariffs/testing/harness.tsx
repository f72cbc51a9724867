import { StrictMode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import {
  carClasses,
  washServiceName,
  type CarClass,
  type Station,
  type TariffConfig,
  type TariffKind,
} from '@crm/shared';
import { ThemeProvider } from '../../../app/theme';
import { createQueryClient } from '../../../lib/query-client';
import { testStation } from '../../../test/fixtures';
import type { StationContext } from '../../stations/lib/station-context';
import type { TariffListItem } from '../api/tariff-list';
import { TariffsPage } from '../pages/tariffs-page';

export const station: Station = testStation();
export const supportUrl = 'https://t.me/wash_help';

type PerClass = Partial<Record<CarClass, number>>;

/** Six values in `carClasses` order; undefined leaves the class out (no price). */
const perClass = (values: (number | undefined)[]): PerClass =>
  Object.fromEntries(
    carClasses.flatMap((c, i) => (values[i] === undefined ? [] : [[c, values[i]]])),
  ) as PerClass;

export interface TariffDef {
  id: string;
  name: string;
  active?: boolean;
  description?: string;
  include?: string[];
  extras?: Record<string, (number | undefined)[]>;
  prices: (number | undefined)[];
  durations: (number | undefined)[];
}

/** A tariff config as `GET …/price_get/{s}/{t}` or `GET /station/tariff/{s}/{t}` answers it. */
export function makeConfig(def: TariffDef): TariffConfig {
  const prices = perClass(def.prices);
  const extras = def.extras ?? {};
  const priceComponent: TariffConfig['price']['priceElements'][number]['priceComponent'] = {};
  for (const carClass of carClasses) {
    const price = prices[carClass];
    if (price === undefined) continue;
    const additionalServiceAmounts: Record<string, { price: number; active: boolean }> = {};
    for (const [key, values] of Object.entries(extras)) {
      const value = values[carClasses.indexOf(carClass)];
      additionalServiceAmounts[key] = { price: value ?? 0, active: value !== undefined };
    }
    priceComponent[carClass] = { includeServiceAmount: price, additionalServiceAmounts };
  }
  const include = def.include ?? [];
  return {
    price: {
      id: def.id,
      name: def.name,
      description: def.description ?? '',
      active: def.active ?? true,
      durationMinutes: perClass(def.durations),
      priceElements: [{ clientGroup: 'Individual', priceComponent }],
      includeService: include,
      additionService: Object.keys(extras),
    },
    cars: {},
    ru_services_names: Object.fromEntries(
      [...include, ...Object.keys(extras)].map((key) => [key, washServiceName(key)]),
    ),
  };
}

export const express: TariffDef = {
  id: 't-express',
  name: 'Экспресс',
  description: 'Бесконтактная мойка кузова с активной пеной и сушкой',
  include: ['active_foam', 'body_wash', 'drying'],
  extras: { wax: [300, 350, 400, 500, 600, 700], engine: [600, 700, 800, 900, 1000, undefined] },
  prices: [500, 600, 700, 850, 1000, undefined],
  durations: [20, 25, 30, 35, 40, undefined],
};
export const complex: TariffDef = {
  id: 't-complex',
  name: 'Комплекс',
  description: 'Мойка кузова, дисков и порогов, уборка салона',
  include: ['body_wash', 'vacuum'],
  prices: [1200, 1400, 1600, 1900, 2300, 2800],
  durations: [45, 50, 60, 70, 80, 90],
};

type Answer = { status: number; body?: unknown };

export interface TariffsApi {
  own?: TariffDef[] | Answer;
  yandex?: TariffDef[] | Answer;
  /** Per tariff id: an error answer instead of its config. */
  configErrors?: Record<string, number>;
}

/** Serves the tariff lists and configs of `station` from `api` (mutable: a test may change it mid-way). */
export function serveTariffs(api: TariffsApi) {
  const calls: string[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const failure = (status: number) => json(status, { error: { code: 'INTERNAL', message: 'Сбой' } });
  const defs = (kind: TariffKind) => {
    const answer = api[kind] ?? [];
    return Array.isArray(answer) ? answer : null;
  };
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    calls.push(path);
    if (path === '/api/auth/config') {
      return json(200, { provider: 'local', demo: true, telegramBotName: 'bot', supportUrl, mapTileUrl: '' });
    }
    const list = /^\/api\/(?:own_tariffs\/list|station\/tariff)\/([^/]+)$/.exec(path);
    if (list) {
      const kind: TariffKind = path.startsWith('/api/own_tariffs') ? 'own' : 'yandex';
      const answer = api[kind];
      if (answer && !Array.isArray(answer)) return failure(answer.status);
      const items: TariffListItem[] = (defs(kind) ?? []).map((d) => ({
        id: d.id,
        name: d.name,
        active: d.active ?? true,
      }));
      return json(200, kind === 'own' ? { prices_list: items } : { yatariff: items });
    }
    const one = /^\/api\/(?:own_tariffs\/price_get|station\/tariff)\/[^/]+\/([^/]+)$/.exec(path);
    if (one) {
      const kind: TariffKind = path.startsWith('/api/own_tariffs') ? 'own' : 'yandex';
      const id = decodeURIComponent(one[1]!);
      if (api.configErrors?.[id]) return failure(api.configErrors[id]);
      const def = defs(kind)?.find((d) => d.id === id);
      return def ? json(200, makeConfig(def)) : failure(404);
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'нет' } });
  }) as typeof fetch;
  return calls;
}

/** The tariffs page under a stand-in for the station guard, opened at `path` with router `state`. */
export function showTariffs(path: string, state?: unknown, stationOver: Partial<Station> = {}) {
  const context: StationContext = {
    station: { ...station, ...stationOver },
    external: false,
    canManage: true,
  };
  const url = new URL(path, 'http://localhost');
  const router = createMemoryRouter(
    [
      {
        path: '/station/:stationId',
        element: <Outlet context={context} />,
        children: [{ path: 'tariffs', element: <TariffsPage /> }],
      },
    ],
    { initialEntries: [{ pathname: url.pathname, search: url.search, state }] },
  );
  const client = createQueryClient();
  const result = render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <ThemeProvider>
          <RouterProvider router={router} />
        </ThemeProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  return { ...result, router, client };
}

export const tabOf = (router: ReturnType<typeof showTariffs>['router']) =>
  new URLSearchParams(router.state.location.search).get('tab');
