/**
 * The routes people open every day, each as its HTML entry (the app's index.html unless named) and the lazy
 * route modules it renders (see router.tsx), keyed as Vite's manifest keys them. Two readers: vite.config.ts
 * precaches exactly these (plus the shell) in the service worker, and bench/web-size.ts sums and budgets
 * their initial JavaScript (issue 15).
 */
/** The blocking «new orders» window, loaded on arrival at a station where orders wait. */
export const newOrdersWindow = 'src/features/dashboard/components/new-orders-modal.tsx';

const calendarModules = [
  'src/app/root-boundary.tsx',
  'src/app/antd-layout.tsx',
  'src/app/layout/app-layout.tsx',
  'src/features/stations/components/station-guard.tsx',
  'src/features/schedule/pages/schedule-page.tsx',
] as const;

export const dailyRoutes = {
  login: {
    path: '/auth/yandex',
    // A page of its own (features/auth/login): its entry is all it loads.
    entry: 'login.html',
    modules: [],
  },
  'sign-in callback': {
    path: '/auth/callback',
    modules: [
      'src/app/root-boundary.tsx',
      'src/app/antd-layout.tsx',
      'src/features/auth/pages/auth-callback-page.tsx',
    ],
  },
  'station picker': {
    path: '/',
    modules: [
      'src/app/root-boundary.tsx',
      'src/app/antd-layout.tsx',
      'src/app/layout/app-layout.tsx',
      'src/features/stations/pages/station-picker-page.tsx',
    ],
  },
  calendar: { path: '/station/{id}', modules: calendarModules },
  // A station with orders waiting: the blocking window comes with the page (S1 §3), its code preloaded by
  // the station's warm-up (app/station-warmup.ts). The demo stations and Lighthouse's runs are this case.
  'calendar, orders waiting': {
    path: '/station/{id}',
    modules: [...calendarModules, newOrdersWindow],
  },
  dashboard: {
    path: '/station/{id}/dashboard',
    modules: [
      'src/app/root-boundary.tsx',
      'src/app/antd-layout.tsx',
      'src/app/layout/app-layout.tsx',
      'src/features/stations/components/station-guard.tsx',
      'src/features/dashboard/pages/dashboard-page.tsx',
    ],
  },
} as const satisfies Record<string, { path: string; entry?: string; modules: readonly string[] }>;

export type DailyRoute = keyof typeof dailyRoutes;

/**
 * Loaded later than the first render on every route, or when it fails, but needed offline all the same:
 * the service-worker registration and the error screens. Precached with the daily routes.
 */
export const alwaysNeededModules = [
  'src/features/shell/components/service-worker-updates.tsx',
  'src/app/root-error-content.tsx',
  // Messages and notifications: «Нет соединения» is shown offline.
  'src/lib/feedback-holders.tsx',
] as const;
