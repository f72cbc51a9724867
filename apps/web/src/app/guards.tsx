import type { ComponentType, ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { isProfileComplete, type Position, type SystemRole, type User } from '@crm/shared';
import { useAppConfig } from '../lib/app-config';
import { useCurrentUser } from '../features/users/api/current-user';

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
  const onWizard = pathname === '/wizard' || pathname.startsWith('/wizard/');
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

/** `isTestHost` for this page: undefined while the config loads (a non-wizard on /wizard waits for it). */
export function useTestHost(): boolean | undefined {
  const config = useAppConfig();
  if (!config.data) return config.isError ? false : undefined;
  return isTestHost(config.data.testHosts, window.location.hostname);
}

export type GuardRole = SystemRole | Position;

/**
 * A user passes when their system role, or their position in any of their networks, is in the list. The
 * route admits them; the page then applies the station's own rights (a principal here, a worker there).
 */
export function hasAnyRole(
  user: Pick<User, 'role' | 'position'> & { networks?: Pick<User['networks'][number], 'position'>[] },
  roles: readonly GuardRole[],
): boolean {
  if (roles.includes(user.role)) return true;
  if (user.position && roles.includes(user.position)) return true;
  return !!user.networks?.some((n) => roles.includes(n.position));
}

/**
 * The guarded routes of the signed-in area (S1 §2: allowed roles and a fallback path, default /): the
 * router wraps each page in `RoleGuard` with these. Developer pages (`/theme`, `/error-test`) are for role
 * admin and, on a demo server, for everyone (`orDemo`).
 */
export const routeGuards = {
  /** The station's staff: not a worker's page (S2 §2 settings list). */
  employees: { roles: ['admin', 'owner', 'principal', 'administrator'], fallback: '/' },
  /** A new own tariff: those who manage the station. */
  newTariff: { roles: ['admin', 'owner', 'principal'], fallback: '/tariffs' },
  developer: { roles: ['admin'], fallback: '/', orDemo: true },
} as const satisfies Record<string, { roles: readonly GuardRole[]; fallback: string; orDemo?: boolean }>;

interface RoleGuardProps {
  roles: readonly GuardRole[];
  /** Where a user without the role goes (S1 §2: default /). */
  fallback?: string;
  /** Everyone passes when the server runs the demo (local sign-in): the developer pages. */
  orDemo?: boolean;
  /** Without children it guards the nested routes (`<Outlet />`). */
  children?: ReactNode;
}

/** Route guard with allowed roles and a fallback path. Used inside the signed-in layout. */
export function RoleGuard({ roles, fallback = '/', orDemo = false, children }: RoleGuardProps) {
  const { data } = useCurrentUser();
  const config = useAppConfig();
  if (!data) return null;
  if (!hasAnyRole(data.user, roles)) {
    if (orDemo && !config.data && config.isPending) return null;
    if (!(orDemo && config.data?.demo)) return <Navigate to={fallback} replace />;
  }
  return children ?? <Outlet />;
}

/** A page wrapped in its route's guard (`routeGuards`), for the router's lazy routes. */
export function guarded(Page: ComponentType, guard: keyof typeof routeGuards): ComponentType {
  const rule: { roles: readonly GuardRole[]; fallback: string; orDemo?: boolean } = routeGuards[guard];
  function GuardedPage() {
    return (
      <RoleGuard roles={rule.roles} fallback={rule.fallback} orDemo={rule.orDemo}>
        <Page />
      </RoleGuard>
    );
  }
  GuardedPage.displayName = `Guarded(${guard})`;
  return GuardedPage;
}
