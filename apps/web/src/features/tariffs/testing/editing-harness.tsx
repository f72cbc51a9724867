import type { ReactElement } from 'react';
import { carCategories } from '@crm/shared';
import { createQueryClient } from '../../../lib/query-client';
import type { StationContext } from '../../stations/lib/station-context';
import { AdditionalServicesPage } from '../pages/additional-services-page';
import { NewTariffPage } from '../pages/new-tariff-page';
import { showAtStation, station } from './harness';

// The editing pages of the tariffs issue (new tariff, additional services) under a stand-in for the
// station guard, with a fetch stand-in that answers by `METHOD /api/path` and records every call.

export interface Call {
  key: string;
  body: unknown;
}

type Handler = (body: unknown) => unknown;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
export const apiError = (status: number, message: string, fields?: Record<string, string>) =>
  json(status, { error: { code: status === 400 ? 'VALIDATION_FAILED' : 'INTERNAL', message, fields } });

/** Answers `routes` (a Response as is, anything else as JSON 200); anything else is a 404. */
export function serve(routes: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ key, body });
    if (key === 'POST /api/error') return json(200, {});
    const handler = routes[key];
    if (!handler) return apiError(404, 'Не найдено');
    const result = handler(body);
    return result instanceof Response ? result : json(200, result);
  }) as typeof fetch;
  return calls;
}

/** What `GET /own_tariffs/update_tariff/{id}` answers: six categories in shuffled order, four services. */
export const initAnswer = {
  tariff_id: null,
  base_services: [
    { id: 'body_wash', name_ru: 'Мойка кузова' },
    { id: 'active_foam', name_ru: 'Активная пена' },
    { id: 'vacuum', name_ru: 'Пылесос салона' },
    { id: 'wax', name_ru: 'Горячий воск' },
  ],
  car_category: [...carCategories]
    .reverse()
    .map(({ Name, ru_name, ru_name_full }) => ({ Name, ru_name, ru_name_full })),
};

interface ShowOptions {
  canManage?: boolean;
  state?: unknown;
}

function show(element: ReactElement, path: string, routePath: string, options: ShowOptions = {}) {
  const context: StationContext = { station, external: false, canManage: options.canManage ?? true };
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  client.setQueryDefaults(['tariffs'], { retry: false });
  return showAtStation(
    context,
    [
      { path: 'tariffs', element: <h1>Список тарифов</h1> },
      { path: routePath, element },
      { path: 'tariffs/addition_service', element: <h1>Доп. услуги</h1> },
    ],
    { pathname: path, state: options.state },
    client,
  );
}

export const showNewTariff = (options?: ShowOptions) =>
  show(<NewTariffPage />, `/station/${station.id}/tariffs/new`, 'tariffs/new', options);

export const showAdditionalServices = (kind: 'own' | 'yandex', options?: ShowOptions) => {
  const segment = kind === 'own' ? 'addition_service' : 'yandex_addition_service';
  return show(
    <AdditionalServicesPage />,
    `/station/${station.id}/tariffs/${segment}`,
    `tariffs/${segment}`,
    options,
  );
};
