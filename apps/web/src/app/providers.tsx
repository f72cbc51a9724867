import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';
import { keepOfflineSnapshot } from '../lib/offline-start';
import { ThemeStateProvider } from '../lib/theme-state';

export const queryClient = keepOfflineSnapshot(createQueryClient());

/**
 * What every route needs. No antd and no dayjs here: the login page renders with this alone, and antd's
 * theme comes with the routes that use it (`antd-layout.tsx`).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeStateProvider>{children}</ThemeStateProvider>
    </QueryClientProvider>
  );
}
