import { useState, type ReactNode } from 'react';
import { Button, Segmented } from 'antd';
import { HoverTooltip } from '../../../components/hover-tooltip';
import { LazyPopover } from '../../../components/lazy-popover';
import { CalendarOutlined, LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import { PageTitle } from '../../../components/page-title';
import { preloadable } from '../../../lib/preloadable';
import type { CalendarView } from '../lib/calendar-days';
import { weekStart } from '../lib/calendar-dates';

// The month grid loads when the date popover first opens (issue 15: the calendar route's first download).
const DateJumpCalendar = preloadable(
  async () => ({ default: (await import('./date-jump-calendar')).DateJumpCalendar }),
  <div className="cal-picker__loading" />,
).Component;

interface CalendarToolbarProps {
  stationName: string;
  view: CalendarView;
  selected: string;
  today: string;
  compact: boolean;
  canCreate: boolean;
  filter: ReactNode;
  onView(view: CalendarView): void;
  onDate(date: string): void;
  onStep(step: 1 | -1): void;
  onNewOrder(): void;
}

const ru = (date: string) => dayjs(date).locale('ru');

/** «среда, 13 мая» or «11 – 17 мая 2026». */
export function periodLabel(view: CalendarView, selected: string, weekDates: readonly string[]): string {
  if (view === 'day') return ru(selected).format('dddd, D MMMM YYYY');
  const first = ru(weekDates[0]!);
  const last = ru(weekDates[weekDates.length - 1]!);
  if (first.month() === last.month()) return `${first.format('D')} – ${last.format('D MMMM YYYY')}`;
  if (first.year() === last.year()) return `${first.format('D MMMM')} – ${last.format('D MMMM YYYY')}`;
  return `${first.format('D MMMM YYYY')} – ${last.format('D MMMM YYYY')}`;
}

/** The calendar's header: title, period, previous/next, today, the date popover, view, filters, new order. */
export function CalendarToolbar(props: CalendarToolbarProps & { period: string }) {
  const { view, selected, today, compact } = props;
  const [pickerOpen, setPickerOpen] = useState(false);

  const picker = (
    <div className="cal-picker">
      <DateJumpCalendar
        selected={selected}
        onPick={(date) => {
          props.onDate(date);
          setPickerOpen(false);
        }}
      />
      <Button
        block
        type="link"
        onClick={() => {
          props.onDate(today);
          setPickerOpen(false);
        }}
      >
        Сегодня
      </Button>
    </div>
  );

  return (
    <header className="cal-toolbar">
      <PageTitle title="Расписание" station={props.stationName} />
      <div className="cal-toolbar__tools">
        <div className="cal-toolbar__nav">
          <HoverTooltip title={view === 'day' ? 'Предыдущий день' : 'Предыдущая неделя'}>
            <Button
              icon={<LeftOutlined />}
              aria-label={view === 'day' ? 'Предыдущий день' : 'Предыдущая неделя'}
              onClick={() => props.onStep(-1)}
            />
          </HoverTooltip>
          <LazyPopover
            trigger="click"
            open={pickerOpen}
            onOpenChange={setPickerOpen}
            content={picker}
            placement="bottom"
            arrow={false}
          >
            <Button
              className="cal-toolbar__period"
              icon={<CalendarOutlined />}
              aria-label={`Выбрать дату: ${props.period}`}
            >
              <span className="cal-toolbar__period-text">{props.period}</span>
            </Button>
          </LazyPopover>
          <HoverTooltip title={view === 'day' ? 'Следующий день' : 'Следующая неделя'}>
            <Button
              icon={<RightOutlined />}
              aria-label={view === 'day' ? 'Следующий день' : 'Следующая неделя'}
              onClick={() => props.onStep(1)}
            />
          </HoverTooltip>
          {!compact && (
            <Button
              onClick={() => props.onDate(today)}
              disabled={view === 'day' ? selected === today : weekStart(selected) === weekStart(today)}
            >
              Сегодня
            </Button>
          )}
        </div>
        <div className="cal-toolbar__view">
          <Segmented<CalendarView>
            value={view}
            onChange={props.onView}
            options={[
              { value: 'day', label: 'День' },
              { value: 'week', label: 'Неделя' },
            ]}
            aria-label="Вид календаря"
          />
          {props.filter}
          {props.canCreate && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={props.onNewOrder}
              aria-label={compact ? 'Новая запись' : undefined}
            >
              {compact ? null : 'Новая запись'}
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
