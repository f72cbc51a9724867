import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers, queryClient } from './app/providers';
import { createAppRouter, isSignedInPage, matchPage, startRouteModules, type PageMatch } from './app/router';
import { stationListQuery } from './features/stations/api/station-list';
import { currentUserQuery } from './features/users/api/current-user';
import { signInFirst } from './lib/auth-redirect';
import { getSessionUserId } from './lib/session';
import './app/global.css';

function mount(router: ReturnType<typeof createAppRouter>) {
  const root = createRoot(document.getElementById('root')!);
  // As a transition, React renders the first page in slices of a few ms and lets the browser in between,
  // instead of one task of ≈ 0.1–0.4 s on a mid phone (Lighthouse's TBT, issue 15). Nothing is on screen
  // yet but index.html's splash, so nothing waits on it.
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
}

function start(userId: string | null, page: PageMatch) {
  // What every signed-in page asks first, asked now: beside the download of the route's modules, not after.
  if (userId && isSignedInPage(page)) {
    void queryClient.prefetchQuery(currentUserQuery(userId));
    void queryClient.prefetchQuery(stationListQuery(userId));
  }
  // The router's start (matching the routes, asking their modules and loaders) in a task of its own: one
  // task with the modules' first run was ≈ 0.3 s long on the budgets' phone, the longest of a calendar's
  // load (Lighthouse, issue 40); the requests above are on their way meanwhile. The route's modules are
  // asked for in the tasks before it: the parts of what was again one of the load's longest tasks.
  setTimeout(() => {
    startRouteModules(page);
    setTimeout(route);
  });
}

function route() {
  const router = createAppRouter();
  // Until the first route's modules have arrived the router would render nothing over index.html's splash:
  // on a slow network a blank page for seconds. React takes the root over once there is a page to show.
  if (router.state.initialized) return mount(router);
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    mount(router);
  });
}

// A visitor without a session on a signed-in page goes to the login page at once, without first loading
// the app (its layouts and the page, ≈ 300 KB) only to be sent there by the layout's guard.
// The page's routes matched once, for both questions of the start (the router matches on its own).
const userId = getSessionUserId();
const page = matchPage(location.pathname);
if (!userId && isSignedInPage(page)) signInFirst(location.pathname + location.search);
else start(userId, page);
