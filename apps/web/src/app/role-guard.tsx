import type { ComponentType, ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import type { Position, SystemRole, User } from '@crm/shared';
import { useAppConfig } from '../lib/app-config';
import { useCurrentUser } from '../features/users/api/current-user';

// Route guards by role (S1 §2), apart from the shell's own rules (guards.tsx): they load with the guarded
// pages, not with the layout every page needs.

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
