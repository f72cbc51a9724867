import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface AppConfig {
  provider: 'yandex' | 'local';
  demo: boolean;
  telegramBotName: string;
  supportUrl: string;
  mapTileUrl: string;
}

/** `GET /api/auth/config` (public): the map tile URL and support contact these pages need. */
export const appConfigQuery = queryOptions({
  queryKey: ['auth-config'],
  queryFn: () => api<AppConfig>('/auth/config'),
  staleTime: Infinity,
});

export function useAppConfig() {
  return useQuery(appConfigQuery);
}
