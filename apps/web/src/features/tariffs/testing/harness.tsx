import { Outlet, type InitialEntry, type RouteObject } from 'react-router';
import {
  carClasses,
  washServiceName,
  type CarClass,
  type FixedTariff,
  type PaymentSettings,
  type PriceChange,
  type Station,
  type StationStrategy,
  type TariffConfig,
  type TariffKind,
  type User,
} from '@crm/shared';
import { createQueryClient } from '../../../lib/query-client';
import { currentUserQuery } from '../../users/api/current-user';
import { setSessionUser } from '../../../lib/session';
import { testStation } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import type { StationContext } from '../../stations/lib/station-context';
import type { TariffListItem } from '../api/tariff-list';
import { TariffDetailPage } from '../pages/tariff-detail-page';
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
  /** `GET /station/strategy/{id}`; booking only by default. */
  strategy?: StationStrategy | Answer;
  fixed?: FixedTariff[] | Answer;
  payment?: PaymentSettings | Answer;
  /** Per tariff id: its price history. */
  history?: Record<string, PriceChange[]> | Answer;
  /** The caller's stations (`POST /station/list`), for the price import. */
  stations?: Station[];
  /** `POST /station/tariff/{id}/import` answers this many imported tariffs. */
  imported?: number;
  /** Per write path (after `/api`, without the station id), an error answer instead of success. */
  writeErrors?: Record<string, Answer>;
}

/** A write the page sent: method, path and parsed JSON body. */
export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

const isAnswer = (value: unknown): value is Answer =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'status' in value;

/**
 * Serves the tariff lists and configs of `station` from `api` (mutable: a test may change it mid-way),
 * and the writes of the tariff editing: each is recorded in `calls.requests` and changes `api` as the
 * server would (a status switch, a saved list), so the refetch after it shows the new state.
 */
export function serveTariffs(api: TariffsApi) {
  const calls: string[] & { requests: SentRequest[] } = Object.assign([] as string[], {
    requests: [] as SentRequest[],
  });
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const failure = (status: number, body?: unknown) =>
    json(status, body ?? { error: { code: 'INTERNAL', message: 'Сбой' } });
  const defs = (kind: TariffKind) => {
    const answer = api[kind] ?? [];
    return Array.isArray(answer) ? answer : null;
  };
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    calls.push(path);
    if (path === '/api/auth/config') {
      return json(200, { provider: 'local', demo: true, telegramBotName: 'bot', supportUrl, mapTileUrl: '' });
    }
    if (path === '/api/error') return json(200, {});
    if (method === 'POST') {
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      if (path === '/api/station/list') return json(200, { stations: api.stations ?? [station] });
      calls.requests.push({ method, path, body });
      const write = path.replace(`/${station.id}`, '').replace(/^\/api/, '');
      const error = Object.entries(api.writeErrors ?? {}).find(([prefix]) => write.startsWith(prefix))?.[1];
      if (error) return failure(error.status, error.body);
      return writeAnswer(api, path, body, json);
    }
    if (path === `/api/station/strategy/${station.id}`) {
      const answer = api.strategy ?? { booking: true, payment: false, robot: false };
      return isAnswer(answer) ? failure(answer.status) : json(200, answer);
    }
    if (path === `/api/station/fixed-tariffs/${station.id}`) {
      const answer = api.fixed ?? [];
      return isAnswer(answer) ? failure(answer.status) : json(200, { fixed_tariffs: answer });
    }
    if (path === `/api/station/payment-settings/${station.id}`) {
      const answer = api.payment ?? { min: 100, step: 50, max: 10000 };
      return isAnswer(answer) ? failure(answer.status) : json(200, answer);
    }
    const history = /^\/api\/tariff_history\/[^/]+\/([^/]+)$/.exec(path);
    if (history) {
      const answer = api.history ?? {};
      if (isAnswer(answer)) return failure(answer.status);
      return json(200, { changes: (answer as Record<string, PriceChange[]>)[history[1]!] ?? [] });
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

/** What the server answers a successful write, applying it to `api` first. */
function writeAnswer(
  api: TariffsApi,
  path: string,
  body: unknown,
  json: (s: number, b: unknown) => Response,
) {
  const replaceDef = (kind: TariffKind, id: string, change: (def: TariffDef) => TariffDef) => {
    const list = api[kind];
    if (!Array.isArray(list)) return null;
    const index = list.findIndex((d) => d.id === id);
    if (index < 0) return null;
    list[index] = change(list[index]!);
    return list[index];
  };
  const ownTariff = /^\/api\/own_tariffs\/update_tariff\/[^/]+\/([^/]+)$/.exec(path);
  if (ownTariff) {
    const update = body as { tariff_status: boolean; name: string; main_option: string[] };
    const def = replaceDef('own', ownTariff[1]!, (d) => ({
      ...d,
      active: update.tariff_status,
      name: update.name,
      include: update.main_option,
    }));
    return def ? json(200, makeConfig(def)) : json(404, { error: { code: 'NOT_FOUND', message: 'нет' } });
  }
  const ownPrices = /^\/api\/own_tariffs\/price_update\/update_includes\/[^/]+\/([^/]+)$/.exec(path);
  if (ownPrices) {
    const def = defsOf(api, 'own').find((d) => d.id === ownPrices[1]);
    return def ? json(200, makeConfig(def)) : json(404, { error: { code: 'NOT_FOUND', message: 'нет' } });
  }
  if (path === `/api/station/tariff/${station.id}`) {
    const update = body as { tariff_id: string; update_tariff: { active: boolean } };
    const def = replaceDef('yandex', update.tariff_id, (d) => ({
      ...d,
      active: update.update_tariff.active,
    }));
    return def ? json(200, makeConfig(def)) : json(404, { error: { code: 'NOT_FOUND', message: 'нет' } });
  }
  if (path === `/api/station/tariff/${station.id}/import`) return json(200, { imported: api.imported ?? 2 });
  const deleted = /^\/api\/own_tariffs\/delete_tariff\/([^/]+)$/.exec(path);
  if (deleted) {
    if (Array.isArray(api.own)) api.own = api.own.filter((d) => d.id !== deleted[1]);
    return json(200, { ok: true });
  }
  if (path === `/api/station/fixed-tariffs/${station.id}`) {
    const list = (body as { fixed_tariffs: FixedTariff[] }).fixed_tariffs;
    // The server gives new rows their ids.
    api.fixed = list.map((row, i) => (row.id.startsWith('new-') ? { ...row, id: `fixed-saved-${i}` } : row));
    return json(200, { fixed_tariffs: api.fixed });
  }
  if (path === `/api/station/payment-settings/${station.id}`) {
    api.payment = body as PaymentSettings;
    return json(200, body);
  }
  return json(404, { error: { code: 'NOT_FOUND', message: 'нет' } });
}

const defsOf = (api: TariffsApi, kind: TariffKind) => {
  const answer = api[kind] ?? [];
  return Array.isArray(answer) ? answer : [];
};

/**
 * The tariffs pages under a stand-in for the station guard, opened at `path` with router `state`;
 * `canManage` false is an administrator or a worker.
 */
export function showTariffs(
  path: string,
  state?: unknown,
  stationOver: Partial<Station> = {},
  canManage = true,
  signedIn?: User,
) {
  // The station list (the price import's sources) is read for the signed-in user.
  setSessionUser('u-owner');
  // In the app the pages render only once the user has loaded (AppLayout); `signedIn` gives them that user.
  const client = createQueryClient();
  if (signedIn) {
    client.setQueryData(currentUserQuery('u-owner').queryKey, {
      user: { ...signedIn, id: 'u-owner' },
      redirect_to: null,
    });
  }
  const context: StationContext = {
    station: { ...station, ...stationOver },
    external: false,
    canManage,
  };
  const url = new URL(path, 'http://localhost');
  return showAtStation(
    context,
    [
      { path: 'tariffs', element: <TariffsPage /> },
      { path: 'tariffs/new', element: <p>Страница нового тарифа</p> },
      { path: 'tariffs/addition_service', element: <p>Свои дополнительные услуги</p> },
      { path: 'tariffs/yandex_addition_service', element: <p>Яндекс дополнительные услуги</p> },
      { path: 'tariffs/:tariffId', element: <TariffDetailPage /> },
    ],
    { pathname: url.pathname, search: url.search, state },
    client,
  );
}

/** `pages` under `/station/:stationId` with a stand-in for the station guard, opened at `entry`. */
export function showAtStation(
  context: StationContext,
  pages: RouteObject[],
  entry: InitialEntry,
  client = createQueryClient(),
) {
  // renderRoutes takes the tariff queries' retry waits away.
  const result = renderRoutes(
    [{ path: '/station/:stationId', element: <Outlet context={context} />, children: pages }],
    entry,
    client,
  );
  return { ...result, client };
}

export const tabOf = (router: ReturnType<typeof showTariffs>['router']) =>
  new URLSearchParams(router.state.location.search).get('tab');
