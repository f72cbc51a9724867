import type { ReactNode } from 'react';
import {
  CalendarOutlined,
  CustomerServiceOutlined,
  HomeOutlined,
  PlusOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';

export type NavKey = 'home' | 'schedule' | 'create' | 'settings' | 'profile' | 'support';

export interface NavItem {
  key: NavKey;
  label: string;
  /** Short label for the phone's bottom bar. */
  shortLabel: string;
  icon: ReactNode;
  /** null: needs a selected station, and there is none. */
  to: string | null;
  external?: boolean;
}

export interface NavOptions {
  /** «Запись» (create order) is offered to those who may create orders: not to a worker. */
  canCreateOrder: boolean;
}

/**
 * Only sections that exist (issue 2 part 7): no links to pages that are not built. S1 §1 order: Home,
 * Schedule, Create order, …, station settings; the index of a station is its calendar.
 */
export function buildNavItems(
  stationId: string | null,
  supportUrl: string,
  { canCreateOrder }: NavOptions = { canCreateOrder: true },
): NavItem[] {
  const station = stationId ? `/station/${encodeURIComponent(stationId)}` : null;
  const items: NavItem[] = [
    { key: 'home', label: 'Главная', shortLabel: 'Главная', icon: <HomeOutlined />, to: '/' },
    {
      key: 'schedule',
      label: 'Расписание',
      shortLabel: 'Расписание',
      icon: <CalendarOutlined />,
      to: station,
    },
  ];
  if (canCreateOrder) {
    items.push({
      key: 'create',
      label: 'Новая запись',
      shortLabel: 'Запись',
      icon: <PlusOutlined />,
      // The new-order modal opens over the calendar (S1 §2 «/new-order … opens as a modal»).
      to: station && `${station}?newOrder=1`,
    });
  }
  items.push(
    {
      key: 'settings',
      label: 'Настройки станции',
      shortLabel: 'Настройки',
      icon: <SettingOutlined />,
      to: station && `${station}/settings`,
    },
    { key: 'profile', label: 'Профиль', shortLabel: 'Профиль', icon: <UserOutlined />, to: '/profile' },
    {
      key: 'support',
      label: 'Поддержка',
      shortLabel: 'Поддержка',
      icon: <CustomerServiceOutlined />,
      to: supportUrl,
      external: true,
    },
  );
  return items;
}

/** Which item the current address belongs to; the open new-order modal counts as «Запись». */
export function activeNavKey(pathname: string, search = ''): NavKey | null {
  if (pathname === '/' || pathname === '/home') return 'home';
  if (/^\/station\/[^/]+\/settings(\/|$)/.test(pathname)) return 'settings';
  if (/^\/station\/[^/]+\/?$/.test(pathname) || /^\/station\/[^/]+\/schedule\/?$/.test(pathname)) {
    return new URLSearchParams(search).has('newOrder') ? 'create' : 'schedule';
  }
  if (pathname === '/schedule') return 'schedule';
  if (pathname === '/new-order') return 'create';
  if (pathname.startsWith('/profile')) return 'profile';
  return null;
}
