import { Badge, Button, Checkbox, Popover } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
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

interface FilterPopoverProps {
  filters: CalendarFilters;
  counts: FilterCounts;
  onChange(next: CalendarFilters): void;
  /** Icon only (phones). */
  iconOnly?: boolean;
}

function toggle<T>(list: readonly T[], value: T, on: boolean, order: readonly T[]): T[] {
  const next = on ? [...list, value] : list.filter((v) => v !== value);
  return order.filter((v) => next.includes(v));
}

/** S1 §2: filter by order type and order status, with counts and a reset. */
export function FilterPopover({ filters, counts, onChange, iconOnly }: FilterPopoverProps) {
  const changed = changedFilterCount(filters);

  const content = (
    <div className="cal-filter">
      <fieldset className="cal-filter__group">
        <legend>Тип записи</legend>
        {orderTypes.map((type: OrderType) => (
          <label key={type} className="cal-filter__row">
            <Checkbox
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
            <Checkbox
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
      <Button block disabled={isDefaultFilters(filters)} onClick={() => onChange(defaultFilters)}>
        Сбросить
      </Button>
    </div>
  );

  return (
    <Popover trigger="click" placement="bottomRight" content={content} title="Фильтры" arrow={false}>
      <Badge count={changed} size="small" offset={[-4, 4]} color="var(--crm-accent)">
        <Button icon={<FilterOutlined />} aria-label={iconOnly ? 'Фильтры' : undefined}>
          {iconOnly ? null : 'Фильтры'}
        </Button>
      </Badge>
    </Popover>
  );
}
