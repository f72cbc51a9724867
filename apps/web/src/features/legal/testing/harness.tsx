import { Outlet } from 'react-router';
import { emptyLegalInfo, type LegalInfo, type Station } from '@crm/shared';
import { testStation } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import type { StationContext } from '../../stations/lib/station-context';
import { LegalInfoPage } from '../pages/legal-info-page';

export const station: Station = testStation();

/** ПАО Сбербанк as the registry knows it: every number passes its control digits. */
export const sberbank: LegalInfo = {
  ...emptyLegalInfo('LEGAL', '7707083893'),
  nameOrg: 'ПАО Сбербанк',
  fullNameOrg: 'Публичное акционерное общество «Сбербанк России»',
  addressOrg: 'г. Москва, ул. Вавилова, д. 19',
  fias: '3f0d1b46-1c4f-4a3f-9d0f-8b3a0c7a3f11',
  kpp: '773601001',
  ogrn: '1027700132195',
  okpo: '00032537',
};

export const sberbankAccount: LegalInfo['bankAccount'] = {
  bik: '044525225',
  bank: 'ПАО Сбербанк',
  addressBank: 'г. Москва, ул. Вавилова, д. 19',
  account: '40702810938000000001',
  corrAccount: '30101810400000000225',
};

type Answer = { status: number; body?: unknown };

export interface LegalApi {
  /** `GET …/get_by_station_id`: the saved details, or an error answer. */
  saved?: { legal_info: LegalInfo | null; updated_at: string | null } | Answer;
  /** `POST …/get_legal_data`: per INN the registry's answer; others are not found. */
  registry?: Record<string, LegalInfo>;
  lookupError?: Answer;
  /** `POST …/get_bank_data`: per БИК the directory's bank; others are not found. */
  banks?: Record<string, Omit<LegalInfo['bankAccount'], 'account'>>;
  saveError?: Answer;
}

export interface SentRequest {
  path: string;
  body: unknown;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const failure = ({ status, body }: Answer) =>
  json(status, body ?? { error: { code: 'INTERNAL', message: 'Сбой' } });
const isAnswer = (value: unknown): value is Answer =>
  typeof value === 'object' && value !== null && 'status' in value;

/** Serves the three legal calls from `api` as the server would, recording every POST. */
export function serveLegal(api: LegalApi = {}) {
  const requests: SentRequest[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/error') return json(200, {});
    if (init?.method !== 'POST') {
      if (path !== `/api/legal/get_by_station_id/${station.id}`) return failure({ status: 404 });
      const saved = api.saved ?? { legal_info: null, updated_at: null };
      return isAnswer(saved) ? failure(saved) : json(200, saved);
    }
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    requests.push({ path, body });
    if (path === '/api/legal/get_legal_data') {
      if (api.lookupError) return failure(api.lookupError);
      const inn = String(body.inn);
      const found = api.registry?.[inn];
      return json(200, {
        found: !!found,
        legal_info: found ?? emptyLegalInfo(inn.length === 12 ? 'INDIVIDUAL' : 'LEGAL', inn),
      });
    }
    if (path === '/api/legal/get_bank_data') {
      const bank = api.banks?.[String(body.bik)] ?? null;
      return json(200, { found: !!bank, bank });
    }
    if (path === '/api/legal/save_legal_data') {
      if (api.saveError) return failure(api.saveError);
      const saved = { legal_info: body.legal_info as LegalInfo, updated_at: '2026-11-25T09:30:00.000Z' };
      api.saved = saved;
      return json(200, saved);
    }
    return failure({ status: 404 });
  }) as typeof fetch;
  return requests;
}

/** The page under a stand-in for the station guard; `canManage` false is an administrator or a worker. */
export function showLegalPage(canManage = true) {
  const context: StationContext = { station, external: false, canManage };
  return renderRoutes(
    [
      {
        path: '/station/:stationId',
        element: <Outlet context={context} />,
        children: [
          { path: 'settings/legalInfo', element: <LegalInfoPage /> },
          { path: 'orders', element: <p>Заказы</p> },
        ],
      },
    ],
    `/station/${station.id}/settings/legalInfo`,
  );
}
