import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { isProfileComplete, type Position, type SystemRole, type User } from '@crm/shared';
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
}: {
  pathname: string;
  hasSession: boolean;
  user?: User | null;
}): ShellDecision {
  if (!hasSession || !user) return { kind: 'login' };
  const onWizard = pathname === '/wizard' || pathname.startsWith('/wizard/');
  // The wizard role is confined to /wizard; everyone else is sent from /wizard to / (S1 §2).
  if (user.role === 'wizard') {
    return onWizard
      ? { kind: 'render', chrome: 'minimal' }
      : { kind: 'redirect', to: '/wizard', reason: 'wizard' };
  }
  if (onWizard) return { kind: 'redirect', to: '/', reason: 'not-wizard' };
  if (!isProfileComplete(user)) {
    return pathname === '/profile'
      ? { kind: 'render', chrome: 'minimal' }
      : { kind: 'redirect', to: '/profile', reason: 'incomplete-profile' };
  }
  return { kind: 'render', chrome: 'full' };
}

export type GuardRole = SystemRole | Position;

/** A user passes when their system role or their position is in the list. */
export function hasAnyRole(user: Pick<User, 'role' | 'position'>, roles: readonly GuardRole[]): boolean {
  return roles.includes(user.role) || (!!user.position && roles.includes(user.position));
}

interface RoleGuardProps {
  roles: readonly GuardRole[];
  /** Where a user without the role goes (S1 §2: default /). */
  fallback?: string;
  /** Without children it guards the nested routes (`<Outlet />`). */
  children?: ReactNode;
}

/** Route guard with allowed roles and a fallback path. Used inside the signed-in layout. */
export function RoleGuard({ roles, fallback = '/', children }: RoleGuardProps) {
  const { data } = useCurrentUser();
  if (!data) return null;
  if (!hasAnyRole(data.user, roles)) return <Navigate to={fallback} replace />;
  return children ?? <Outlet />;
}
