import { lazy, Suspense } from 'react';
import { Button, Segmented, Skeleton } from 'antd';
import { HoverTooltip } from './hover-tooltip';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import { periodLabels, periodRange, shiftPeriod, type DateRange, type PeriodKind } from '@crm/shared';
import { useViewport } from '../lib/use-media-query';
import './period-selector.css';

const PeriodRangePicker = lazy(() => import('./period-range-picker'));

export interface PeriodValue {
  kind: PeriodKind;
  range: DateRange;
}

interface PeriodSelectorProps {
  /** The kinds offered, in order (S1 §2: day, week, month, year, optionally quarter and all time). */
  kinds: readonly PeriodKind[];
  value: PeriodValue;
  onChange(value: PeriodValue): void;
  /** Today on the station's clock, YYYY-MM-DD: a newly chosen kind starts at the period holding it. */
  today: string;
  /** Accessible name of the group, e.g. «Период». */
  label?: string;
}

const ru = (date: string) => dayjs(date).locale('ru');

/** «22 ноября 2026», «16 – 22 ноября 2026», «ноябрь 2026», «2026 год», «с 01.01.2022». */
export function periodTitle({ kind, range }: PeriodValue): string {
  const start = ru(range.start);
  const end = ru(range.end);
  switch (kind) {
    case 'day':
      return start.format('D MMMM YYYY');
    case 'month':
      return start.format('MMMM YYYY');
    case 'year':
      return `${start.format('YYYY')} год`;
    case 'all':
      // No end: the history's «Всё время» holds orders booked for later too (issue 38).
      return `с ${start.format('DD.MM.YYYY')}`;
    default:
      if (range.start === range.end) return start.format('D MMMM YYYY');
      if (start.year() !== end.year()) return `${start.format('D MMMM YYYY')} – ${end.format('D MMMM YYYY')}`;
      if (start.month() !== end.month()) return `${start.format('D MMMM')} – ${end.format('D MMMM YYYY')}`;
      return `${start.format('D')} – ${end.format('D MMMM YYYY')}`;
  }
}

const stepNames: Partial<Record<PeriodKind, [string, string]>> = {
  day: ['Предыдущий день', 'Следующий день'],
  week: ['Предыдущая неделя', 'Следующая неделя'],
  month: ['Предыдущий месяц', 'Следующий месяц'],
  quarter: ['Предыдущий квартал', 'Следующий квартал'],
  year: ['Предыдущий год', 'Следующий год'],
  custom: ['Предыдущий период', 'Следующий период'],
};

/**
 * The shared period selector (S1 §2 «Shared screens»): the kinds as a segmented control (on phones, where
 * six labels do not fit, the phone's own select: its wheel or sheet under the thumb, and no antd Select in
 * the dashboard's first load, issue 15), arrows to the previous and next period, the period in words, and
 * a date-range picker for «Период» (loaded when chosen).
 */
export function PeriodSelector({ kinds, value, onChange, today, label = 'Период' }: PeriodSelectorProps) {
  const compact = useViewport() === 'mobile';
  const options = kinds.map((kind) => ({ value: kind, label: periodLabels[kind] }));
  const choose = (kind: PeriodKind) =>
    onChange({ kind, range: kind === 'custom' ? value.range : periodRange(kind, today) });
  const steps = stepNames[value.kind];

  return (
    <div className="period-selector" role="group" aria-label={label}>
      {compact ? (
        <select
          className="period-selector__kinds period-selector__native"
          value={value.kind}
          onChange={(event) => choose(event.target.value as PeriodKind)}
          aria-label={label}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <Segmented
          className="period-selector__kinds"
          aria-label="Период"
          value={value.kind}
          options={options}
          onChange={(kind) => choose(kind as PeriodKind)}
        />
      )}
      {value.kind === 'custom' ? (
        <Suspense fallback={<Skeleton.Input active className="period-selector__range" />}>
          <PeriodRangePicker range={value.range} onChange={(range) => onChange({ kind: 'custom', range })} />
        </Suspense>
      ) : null}
      <div className="period-selector__nav">
        {steps && (
          <HoverTooltip title={steps[0]}>
            <Button
              icon={<LeftOutlined />}
              aria-label={steps[0]}
              onClick={() => onChange({ ...value, range: shiftPeriod(value.kind, value.range, -1) })}
            />
          </HoverTooltip>
        )}
        <span className="period-selector__title" aria-live="polite">
          {periodTitle(value)}
        </span>
        {steps && (
          <HoverTooltip title={steps[1]}>
            <Button
              icon={<RightOutlined />}
              aria-label={steps[1]}
              onClick={() => onChange({ ...value, range: shiftPeriod(value.kind, value.range, 1) })}
            />
          </HoverTooltip>
        )}
      </div>
    </div>
  );
}
