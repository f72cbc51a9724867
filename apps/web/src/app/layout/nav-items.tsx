import type { ReactNode } from 'react';
import {
  CalendarOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  FieldTimeOutlined,
  HomeOutlined,
  PlusOutlined,
  SettingOutlined,
  TagsOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';

/**
 * «Партнёры» (a plug), drawn here: only the system admin sees it, and an antd icon module would put ≈ 0.6 KB
 * gzip into everyone's first load (web-size budget).
 */
const plugIcon = (
  <span className="anticon" aria-hidden="true">
    <svg className="nav-plug" viewBox="0 0 24 24">
      <path d="M9 2v5m6-5v5M6 7h12v4a6 6 0 0 1-12 0zm6 10v5" />
    </svg>
  </span>
);

export type NavKey =
  | 'home'
  | 'schedule'
  | 'slots'
  | 'history'
  | 'create'
  | 'clients'
  | 'dashboard'
  | 'tariffs'
  | 'settings'
  | 'partners'
  | 'profile'
  | 'support';

export interface NavItem {
  key: NavKey;
  label: string;
  /** Short label for the phone's bottom bar. */
  shortLabel: string;
  icon: ReactNode;
  /** null: needs a selected station, and there is none. */
  to: string | null;
  external?: boolean;
  /** A count shown on the item (S1 §1: Orders has a «New» badge); 0 or absent shows nothing. */
  badge?: number;
}

export interface NavOptions {
  /**
   * «Запись» (create order) is offered to those who may create orders: not to a worker. The same roles read
   * the tariffs' prices, so a worker gets no «Тарифы» either (the server answers him 403 there, issue 38).
   */
  canCreateOrder: boolean;
  /** New orders of the selected station waiting for «Принять»: the badge on «Заказы». */
  newOrders?: number;
  /** System role admin: its own pages («Партнёры», issue 36). */
  systemAdmin?: boolean;
}

/**
 * Only sections that exist (issue 2 part 7): no links to pages that are not built. S1 §1 order: Home,
 * Schedule, the slot manager, Orders (history, with the new-orders badge), Create order, Clients, Dashboard, …,
 * station settings; the index of a station is its calendar. Clients belong to the network, not to a
 * station: «Клиенты» is always a link, and the page asks for a station when none is selected (S2 §2).
 */
export function buildNavItems(
  stationId: string | null,
  supportUrl: string,
  { canCreateOrder, newOrders = 0, systemAdmin = false }: NavOptions = { canCreateOrder: true },
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
    // Next to the calendar: blocking time is part of planning the day (S2 §2 «Slot manager»).
    {
      key: 'slots',
      label: 'Слоты',
      shortLabel: 'Слоты',
      icon: <FieldTimeOutlined />,
      to: station && `${station}/slots`,
    },
    {
      key: 'history',
      label: 'Заказы',
      shortLabel: 'Заказы',
      icon: <UnorderedListOutlined />,
      to: station && `${station}/history`,
      badge: newOrders,
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
    { key: 'clients', label: 'Клиенты', shortLabel: 'Клиенты', icon: <TeamOutlined />, to: '/clients' },
    {
      key: 'dashboard',
      label: 'Сводка',
      shortLabel: 'Сводка',
      icon: <DashboardOutlined />,
      to: station && `${station}/dashboard`,
    },
    ...(canCreateOrder
      ? [
          {
            key: 'tariffs',
            label: 'Тарифы',
            shortLabel: 'Тарифы',
            icon: <TagsOutlined />,
            to: station && `${station}/tariffs`,
          } as const,
        ]
      : []),
    {
      key: 'settings',
      label: 'Настройки станции',
      shortLabel: 'Настройки',
      icon: <SettingOutlined />,
      to: station && `${station}/settings`,
    },
    // The system admin's own page (issue 36).
    ...(systemAdmin
      ? [
          {
            key: 'partners',
            label: 'Партнёры',
            shortLabel: 'Партнёры',
            icon: plugIcon,
            to: '/admin/partners',
          } as const,
        ]
      : []),
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

/** The badge read aloud: «Заказы, новых: 3» (the visible badge itself is hidden from screen readers). */
export function NavBadgeText({ count }: { count: number | undefined }) {
  return count ? <span className="visually-hidden">, новых: {count}</span> : null;
}

/** Which item the current address belongs to; the open new-order modal counts as «Запись». */
export function activeNavKey(pathname: string, search = ''): NavKey | null {
  if (pathname === '/' || pathname === '/home') return 'home';
  if (/^\/station\/[^/]+\/settings(\/|$)/.test(pathname)) return 'settings';
  if (/^\/station\/[^/]+\/dashboard\/?$/.test(pathname) || pathname === '/dashboard') return 'dashboard';
  if (/^\/station\/[^/]+\/history\/?$/.test(pathname) || pathname === '/history') return 'history';
  if (/^\/station\/[^/]+\/tariffs\/?$/.test(pathname) || pathname === '/tariffs') return 'tariffs';
  if (/^\/station\/[^/]+\/slots\/?$/.test(pathname)) return 'slots';
  if (/^\/station\/[^/]+\/?$/.test(pathname) || /^\/station\/[^/]+\/schedule\/?$/.test(pathname)) {
    return new URLSearchParams(search).has('newOrder') ? 'create' : 'schedule';
  }
  if (/^\/clients(\/|$)/.test(pathname)) return 'clients';
  if (pathname.startsWith('/admin/partners')) return 'partners';
  if (pathname === '/schedule') return 'schedule';
  if (pathname === '/new-order') return 'create';
  if (pathname.startsWith('/profile')) return 'profile';
  return null;
}
