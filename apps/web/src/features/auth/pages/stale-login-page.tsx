import { useEffect, useState } from 'react';
import { messages } from '@crm/shared';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { LOGIN_PATH, pageLocation } from '../../../lib/auth-redirect';

const RELOADED_KEY = 'crm.loginReloaded';

/**
 * `/auth/yandex` inside the app. The login page is login.html, which the server sends for that address,
 * and the app goes there with a full page load (`openLoginPage`). So the app itself opens here only when a
 * service worker installed before that change answered with the app: the worker is unregistered and the
 * page loaded again, from the server. Once per tab, so nothing can loop.
 */
export function StaleLoginPage() {
  const [reloaded] = useState(() => sessionStorage.getItem(RELOADED_KEY) === '1');

  useEffect(() => {
    if (reloaded) return;
    sessionStorage.setItem(RELOADED_KEY, '1');
    void (async () => {
      const registrations = (await navigator.serviceWorker?.getRegistrations()) ?? [];
      await Promise.all(registrations.map((registration) => registration.unregister()));
      pageLocation.replace(LOGIN_PATH + window.location.search);
    })();
  }, [reloaded]);

  if (!reloaded) return <LoadingOverlay context="auth" />;
  return (
    <main className="plain-error" role="alert">
      <h1>{messages.generic.errorScreenTitle}</h1>
      <p>{messages.generic.reload}</p>
      <a href={LOGIN_PATH}>Открыть страницу входа</a>
    </main>
  );
}
