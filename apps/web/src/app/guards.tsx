import { useQuery } from '@tanstack/react-query';
import { isProfileComplete, type User } from '@crm/shared';
import { appConfigQuery } from '../lib/app-config';

/** What the signed-in layout does with the current path (S1 §2 guards, S1 §4 steps 5 and 12). */
export type ShellDecision =
  | { kind: 'login' }
  | { kind: 'redirect'; to: string; reason: 'wizard' | 'not-wizard' | 'incomplete-profile' }
  /** `minimal`: no navigation (incomplete profile, first-time setup). */
  | { kind: 'render'; chrome: 'full' | 'minimal' };

export function decideShell({
  pathname,
  hasSession,
  user,
  testHost = false,
}: {
  pathname: string;
  hasSession: boolean;
  user?: User | null;
  /** S1 §2: on a test host (`TEST_HOSTS`, see `isTestHost`) anyone may open /wizard to try it. */
  testHost?: boolean;
}): ShellDecision {
  if (!hasSession || !user) return { kind: 'login' };
  const onWizard = isWizardPath(pathname);
  // The wizard role is confined to /wizard; everyone else is sent from /wizard to / (S1 §2).
  if (user.role === 'wizard') {
    return onWizard
      ? { kind: 'render', chrome: 'minimal' }
      : { kind: 'redirect', to: '/wizard', reason: 'wizard' };
  }
  if (onWizard) {
    return testHost
      ? { kind: 'render', chrome: 'minimal' }
      : { kind: 'redirect', to: '/', reason: 'not-wizard' };
  }
  if (!isProfileComplete(user)) {
    return pathname === '/profile'
      ? { kind: 'render', chrome: 'minimal' }
      : { kind: 'redirect', to: '/profile', reason: 'incomplete-profile' };
  }
  return { kind: 'render', chrome: 'full' };
}

/**
 * Whether this page's host is one of the server's test hosts (`TEST_HOSTS`, served in `/api/auth/config`);
 * undefined until the config is known.
 */
export function isTestHost(testHosts: readonly string[] | undefined, hostname: string): boolean {
  return !!testHosts?.some((host) => host.toLowerCase() === hostname.toLowerCase());
}

/** The first-time setup's pages, the only ones where a test host matters. */
export const isWizardPath = (pathname: string) => pathname === '/wizard' || pathname.startsWith('/wizard/');

/**
 * `isTestHost` for this page: undefined while the config loads (a non-wizard on /wizard waits for it).
 * Asked only on the wizard's pages: elsewhere the answer changes nothing, and the config's request, sent with
 * every page, was among the last before the first screen's largest paint (issue 40).
 */
export function useTestHost(pathname: string): boolean | undefined {
  const config = useQuery({ ...appConfigQuery, enabled: isWizardPath(pathname) });
  if (!config.data) return config.isError ? false : undefined;
  return isTestHost(config.data.testHosts, window.location.hostname);
}

// Role guards with a fallback path (S1 §2): role-guard.tsx, loaded with the guarded pages.
