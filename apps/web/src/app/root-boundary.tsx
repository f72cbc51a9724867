import { lazy, Suspense, useEffect } from 'react';
import { isRouteErrorResponse, Outlet, useNavigate, useRouteError } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@crm/shared';
import { AfterPage } from '../lib/after-page';
import { setUnauthorizedListener } from '../lib/api-client';
import { openLoginPage, saveRedirectPath } from '../lib/auth-redirect';
import { logClientError } from '../lib/client-log';
import { getSessionUserId } from '../lib/session';
import { rememberTelegramLaunch } from '../lib/telegram';
import { endSession } from '../features/auth/session-lifecycle';
import { OfflineBanner } from '../features/shell/components/offline-banner';
import type { RootErrorContentProps } from './root-error-content';

// Before the router's first navigation drops the hash Telegram launched us with.
rememberTelegramLaunch();

// Registers the service worker; its module (workbox-window) loads once the page is up, not with it.
const ServiceWorkerUpdates = lazy(async () => ({
  default: (await import('../features/shell/components/service-worker-updates')).ServiceWorkerUpdates,
}));

// The error screens are antd, which the login page does not load. When even their chunk cannot load (the
// error is a failed chunk load, offline), plain markup still says what happened and offers a reload.
const RootErrorContent = lazy(async () => {
  try {
    return { default: (await import('./root-error-content')).RootErrorContent };
  } catch {
    return { default: PlainErrorContent };
  }
});

function PlainErrorContent({ notFound }: RootErrorContentProps) {
  return (
    <main className="plain-error" role="alert">
      <h1>{notFound ? messages.notFoundPage.title : messages.generic.errorScreenTitle}</h1>
      <p>{notFound ? messages.notFoundPage.subtitle : messages.generic.reload}</p>
      <button type="button" onClick={() => window.location.reload()}>
        Перезагрузить страницу
      </button>
    </main>
  );
}

/** Around every route: 401 handling, uncaught-error logging, the offline banner and the update card. */
export function RootLayout() {
  const queryClient = useQueryClient();

  // A 401 for a signed-in user means the session ended (expired, removed): back to the login page,
  // returning here afterwards.
  useEffect(() => {
    setUnauthorizedListener(() => {
      if (!getSessionUserId()) return;
      saveRedirectPath(window.location.pathname + window.location.search);
      endSession(queryClient);
      openLoginPage();
    });
  }, [queryClient]);

  useEffect(() => {
    const onError = (event: ErrorEvent) => logClientError(event.error ?? event.message, 'window.error');
    const onRejection = (event: PromiseRejectionEvent) => logClientError(event.reason, 'unhandledrejection');
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);

  return (
    <>
      <Outlet />
      <OfflineBanner />
      {import.meta.env.PROD && (
        <AfterPage>
          <Suspense fallback={null}>
            <ServiceWorkerUpdates />
          </Suspense>
        </AfterPage>
      )}
    </>
  );
}

/** The root error boundary: 404 responses get the not-found page, everything else the error screen. */
export function RootErrorBoundary() {
  const error = useRouteError();
  const navigate = useNavigate();
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (!notFound) logClientError(error, 'route');
  }, [error, notFound]);

  return (
    <Suspense fallback={null}>
      <RootErrorContent
        error={error}
        notFound={notFound}
        onRetry={() => void navigate(window.location.pathname + window.location.search, { replace: true })}
      />
    </Suspense>
  );
}
