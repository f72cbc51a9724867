import {
  createBrowserRouter,
  matchRoutes,
  type RouteObject,
  type ShouldRevalidateFunction,
} from 'react-router';
// Station routes' loaders start the page's data and return at once: the page never waits for it. The warm-up
// is in the entry, not loaded with the route: by the time a lazy chunk could run it the main thread is busy
// with the layouts' first render, and the calls went out no sooner (measured, issue 15).
import { queryClient } from './providers';
import { warmCalendar, warmStation } from './station-warmup';

// A module several routes render, imported from one place.
const scheduleRedirects = () => import('../features/schedule/pages/schedule-redirect');
const additionalServicesPage = () => import('../features/tariffs/pages/additional-services-page');
const stationPickerPage = () => import('../features/stations/pages/station-picker-page');
const settingsIndexPage = () => import('../features/stations/pages/settings-index-page');
const clientsPage = () => import('../features/clients/pages/clients-page');
const sectionRedirects = () => import('../features/stations/pages/station-section-redirect');
// Role guards (S1 §2), loaded with the guarded pages rather than with the entry.
const guards = () => import('./role-guard');

/**
 * Every page is its own chunk (STACK traps 5–6); every route but the stale-login one sits under the antd
 * layout. The login page itself is not here: it is login.html (features/auth/login). Each entry names the
 * feature file that owns the page. bench/web-size.ts budgets the initial JS of the daily routes.
 */
const SIGNED_IN = 'signed-in';

/**
 * The clients' first page, asked at navigation beside the page's code (issue 40); its small module is
 * fetched on the way, not carried by the entry. Once per arrival: the page asks again as filters change.
 */
const warmClients = ({ request }: { request: Request }) => {
  const search = new URL(request.url).search;
  void import('../features/clients/api/prefetch-client-list')
    .then(({ prefetchClientList }) => prefetchClientList(queryClient, search))
    .catch(() => {});
  return null;
};

/** A station route's loader runs again for another station, not for another date or dialog of the same one. */
const otherStation: ShouldRevalidateFunction = ({ currentParams, nextParams }) =>
  currentParams.stationId !== nextParams.stationId;

const routes: RouteObject[] = [
  {
    lazy: async () => {
      const { RootLayout, RootErrorBoundary } = await import('./root-boundary');
      return { Component: RootLayout, ErrorBoundary: RootErrorBoundary };
    },
    children: [
      {
        // The login page is login.html, not a route of the app: this only meets an outdated service worker.
        path: '/auth/yandex',
        lazy: async () => ({
          Component: (await import('../features/auth/pages/stale-login-page')).StaleLoginPage,
        }),
      },
      {
        // Every other route: antd's theme and App context, loaded with the first of them (antd-layout.tsx).
        lazy: async () => ({ Component: (await import('./antd-layout')).AntdLayout }),
        children: [
          {
            path: '/auth/callback',
            lazy: async () => ({
              Component: (await import('../features/auth/pages/auth-callback-page')).AuthCallbackPage,
            }),
          },
          {
            path: '/registration/callback',
            lazy: async () => ({
              Component: (await import('../features/auth/pages/registration-callback-page'))
                .RegistrationCallbackPage,
            }),
          },
          {
            path: '/logout',
            lazy: async () => ({
              Component: (await import('../features/auth/pages/logout-page')).LogoutPage,
            }),
          },
          {
            path: '/install-app',
            lazy: async () => ({
              Component: (await import('../features/shell/pages/install-app-page')).InstallAppPage,
            }),
          },
          {
            path: '/stationAdminCallback/:stationId',
            lazy: async () => ({
              Component: (await import('../features/stations/pages/station-admin-callback-page'))
                .StationAdminCallbackPage,
            }),
          },
          {
            // Signed-in area: guards (session, complete profile, wizard rule) and the shell.
            id: SIGNED_IN,
            lazy: async () => ({ Component: (await import('./layout/app-layout')).AppLayout }),
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await stationPickerPage()).StationPickerPage,
                }),
              },
              {
                path: '/home',
                lazy: async () => ({
                  Component: (await stationPickerPage()).StationPickerPage,
                }),
              },
              {
                path: '/profile',
                lazy: async () => ({
                  Component: (await import('../features/profile/pages/profile-page')).ProfilePage,
                }),
              },
              {
                path: '/wizard',
                lazy: async () => ({
                  Component: (await import('../features/wizard/pages/wizard-page')).WizardPage,
                }),
              },
              {
                path: '/schedule',
                lazy: async () => ({
                  Component: (await scheduleRedirects()).ScheduleRedirect,
                }),
              },
              {
                path: '/new-order',
                lazy: async () => ({
                  Component: (await scheduleRedirects()).NewOrderRedirect,
                }),
              },
              {
                path: '/dashboard',
                lazy: async () => ({
                  Component: (await import('../features/dashboard/pages/dashboard-entry')).DashboardEntry,
                }),
              },
              {
                path: '/history',
                lazy: async () => ({
                  Component: (await scheduleRedirects()).HistoryRedirect,
                }),
              },
              {
                path: '/tariffs',
                lazy: async () => ({
                  Component: (await scheduleRedirects()).TariffsRedirect,
                }),
              },
              {
                // S2 §2: the clients of the selected station's network; `/clients/{id}` opens a client's card.
                path: '/clients',
                loader: warmClients,
                shouldRevalidate: () => false,
                lazy: async () => ({
                  Component: (await clientsPage()).ClientsPage,
                }),
              },
              {
                path: '/clients/:clientId',
                loader: warmClients,
                shouldRevalidate: () => false,
                lazy: async () => ({
                  Component: (await clientsPage()).ClientsPage,
                }),
              },
              {
                // Issue 39 §3: the staff shift plan of the selected station.
                path: '/employees/schedule',
                lazy: async () => ({
                  Component: (await import('../features/shifts/pages/shifts-redirect')).ShiftsRedirect,
                }),
              },
              {
                // S1 §2 route list: the selected station's pages; none selected → «Станция не выбрана».
                path: '/settings',
                lazy: async () => ({ Component: (await sectionRedirects()).SettingsRedirect }),
              },
              {
                path: '/slots',
                lazy: async () => ({ Component: (await sectionRedirects()).SlotsRedirect }),
              },
              {
                path: '/tariffs/additionalServices',
                lazy: async () => ({ Component: (await sectionRedirects()).AdditionalServicesRedirect }),
              },
              {
                path: '/employees',
                lazy: async () => ({
                  Component: (await guards()).guarded(
                    (await sectionRedirects()).EmployeesRedirect,
                    'employees',
                  ),
                }),
              },
              {
                // Developer pages (S1 §2), not in the menu: the theme gallery and a page that throws.
                path: '/theme',
                lazy: async () => ({
                  Component: (await guards()).guarded(
                    (await import('../features/shell/pages/theme-gallery-page')).ThemeGalleryPage,
                    'developer',
                  ),
                }),
              },
              {
                path: '/error-test',
                lazy: async () => ({
                  Component: (await guards()).guarded(
                    (await import('../features/shell/pages/error-test-page')).ErrorTestPage,
                    'developer',
                  ),
                }),
              },
              {
                // The system admin's own page (issue 36); its module guards it (anyone else goes to /).
                path: '/admin/partners',
                lazy: () => import('./admin-partners-route'),
              },
              {
                path: '/station/:stationId',
                loader: ({ params }) => {
                  void warmStation(params.stationId!);
                  return null;
                },
                shouldRevalidate: otherStation,
                lazy: async () => ({
                  Component: (await import('../features/stations/components/station-guard')).StationGuard,
                }),
                children: [
                  {
                    // S1 §2: the station's index is the order calendar.
                    index: true,
                    loader: ({ params, request }) => {
                      void warmCalendar(params.stationId!, new URL(request.url).searchParams);
                      return null;
                    },
                    shouldRevalidate: otherStation,
                    lazy: async () => ({
                      Component: (await import('../features/schedule/pages/schedule-page')).SchedulePage,
                    }),
                  },
                  {
                    path: 'schedule',
                    lazy: async () => ({
                      Component: (await scheduleRedirects()).StationScheduleAlias,
                    }),
                  },
                  {
                    path: 'dashboard',
                    lazy: async () => ({
                      Component: (await import('../features/dashboard/pages/dashboard-page')).DashboardPage,
                    }),
                  },
                  {
                    path: 'history',
                    lazy: async () => ({
                      Component: (await import('../features/history/pages/history-page')).HistoryPage,
                    }),
                  },
                  {
                    path: 'tariffs',
                    lazy: async () => ({
                      Component: (await import('../features/tariffs/pages/tariffs-page')).TariffsPage,
                    }),
                  },
                  {
                    // S2 §2: two-step creation of an own tariff.
                    path: 'tariffs/new',
                    lazy: async () => ({
                      Component: (await guards()).guarded(
                        (await import('../features/tariffs/pages/new-tariff-page')).NewTariffPage,
                        'newTariff',
                      ),
                    }),
                  },
                  {
                    // S2 §2: the own (addition_service) and the Yandex (yandex_addition_service) extras; the page
                    // reads which from the path.
                    path: 'tariffs/addition_service',
                    lazy: async () => ({
                      Component: (await additionalServicesPage()).AdditionalServicesPage,
                    }),
                  },
                  {
                    path: 'tariffs/yandex_addition_service',
                    lazy: async () => ({
                      Component: (await additionalServicesPage()).AdditionalServicesPage,
                    }),
                  },
                  {
                    // S2 §2: one tariff, own or Yandex (`isOwnTariff` router state or `?kind=`).
                    path: 'tariffs/:tariffId',
                    lazy: async () => ({
                      Component: (await import('../features/tariffs/pages/tariff-detail-page'))
                        .TariffDetailPage,
                    }),
                  },
                  {
                    // S2 §2: the «Станция» menu and its sub-pages; each sub-page has its own address.
                    path: 'settings',
                    lazy: async () => ({
                      Component: (await import('../features/stations/pages/station-settings-layout'))
                        .StationSettingsLayout,
                    }),
                    children: [
                      {
                        index: true,
                        lazy: async () => ({
                          Component: (await settingsIndexPage()).SettingsIndexPage,
                        }),
                      },
                      {
                        path: 'info',
                        lazy: async () => ({
                          Component: (await import('../features/stations/pages/settings-info-page'))
                            .SettingsInfoPage,
                        }),
                      },
                      {
                        path: 'booking',
                        lazy: async () => ({
                          Component: (await import('../features/stations/pages/settings-booking-page'))
                            .SettingsBookingPage,
                        }),
                      },
                      {
                        path: 'schedule',
                        lazy: async () => ({
                          Component: (await import('../features/stations/pages/settings-schedule-page'))
                            .SettingsSchedulePage,
                        }),
                      },
                      {
                        path: 'boxes',
                        lazy: async () => ({
                          Component: (await import('../features/stations/pages/settings-boxes-page'))
                            .SettingsBoxesPage,
                        }),
                      },
                      {
                        path: 'pricing',
                        lazy: async () => ({
                          Component: (await import('../features/stations/pages/settings-pricing-page'))
                            .SettingsPricingPage,
                        }),
                      },
                      {
                        path: 'legalInfo',
                        lazy: async () => ({
                          Component: (await import('../features/legal/pages/legal-info-page')).LegalInfoPage,
                        }),
                      },
                      {
                        path: 'admins',
                        lazy: async () => ({
                          Component: (await import('../features/stations/pages/settings-admins-page'))
                            .SettingsAdminsPage,
                        }),
                      },
                      {
                        path: 'notifications',
                        lazy: async () => ({
                          Component: (await import('../features/stations/pages/settings-notifications-page'))
                            .SettingsNotificationsPage,
                        }),
                      },
                      {
                        path: 'integrations',
                        lazy: async () => ({
                          Component: (await import('../features/stations/pages/settings-integrations-page'))
                            .SettingsIntegrationsPage,
                        }),
                      },
                      {
                        // An unknown sub-page: the layout sends it back to the menu.
                        path: '*',
                        lazy: async () => ({
                          Component: (await settingsIndexPage()).SettingsIndexPage,
                        }),
                      },
                    ],
                  },
                  {
                    // S2 §2: the slot manager, 30 days from today.
                    path: 'slots',
                    lazy: async () => ({
                      Component: (await import('../features/slots/pages/slots-page')).SlotsPage,
                    }),
                  },
                  {
                    // Issue 39 §3: the staff shift plan (week × staff; managers edit, the others read).
                    path: 'employees/schedule',
                    lazy: async () => ({
                      Component: (await import('../features/shifts/pages/shifts-page')).ShiftsPage,
                    }),
                  },
                ],
              },
            ],
          },
          {
            path: '*',
            lazy: async () => ({ Component: (await import('./not-found-route')).NotFoundRoute }),
          },
        ],
      },
    ],
  },
];

/** The routes a path matches (none for a path outside them). main.tsx matches the page once at its start. */
export function matchPage(pathname: string) {
  return matchRoutes(routes, pathname) ?? [];
}
export type PageMatch = ReturnType<typeof matchPage>;

/** Whether the matched page is in the signed-in area (`app-layout.tsx`), where a visitor without a session
 * is sent to the login page. */
export function isSignedInPage(page: PageMatch): boolean {
  return page.some((match) => match.route.id === SIGNED_IN);
}

/**
 * Starts the modules of the matched routes (their `lazy`), as the router does when it starts,
 * each in a task of its own. main.tsx calls it ahead of the router: the router's start with them was one
 * of the longest tasks of a station page's load (26–49 ms on Lighthouse's unthrottled host, ≈ 3.6× that
 * on its phone; two thirds of it the module requests and their stylesheets' links). The router then finds
 * those modules asked for already.
 */
export function startRouteModules(page: PageMatch): void {
  for (const { route } of page) {
    const { lazy } = route;
    if (typeof lazy === 'function') setTimeout(() => lazy().catch(() => {}));
  }
}

export const createAppRouter = () => createBrowserRouter(routes);
