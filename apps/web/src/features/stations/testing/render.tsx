import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { ConfigProvider } from 'antd';
import ruRU from 'antd/es/locale/ru_RU';
import { FeedbackProvider } from '../../../lib/feedback';
import type { User } from '@crm/shared';

/** A fetch stand-in: answers by `METHOD /api/path`, records every call. */
export function mockApi(routes: Record<string, (body: unknown) => unknown>) {
  const calls: { key: string; body: unknown }[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ key, body });
    const handler = routes[key];
    if (!handler) return new Response('{}', { status: 204 });
    const result = await handler(body);
    if (result instanceof Response) return result;
    return new Response(JSON.stringify(result), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { fetchMock, calls };
}

export function apiError(status: number, message: string, fields?: Record<string, string>) {
  return new Response(JSON.stringify({ error: { code: 'VALIDATION_FAILED', message, fields } }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Renders routes inside the app's providers, without retries, at `path`. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={client}>
      <ConfigProvider locale={ruRU}>
        <FeedbackProvider>
          <RouterProvider router={router} />
        </FeedbackProvider>
      </ConfigProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, client };
}

export function renderPage(element: ReactElement, path = '/') {
  return renderRoutes([{ path: '*', element }], path);
}

export const testUser = (over: Partial<User> = {}): User => ({
  id: 'u1',
  role: 'user',
  login: 'owner',
  name: 'Алексей',
  surname: 'Смирнов',
  email: 'owner@demo-carwash.ru',
  number: '+79161234501',
  default_avatar_id: null,
  allow_push_notifications: false,
  telegram_id: null,
  position: 'owner',
  networks: [{ id: 'n1', name: 'Демо-сеть', position: 'owner' }],
  last_login: null,
  ...over,
});

export { testStation } from '../../../test/fixtures';
