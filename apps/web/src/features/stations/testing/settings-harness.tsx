import { Outlet, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { Station, User } from '@crm/shared';
import type { StationContext } from '../lib/station-context';
import { StationSettingsLayout } from '../pages/station-settings-layout';
import { SettingsIndexPage } from '../pages/settings-index-page';
import { SettingsInfoPage } from '../pages/settings-info-page';
import { SettingsBookingPage } from '../pages/settings-booking-page';
import { SettingsBoxesPage } from '../pages/settings-boxes-page';
import { SettingsPricingPage } from '../pages/settings-pricing-page';
import { SettingsAdminsPage } from '../pages/settings-admins-page';
import { SettingsNotificationsPage } from '../pages/settings-notifications-page';
import { SettingsIntegrationsPage } from '../pages/settings-integrations-page';
import { mockApi, renderRoutes, testStation, testUser } from './render';

/** What the station guard would hand down. */
function GuardStandIn({ context }: { context: StationContext }) {
  return <Outlet context={context} />;
}

/** The settings part of app/router.tsx with the pages loaded eagerly; other helpers' pages stand in. */
function settingsRoutes(context: StationContext): RouteObject[] {
  return [
    { path: '/', element: <p>Главная страница</p> },
    {
      path: '/station/:stationId',
      element: <GuardStandIn context={context} />,
      children: [
        { index: true, element: <p>Календарь станции</p> },
        {
          path: 'settings',
          element: <StationSettingsLayout />,
          children: [
            { index: true, element: <SettingsIndexPage /> },
            { path: 'info', element: <SettingsInfoPage /> },
            { path: 'booking', element: <SettingsBookingPage /> },
            { path: 'schedule', element: <p>Редактор графика</p> },
            { path: 'boxes', element: <SettingsBoxesPage /> },
            { path: 'pricing', element: <SettingsPricingPage /> },
            { path: 'legalInfo', element: <p>Юридические данные станции</p> },
            { path: 'admins', element: <SettingsAdminsPage /> },
            { path: 'notifications', element: <SettingsNotificationsPage /> },
            { path: 'integrations', element: <SettingsIntegrationsPage /> },
            { path: '*', element: <SettingsIndexPage /> },
          ],
        },
      ],
    },
  ];
}

interface SettingsSetup {
  user?: User;
  station?: Station;
  /** More API answers, `METHOD /api/path`; they override the defaults. */
  api?: Record<string, (body: unknown) => unknown>;
  canManage?: boolean;
  external?: boolean;
}

/** Opens `path` under a station the way the app does, with the API answered by `api`. */
export function renderSettings(path: string, setup: SettingsSetup = {}) {
  const user = setup.user ?? testUser();
  const station = setup.station ?? testStation();
  const api = mockApi({
    'GET /api/user/u1': () => ({ user, redirect_to: null }),
    'GET /api/station/s1': () => ({ station }),
    'GET /api/auth/config': () => ({
      provider: 'local',
      demo: true,
      telegramBotName: 'bot',
      supportUrl: 'x',
      mapTileUrl: 'x',
    }),
    'GET /api/station/strategy/s1': () => ({ booking: true, payment: false, robot: false }),
    'GET /api/station/invitations/s1': () => ({ invitations: [] }),
    ...setup.api,
  });
  vi.stubGlobal('fetch', api.fetchMock);
  const context: StationContext = {
    station,
    external: setup.external ?? false,
    canManage: setup.canManage ?? true,
  };
  return { ...renderRoutes(settingsRoutes(context), path), calls: api.calls };
}

export { setViewport } from '../../../test/render';
