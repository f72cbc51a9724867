import { Button } from 'antd';
import { CountBadge } from '../../../components/count-badge';
import { HoverTooltip } from '../../../components/hover-tooltip';
import { LazyPopover } from '../../../components/lazy-popover';
import { CloseOutlined, FilterOutlined } from '@ant-design/icons';
import {
  orderStatuses,
  orderStatusLabels,
  orderTypeLabels,
  orderTypes,
  type OrderStatus,
  type OrderType,
} from '@crm/shared';
import {
  changedFilterCount,
  defaultFilters,
  isDefaultFilters,
  type CalendarFilters,
  type FilterCounts,
} from '../lib/calendar-filters';
import { statusKind } from '../lib/calendar-events';
import './filter-popover.css';

interface FilterPopoverProps {
  filters: CalendarFilters;
  counts: FilterCounts;
  /** Events of the visible days the filters leave out. */
  hidden: number;
  onChange(next: CalendarFilters): void;
  /** Icon only (phones). */
  iconOnly?: boolean;
}

function toggle<T>(list: readonly T[], value: T, on: boolean, order: readonly T[]): T[] {
  const next = on ? [...list, value] : list.filter((v) => v !== value);
  return order.filter((v) => next.includes(v));
}

/** «Скрыто фильтром: 3». */
export const hiddenLabel = (hidden: number) => `Скрыто фильтром: ${hidden}`;

/**
 * S1 §2: filter by order type and order status, with counts and a reset. A filter that is on is never
 * silent (issue 10): the button carries the number of changed options and says so to a screen reader,
 * a one-click «Сбросить» sits beside it, and the orders it hides on the visible days are counted.
 */
export function FilterPopover({ filters, counts, hidden, onChange, iconOnly }: FilterPopoverProps) {
  const changed = changedFilterCount(filters);
  const reset = () => onChange(defaultFilters);
  const buttonName = changed ? `Фильтры (активно: ${changed})` : 'Фильтры';

  const content = (
    <div className="cal-filter">
      {hidden > 0 && <p className="cal-filter__hidden">{hiddenLabel(hidden)}</p>}
      <fieldset className="cal-filter__group">
        <legend>Тип записи</legend>
        {orderTypes.map((type: OrderType) => (
          <label key={type} className="cal-filter__row">
            <input
              type="checkbox"
              className="cal-filter__check"
              checked={filters.types.includes(type)}
              onChange={(e) =>
                onChange({ ...filters, types: toggle(filters.types, type, e.target.checked, orderTypes) })
              }
            />
            <span className="cal-filter__label">{orderTypeLabels[type]}</span>
            <span className="cal-filter__count">{counts.types[type]}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="cal-filter__group">
        <legend>Статус</legend>
        {orderStatuses.map((status: OrderStatus) => (
          <label key={status} className="cal-filter__row">
            <input
              type="checkbox"
              className="cal-filter__check"
              checked={filters.statuses.includes(status)}
              onChange={(e) =>
                onChange({
                  ...filters,
                  statuses: toggle(filters.statuses, status, e.target.checked, orderStatuses),
                })
              }
            />
            <span className={`cal-filter__dot ev--${statusKind(status)}`} aria-hidden="true" />
            <span className="cal-filter__label">{orderStatusLabels[status]}</span>
            <span className="cal-filter__count">{counts.statuses[status]}</span>
          </label>
        ))}
      </fieldset>
      <Button block disabled={isDefaultFilters(filters)} onClick={reset}>
        Сбросить
      </Button>
    </div>
  );

  return (
    <span className="cal-filters">
      {/* On a phone the button sits mid-row: aligned to its right edge the window ran off the screen,
          counts and all. */}
      <LazyPopover
        trigger="click"
        placement={iconOnly ? 'bottom' : 'bottomRight'}
        content={content}
        title="Фильтры"
        arrow={false}
      >
        <CountBadge count={changed} small offset={[-4, 4]} color="var(--crm-accent)">
          <Button
            icon={<FilterOutlined />}
            aria-label={buttonName}
            className={changed ? 'cal-filters__button--on' : undefined}
          >
            {iconOnly ? null : 'Фильтры'}
          </Button>
        </CountBadge>
      </LazyPopover>
      {changed > 0 && !iconOnly && (
        <>
          {hidden > 0 && <span className="cal-filters__hidden">{hiddenLabel(hidden)}</span>}
          <Button
            type="link"
            size="small"
            className="cal-filters__reset"
            aria-label="Сбросить фильтры"
            onClick={reset}
          >
            Сбросить
          </Button>
        </>
      )}
      {changed > 0 && iconOnly && (
        <HoverTooltip title={hidden > 0 ? `${hiddenLabel(hidden)}. Сбросить фильтры` : 'Сбросить фильтры'}>
          <Button
            icon={<CloseOutlined />}
            aria-label={hidden > 0 ? `Сбросить фильтры. ${hiddenLabel(hidden)}` : 'Сбросить фильтры'}
            onClick={reset}
          />
        </HoverTooltip>
      )}
    </span>
  );
}
