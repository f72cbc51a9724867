import { useState, type KeyboardEvent } from 'react';
import { HoverTooltip } from '../../components/hover-tooltip';
import { LazyPopover } from '../../components/lazy-popover';
import { AppstoreOutlined, CarOutlined, CheckOutlined, DownOutlined } from '@ant-design/icons';
import { messages, type Station } from '@crm/shared';
import type { SelectedStation } from './use-shell-data';

interface StationSwitcherProps {
  selected: SelectedStation | null;
  stations: Station[];
  collapsed?: boolean;
  /** The list is still loading: its count is not shown as «0». */
  loading?: boolean;
  onSwitch(stationId: string): void;
  onShowAll(): void;
}

/** Arrow keys move between the options of the open list (the rest is ordinary buttons and Tab). */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  event.preventDefault();
  const options = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
  const at = options.indexOf(document.activeElement as HTMLButtonElement);
  const next = event.key === 'ArrowDown' ? at + 1 : at - 1;
  options[(next + options.length) % options.length]?.focus();
}

/**
 * The selected station and the list of the user's stations (S1 §2 «The id is swapped when the user
 * changes station»). A popover with plain buttons rather than antd's Dropdown: the menu stack would add
 * ~35 KB gzip to every signed-in page.
 */
export function StationSwitcher({
  selected,
  stations,
  collapsed,
  loading,
  onSwitch,
  onShowAll,
}: StationSwitcherProps) {
  const [open, setOpen] = useState(false);
  // Nothing to choose (the system admin, who runs partners, not stations; an owner before his first
  // station): no «Выберите станцию · Станций в сети: 0».
  if (!selected && !loading && stations.length === 0) return null;
  const name = selected ? (selected.station?.name ?? messages.station.external) : 'Выберите станцию';
  const hint =
    selected?.station?.address ??
    (selected ? 'Открыта по ссылке' : loading ? 'Загрузка станций…' : `Станций в сети: ${stations.length}`);
  const choose = (action: () => void) => {
    setOpen(false);
    action();
  };

  const list = (
    // S1 §9: the station list is at most 15 rem high.
    <div className="station-list" role="listbox" aria-label="Станции" onKeyDown={moveFocus}>
      {stations.map((s) => (
        <button
          key={s.id}
          type="button"
          role="option"
          aria-selected={s.id === selected?.id}
          className={`station-list__item${s.id === selected?.id ? ' is-selected' : ''}`}
          onClick={() => choose(() => onSwitch(s.id))}
        >
          <span className="station-list__icon" aria-hidden="true">
            {s.id === selected?.id ? <CheckOutlined /> : <CarOutlined />}
          </span>
          <span className="station-option">
            <span className="station-option__name">{s.name}</span>
            {s.address && <span className="station-option__address">{s.address}</span>}
          </span>
        </button>
      ))}
      <button
        type="button"
        role="option"
        aria-selected={false}
        className="station-list__item station-list__item--all"
        onClick={() => choose(onShowAll)}
      >
        <span className="station-list__icon" aria-hidden="true">
          <AppstoreOutlined />
        </span>
        <span className="station-option__name">Все станции</span>
      </button>
    </div>
  );

  const trigger = (
    <button
      type="button"
      className={`station-switcher${collapsed ? ' station-switcher--collapsed' : ''}`}
      aria-label={collapsed ? `Станция: ${name}. Сменить станцию` : undefined}
      aria-haspopup="listbox"
      aria-expanded={open}
      aria-busy={loading || undefined}
    >
      <span className="station-switcher__badge" aria-hidden="true">
        {selected?.station ? selected.station.name.trim()[0]?.toUpperCase() : <CarOutlined />}
      </span>
      {!collapsed && (
        <>
          <span className="station-switcher__text">
            <span className="station-switcher__name">{name}</span>
            <span className="station-switcher__hint">{hint}</span>
            <span className="visually-hidden">Сменить станцию</span>
          </span>
          <DownOutlined className="station-switcher__chevron" aria-hidden="true" />
        </>
      )}
    </button>
  );

  return (
    <LazyPopover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      placement={collapsed ? 'rightTop' : 'bottomLeft'}
      arrow={false}
      content={list}
      styles={{ container: { padding: 6 } }}
    >
      {collapsed ? (
        <HoverTooltip title={name} placement="right">
          {trigger}
        </HoverTooltip>
      ) : (
        trigger
      )}
    </LazyPopover>
  );
}
