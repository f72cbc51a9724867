import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import { createQueryClient } from '../lib/query-client';
import { watchRussianLabels } from '../lib/russian-labels';
import { ThemeProvider } from './theme';

dayjs.locale('ru');
export const queryClient = createQueryClient();

export function Providers({ children }: { children: ReactNode }) {
  // antd's ru_RU (set in ThemeProvider) leaves a few English screen-reader names: renamed in one place.
  useEffect(() => watchRussianLabels(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>{children}</ThemeProvider>
    </QueryClientProvider>
  );
}
