import { ErrorScreen } from '../components/error-screen';
import { NotFoundPage } from '../components/not-found-page';
import { AntdThemeProvider } from '../lib/theme';

export interface RootErrorContentProps {
  error: unknown;
  notFound: boolean;
  onRetry(): void;
}

/**
 * What the root error boundary shows, with antd's theme of its own: the boundary replaces every layout
 * below the root, the antd one included. A chunk of its own, so the login page's download has no antd.
 */
export function RootErrorContent({ error, notFound, onRetry }: RootErrorContentProps) {
  return (
    <AntdThemeProvider>
      {notFound ? <NotFoundPage /> : <ErrorScreen error={error} onRetry={onRetry} />}
    </AntdThemeProvider>
  );
}
