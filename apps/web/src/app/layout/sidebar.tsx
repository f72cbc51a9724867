import type { Ref } from 'react';
import { Link, NavLink } from 'react-router';
import { ExportOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import type { Station, User } from '@crm/shared';
import { BrandLogo } from '../../components/brand-logo';
import { CountBadge } from '../../components/count-badge';
import { HoverTooltip } from '../../components/hover-tooltip';
import { NavBadgeText, type NavItem, type NavKey } from './nav-items';
import { StationSwitcher } from './station-switcher';
import { UserBlock } from './user-block';
import type { SelectedStation } from './use-shell-data';

export interface SidebarRefs {
  menu: Ref<HTMLElement>;
  collapse: Ref<HTMLButtonElement>;
  items: Partial<Record<NavKey, Ref<HTMLAnchorElement>>>;
}

interface SidebarProps {
  user: User;
  items: NavItem[];
  activeKey: NavKey | null;
  collapsed: boolean;
  /** On tablets the sidebar is always collapsed, so there is nothing to toggle. */
  canToggle: boolean;
  onToggle(): void;
  selected: SelectedStation | null;
  stations: Station[];
  stationsLoading: boolean;
  onSwitchStation(id: string): void;
  onShowAllStations(): void;
  refs: SidebarRefs;
}

/** S1 §1: 240 px wide, 72 px collapsed. */
export function Sidebar(props: SidebarProps) {
  const { user, items, activeKey, collapsed, canToggle, onToggle, refs } = props;
  const main = items.filter((i) => !i.external && i.to);
  const external = items.filter((i) => i.external && i.to);

  const link = (item: NavItem) => {
    const content = (
      <>
        <span className="nav-item__icon" aria-hidden="true">
          {collapsed ? (
            <CountBadge count={item.badge} small offset={[4, -2]}>
              {item.icon}
            </CountBadge>
          ) : (
            item.icon
          )}
        </span>
        {!collapsed && <span className="nav-item__label">{item.label}</span>}
        {!collapsed && item.badge ? <CountBadge count={item.badge} className="nav-item__badge" /> : null}
        <NavBadgeText count={item.badge} />
        {!collapsed && item.external && <ExportOutlined className="nav-item__ext" aria-hidden="true" />}
      </>
    );
    const className = `nav-item${item.key === activeKey ? ' is-active' : ''}`;
    const anchor = item.external ? (
      <a
        ref={refs.items[item.key]}
        className={className}
        href={item.to!}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={collapsed ? item.label : undefined}
      >
        {content}
      </a>
    ) : (
      // A plain Link: the active item comes from activeNavKey (Schedule and «Запись» share a path).
      <Link
        ref={refs.items[item.key]}
        className={className}
        to={item.to!}
        aria-current={item.key === activeKey ? 'page' : undefined}
        aria-label={collapsed ? `${item.label}${item.badge ? `, новых: ${item.badge}` : ''}` : undefined}
      >
        {content}
      </Link>
    );
    return collapsed ? (
      <HoverTooltip key={item.key} title={item.label} placement="right">
        {anchor}
      </HoverTooltip>
    ) : (
      <span key={item.key}>{anchor}</span>
    );
  };

  return (
    <aside className={`sidebar${collapsed ? ' sidebar--collapsed' : ''}`} aria-label="Боковое меню">
      <div className="sidebar__head">
        <NavLink
          to="/"
          className="sidebar__logo"
          aria-label={collapsed ? 'Автомойка CRM — на главную' : undefined}
        >
          <BrandLogo size={34} compact={collapsed} />
        </NavLink>
        {canToggle && (
          <HoverTooltip title={collapsed ? 'Развернуть меню' : 'Свернуть меню'} placement="right">
            <button
              ref={refs.collapse}
              type="button"
              className="sidebar__toggle"
              onClick={onToggle}
              aria-label={collapsed ? 'Развернуть меню' : 'Свернуть меню'}
              aria-expanded={!collapsed}
            >
              {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            </button>
          </HoverTooltip>
        )}
      </div>
      <div className="sidebar__station">
        <StationSwitcher
          selected={props.selected}
          stations={props.stations}
          loading={props.stationsLoading}
          collapsed={collapsed}
          onSwitch={props.onSwitchStation}
          onShowAll={props.onShowAllStations}
        />
      </div>
      <nav ref={refs.menu} className="sidebar__nav" aria-label="Разделы">
        {main.map(link)}
      </nav>
      <div className="sidebar__foot">
        {external.map(link)}
        <UserBlock user={user} collapsed={collapsed} />
      </div>
    </aside>
  );
}
