import { lazy, Suspense } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';

/** S1 §9 «Update check every 30 min». */
const UPDATE_CHECK_MS = 30 * 60_000;

// The card is antd: loaded only when there is an update to offer, with antd's theme around it, because it
// renders above every route — the login page too, which loads no antd of its own (issue 15).
const ThemedUpdateCard = lazy(async () => {
  const [{ AntdThemeProvider }, { UpdateCard }] = await Promise.all([
    import('../../../lib/theme'),
    import('./update-card'),
  ]);
  return {
    default: (props: { onLater(): void; onUpdate(): void }) => (
      <AntdThemeProvider>
        <UpdateCard {...props} />
      </AntdThemeProvider>
    ),
  };
});

/** Registers the service worker (/sw.js), checks for a new version and offers it when one is waiting. */
export function ServiceWorkerUpdates() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) window.setInterval(() => void registration.update(), UPDATE_CHECK_MS);
    },
  });

  if (!needRefresh) return null;
  return (
    <Suspense fallback={null}>
      <ThemedUpdateCard
        onLater={() => setNeedRefresh(false)}
        onUpdate={() => void updateServiceWorker(true)}
      />
    </Suspense>
  );
}
