import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

const clientError = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * S2 §9: tariff queries (every key under `['tariffs', …]`: lists, configs, fixed tariffs, payment settings,
 * history) retry 3 times, the back-off doubling from 1 s and capped at 30 s; a 4xx is never retried.
 */
export const tariffRetryPolicy = {
  retry: (count: number, error: unknown) => !clientError(error) && count < 3,
  retryDelay: (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000),
};

/** Defaults of S2 §9: stale 5 min, one retry; never retry what the client got wrong (4xx). */
export function createQueryClient() {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1,
      },
      // Offline, a change goes to the API client, which refuses it with the reason (issue 39): paused, it
      // would wait unseen and land whenever the network came back.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  client.setQueryDefaults(['tariffs'], tariffRetryPolicy);
  return client;
}
