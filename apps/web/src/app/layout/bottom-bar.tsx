import type { Ref } from 'react';
import { NavLink } from 'react-router';
import { AppstoreOutlined } from '@ant-design/icons';
import type { NavItem, NavKey } from './nav-items';

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

const barKeys: NavKey[] = ['home', 'station', 'settings', 'profile'];

/** Phones (< 768 px): Главная, Станция, Настройки, Профиль and «Ещё» — only sections that exist. */
export function BottomBar({ items, activeKey, onMore, moreOpen, refs }: BottomBarProps) {
  const shown = barKeys.map((key) => items.find((i) => i.key === key)!);
  return (
    <nav ref={refs.bar} className="bottom-bar" aria-label="Разделы">
      {shown.map((item) =>
        item.to ? (
          <NavLink
            key={item.key}
            ref={refs.items[item.key]}
            to={item.to}
            end
            className={`bottom-bar__item${item.key === activeKey ? ' is-active' : ''}`}
            aria-current={item.key === activeKey ? 'page' : undefined}
          >
            <span className="bottom-bar__icon" aria-hidden="true">
              {item.icon}
            </span>
            <span>{item.shortLabel}</span>
          </NavLink>
        ) : (
          // Kept in place so the bar does not jump; usable once a station is chosen on the home page.
          <span
            key={item.key}
            className="bottom-bar__item is-disabled"
            aria-disabled="true"
            title="Сначала выберите станцию на главной"
          >
            <span className="bottom-bar__icon" aria-hidden="true">
              {item.icon}
            </span>
            <span>{item.shortLabel}</span>
          </span>
        ),
      )}
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
}
