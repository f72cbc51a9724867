import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { messages, type User } from '@crm/shared';
import { ErrorScreen } from '../../components/error-screen';
import { LoadingOverlay } from '../../components/loading-overlay';
import { ApiError } from '../../lib/api-client';
import { AfterPage } from '../../lib/after-page';
import { openLoginPage, signInFirst } from '../../lib/auth-redirect';
import { useArrivalTurn } from '../../lib/arrival-queue';
import { useNotify } from '../../lib/notify';
import { getSessionUserId } from '../../lib/session';
import { useCurrentUser } from '../../features/users/api/current-user';
import { endSession } from '../../features/auth/session-lifecycle';
import { shouldGreet } from '../../features/shell/greeting';
import { watchInstallVisit } from '../../features/shell/components/install-prompt-watch';
import { decideShell, useTestHost } from '../guards';
import { ShellFrame } from './shell-frame';
import './shell.css';

// Shown once, later than the page itself: kept out of the layout's first chunk.
const WelcomeGreeting = lazy(async () => ({
  default: (await import('../../features/shell/components/welcome-greeting')).WelcomeGreeting,
}));
// Needed only after a few actions (S1 §4), so it loads after the page is up (lib/after-page.tsx).
const PushPrompt = lazy(async () => ({
  default: (await import('../../features/notifications/components/push-prompt')).PushPrompt,
}));
// The install offer on a phone (S1 §9): the visit's clicks, scrolls and Chromium's install event are watched
// from the start, the card itself loads after the page, on a phone's browser only.
const offerInstall = watchInstallVisit();
const InstallPrompt = lazy(async () => ({
  default: (await import('../../features/shell/components/install-prompt')).InstallPrompt,
}));

/** Signed out (a session that ended while the app was open; main.tsx sends the others before it loads). */
function ToLogin() {
  const location = useLocation();
  useEffect(() => signInFirst(location.pathname + location.search), [location]);
  return <LoadingOverlay context="auth" />;
}

/** The signed-in area: session, user load, wizard rule and complete profile, then the shell. */
export function AppLayout() {
  const hasSession = !!getSessionUserId();
  const userQuery = useCurrentUser();
  const location = useLocation();
  const queryClient = useQueryClient();
  // Issue 39: no network (or no answer in time) is not «no session»: it never logs out. The shell opens
  // from the offline snapshot (lib/offline-snapshot.ts), or says there is no connection until there is.
  const noNetwork =
    (userQuery.error instanceof ApiError && userQuery.error.status === 0) ||
    userQuery.fetchStatus === 'paused';
  const loadFailed = userQuery.isError && !userQuery.data && !noNetwork;

  // S1 §4 step 7: an error while loading the user clears the session and logs out.
  useEffect(() => {
    if (!hasSession || !loadFailed) return;
    endSession(queryClient);
    openLoginPage({ error: messages.auth.userLoadFailed });
  }, [hasSession, loadFailed, queryClient]);

  if (!hasSession) return <ToLogin />;
  if (!userQuery.data && noNetwork)
    return (
      <ErrorScreen
        title={messages.generic.offline}
        error={userQuery.error ?? new ApiError(0, 'NETWORK', messages.generic.network)}
        onRetry={() => void userQuery.refetch()}
      />
    );
  if (!userQuery.data) return <LoadingOverlay />;
  return <GuardedShell user={userQuery.data.user} pathname={location.pathname} />;
}

function GuardedShell({ user, pathname }: { user: User; pathname: string }) {
  const notify = useNotify();
  const testHost = useTestHost(pathname);
  const decision = decideShell({ pathname, hasSession: true, user, testHost });
  const redirectReason = decision.kind === 'redirect' ? decision.reason : null;
  const [greet] = useState(() => shouldGreet(user.id));
  const [greetingDone, setGreetingDone] = useState(!greet);
  const greetingShown = useRef(false);
  const onGreetingDone = useCallback(() => setGreetingDone(true), []);
  const onGreetingShown = useCallback(() => {
    greetingShown.current = true;
  }, []);
  // Second in the arrival queue, after the blocking new-orders window. Claimed here, not in the lazily
  // loaded greeting, so nothing later slips in while its code loads.
  const greetingTurn = useArrivalTurn('greeting', !greetingDone && decision.kind === 'render');
  const warned = useRef(false);

  // A greeting interrupted by the blocking window is over: it does not come back after the work. Only one
  // that was on the screen: a turn lost before its code had loaded (the window claiming a few ms after the
  // shell stopped holding, seen in arrival.spec) interrupted nothing, and the greeting comes after the work.
  useEffect(() => {
    if (!greetingTurn && greetingShown.current) setGreetingDone(true);
  }, [greetingTurn]);

  // S1 §5: the incomplete-profile redirect says why.
  useEffect(() => {
    if (redirectReason !== 'incomplete-profile' || warned.current) return;
    warned.current = true;
    notify.warning(messages.profile.fillTitle, messages.profile.fillText);
  }, [redirectReason, notify]);

  // Whether this is a test host (S1 §2) is in the server's config: asked before /wizard sends anyone away.
  if (redirectReason === 'not-wizard' && testHost === undefined) return <LoadingOverlay />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'login') return <ToLogin />;
  return (
    <>
      <ShellFrame user={user} chrome={decision.chrome}>
        <Outlet />
      </ShellFrame>
      <AfterPage>
        <Suspense fallback={null}>
          <PushPrompt />
          {offerInstall && <InstallPrompt />}
        </Suspense>
      </AfterPage>
      {greetingTurn && (
        <Suspense fallback={null}>
          <WelcomeGreeting
            userId={user.id}
            name={user.name}
            onDone={onGreetingDone}
            onShown={onGreetingShown}
          />
        </Suspense>
      )}
    </>
  );
}
