import type { ReactNode } from 'react';
import { StrictMode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router';
import type { User } from '@crm/shared';
import { createQueryClient, tariffRetryPolicy } from '../lib/query-client';
import { ThemeProvider } from '../lib/theme';

/** A demo user as `GET /api/user/{id}` returns it. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    role: 'user',
    login: 'owner',
    name: 'Алексей',
    surname: 'Смирнов',
    email: 'owner@example.ru',
    number: '+79990000000',
    default_avatar_id: null,
    allow_push_notifications: false,
    telegram_id: null,
    position: 'owner',
    networks: [{ id: 'n1', name: 'Демо-сеть', position: 'owner' }],
    last_login: null,
    ...overrides,
  };
}

/** Renders routes in StrictMode (effects run twice, as in development) with the app's providers. */
export function renderRoutes(
  routes: RouteObject[],
  path: InitialEntry,
  queryClient: QueryClient = createQueryClient(),
) {
  // The tariff queries' retries (S2 §9) without their 1–4 s waits: a failed load shows at once.
  queryClient.setQueryDefaults(['tariffs'], {
    ...tariffRetryPolicy,
    ...queryClient.getQueryDefaults(['tariffs']),
    retryDelay: 0,
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const wrap = (children: ReactNode) => (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>{children}</ThemeProvider>
      </QueryClientProvider>
    </StrictMode>
  );
  const result = render(wrap(<RouterProvider router={router} />));
  return { ...result, router, queryClient };
}

type Answer = { status: number; body?: unknown } | undefined;
/** Answers at once, or later (a promise: a slow server). */
type Handler = (url: string, init: RequestInit) => Answer | Promise<Answer>;

/** Replaces fetch with a handler; returns the calls made. */
export function mockFetch(handler: Handler) {
  const calls: { url: string; init: RequestInit }[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input.toString();
    calls.push({ url, init });
    const answer = (await handler(url, init)) ?? {
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'нет' } },
    };
    return new Response(answer.status === 204 ? null : JSON.stringify(answer.body ?? {}), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  }) as typeof fetch;
  return calls;
}

const defaultWidth = window.innerWidth;

/** The window's width for antd and `useViewport` (happy-dom): 390 a phone; no argument, the default. */
export function setViewport(width: number = defaultWidth) {
  (window as unknown as { happyDOM: { setViewport(v: object): void } }).happyDOM.setViewport({
    width,
    height: 844,
  });
}
