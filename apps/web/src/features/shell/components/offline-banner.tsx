import { useEffect, useState } from 'react';
import { messages } from '@crm/shared';
import './shell-overlays.css';

/** S1 §9 «Offline banner 5 s». */
export const OFFLINE_BANNER_MS = 5000;

/** Tells when the connection drops and when it is back, each for 5 s. */
export function OfflineBanner() {
  const [state, setState] = useState<'hidden' | 'offline' | 'online'>(() =>
    navigator.onLine ? 'hidden' : 'offline',
  );

  useEffect(() => {
    const offline = () => setState('offline');
    const online = () => setState('online');
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);

  useEffect(() => {
    if (state === 'hidden') return;
    const timer = window.setTimeout(() => setState('hidden'), OFFLINE_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  if (state === 'hidden') return null;
  return (
    <div className={`net-banner net-banner--${state}`} role="status" aria-live="assertive">
      <span className="net-banner__dot" aria-hidden="true" />
      {state === 'offline' ? messages.generic.offline : messages.generic.online}
    </div>
  );
}
