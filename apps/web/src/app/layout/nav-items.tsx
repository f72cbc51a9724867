import type { ReactNode } from 'react';
import {
  CarOutlined,
  CustomerServiceOutlined,
  HomeOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';

export type NavKey = 'home' | 'station' | 'settings' | 'profile' | 'support';

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

/** Only sections that exist (issue 2 part 7): no links to pages that are not built. */
export function buildNavItems(stationId: string | null, supportUrl: string): NavItem[] {
  const station = stationId ? `/station/${encodeURIComponent(stationId)}` : null;
  return [
    { key: 'home', label: 'Главная', shortLabel: 'Главная', icon: <HomeOutlined />, to: '/' },
    { key: 'station', label: 'Станция', shortLabel: 'Станция', icon: <CarOutlined />, to: station },
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
  ];
}

/** Which item the current path belongs to. */
export function activeNavKey(pathname: string): NavKey | null {
  if (pathname === '/' || pathname === '/home') return 'home';
  if (/^\/station\/[^/]+\/settings(\/|$)/.test(pathname)) return 'settings';
  if (/^\/station\/[^/]+/.test(pathname)) return 'station';
  if (pathname.startsWith('/profile')) return 'profile';
  return null;
}
