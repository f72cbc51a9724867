import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Defaults of S2 §9: stale 5 min, one retry; never retry what the client got wrong (4xx). */
export function createQueryClient() {
  return new QueryClient({
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
}
