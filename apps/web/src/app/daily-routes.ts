/**
 * The routes people open every day, each as its HTML entry (the app's index.html unless named) and the lazy
 * route modules it renders (see router.tsx), by their paths in the source (the chunk holding each is in the
 * build's .vite/route-chunks.json, build/daily-chunks.ts). Two readers: vite.config.ts
 * precaches exactly these (plus the shell) in the service worker, and bench/web-size.ts sums and budgets
 * their initial JavaScript (issue 15).
 */
/** The blocking «new orders» window, loaded on arrival at a station where orders wait. */
export const newOrdersWindow = 'src/features/dashboard/components/new-orders-modal.tsx';

/**
 * What the shell loads by itself once a signed-in page has arrived: the push prompt, which decides whether
 * to ask (S1 §4), and the greeting (once a session). Units of their own in the daily chunks (vite.config.ts):
 * grouped with the pages, the prompt loaded the dashboard's chunks on the calendar (81 KB gzip) for one text
 * it shares with the dashboard, and the greeting the picker's and the dashboard's (54 KB) (issue 15).
 */
export const afterArrivalModules = [
  'src/features/notifications/components/push-prompt.tsx',
  'src/features/shell/components/welcome-greeting.tsx',
] as const;
const serviceWorkerUpdates = 'src/features/shell/components/service-worker-updates.tsx';
/**
 * antd's message, notification and modal engines, loaded 2 s after the page (lib/feedback.tsx). A unit of
 * its own in the daily chunks too: since the new-orders window stopped using antd's Modal, the modal code it
 * shares with the picker would otherwise have come in the picker's chunk (+54 KB gzip on every arrival).
 */
export const feedbackHolders = 'src/lib/feedback-holders.tsx';

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
  // The calendar and what loads after it without a tap: every arrival pays for these (budgeted, precached).
  'calendar, after arrival': {
    path: '/station/{id}',
    modules: [...calendarModules, ...afterArrivalModules, serviceWorkerUpdates, feedbackHolders],
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
  serviceWorkerUpdates,
  'src/app/root-error-content.tsx',
  // Messages and notifications: «Нет соединения» is shown offline.
  feedbackHolders,
  // Parts of the calendar loaded when first shown (issue 40): the phone's week list and the note of a
  // station without a schedule; offline the calendar shows them from the precache.
  'src/features/schedule/components/week-list.tsx',
  'src/features/schedule/components/schedule-missing-alert.tsx',
] as const;
