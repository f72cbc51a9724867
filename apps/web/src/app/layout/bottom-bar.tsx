import { memo, type Ref } from 'react';
import { Link } from 'react-router';
import { AppstoreOutlined } from '@ant-design/icons';
import { CountBadge } from '../../components/count-badge';
import { NavBadgeText, type NavItem, type NavKey } from './nav-items';

interface BottomBarProps {
  items: NavItem[];
  activeKey: NavKey | null;
  onMore(): void;
  moreOpen: boolean;
  refs: {
    bar: Ref<HTMLElement>;
    more: Ref<HTMLButtonElement>;
    items: Partial<Record<NavKey, Ref<HTMLAnchorElement>>>;
  };
}

/**
 * The four sections of the phone's bar before «Ещё» (S1 §1: Home, Schedule, «Запись» in the middle,
 * Orders, «Ещё»); station settings live in the «Ещё» sheet. Without the right to create orders the
 * dashboard takes the freed slot.
 */
export function barItems(items: NavItem[]): NavItem[] {
  const byKey = (key: NavKey) => items.find((i) => i.key === key);
  const keys: NavKey[] = byKey('create')
    ? ['home', 'schedule', 'create', 'history']
    : ['home', 'schedule', 'history', 'dashboard'];
  return keys.map(byKey).filter((i): i is NavItem => !!i);
}

/**
 * Phones (< 768 px): the main sections and «Ещё» — only sections that exist. Memoised: the shell re-renders
 * for its queries and its arrival turns, which change nothing here.
 */
export const BottomBar = memo(function BottomBar({
  items,
  activeKey,
  onMore,
  moreOpen,
  refs,
}: BottomBarProps) {
  return (
    <nav ref={refs.bar} className="bottom-bar" aria-label="Разделы">
      {barItems(items).map((item) => {
        const className =
          'bottom-bar__item' +
          (item.key === 'create' ? ' bottom-bar__item--create' : '') +
          (item.key === activeKey ? ' is-active' : '');
        return item.to ? (
          // A plain Link: the active item comes from activeNavKey (Schedule and «Запись» share a path).
          <Link
            key={item.key}
            ref={refs.items[item.key]}
            to={item.to}
            className={className}
            aria-current={item.key === activeKey ? 'page' : undefined}
          >
            <span className="bottom-bar__icon" aria-hidden="true">
              {item.badge ? (
                <CountBadge count={item.badge} small offset={[4, -2]}>
                  {item.icon}
                </CountBadge>
              ) : (
                item.icon
              )}
            </span>
            <span>{item.shortLabel}</span>
            <NavBadgeText count={item.badge} />
          </Link>
        ) : (
          // Kept in place so the bar does not jump; usable once a station is chosen on the home page.
          <span
            key={item.key}
            className={`${className} is-disabled`}
            aria-disabled="true"
            title="Сначала выберите станцию на главной"
          >
            <span className="bottom-bar__icon" aria-hidden="true">
              {item.icon}
            </span>
            <span>{item.shortLabel}</span>
          </span>
        );
      })}
      <button
        ref={refs.more}
        type="button"
        className={`bottom-bar__item${moreOpen ? ' is-active' : ''}`}
        onClick={onMore}
        aria-haspopup="dialog"
        aria-expanded={moreOpen}
      >
        <span className="bottom-bar__icon" aria-hidden="true">
          <AppstoreOutlined />
        </span>
        <span>Ещё</span>
      </button>
    </nav>
  );
});
