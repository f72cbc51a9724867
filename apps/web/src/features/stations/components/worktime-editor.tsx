import { useState } from 'react';
import { Button, Checkbox, Flex, Tag, Typography, theme } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import {
  ROUND_THE_CLOCK,
  applyHoursToDays,
  clearDays,
  dayHours,
  normalizeTimeRange,
  timeRangeError,
  weekDayNames,
  weekDayShort,
  weekDays,
  weekSchedule,
  type WeekDay,
  type WorktimeByDay,
} from '@crm/shared';
import { TimePicker } from '../../../components/time-picker';

const weekdaysOnly: WeekDay[] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
const weekendOnly: WeekDay[] = ['Saturday', 'Sunday'];
export const pickDaysMessage = 'Выберите дни недели';

interface WorktimeEditorProps {
  value?: WorktimeByDay;
  onChange?(value: WorktimeByDay): void;
  disabled?: boolean;
  /** The station's own weekday, highlighted in the list. */
  today?: WeekDay;
}

/**
 * Working hours per day (S2 §4 «Working-hours editor»): pick days, then a time range, then apply. Start must
 * be earlier than end (S2 §5). The week below shows the result; a day can be made a day off from there.
 */
export function WorktimeEditor({ value = {}, onChange, disabled, today }: WorktimeEditorProps) {
  const { token } = theme.useToken();
  const [selected, setSelected] = useState<WeekDay[]>([]);
  const [range, setRange] = useState({ start: '09:00', end: '21:00' });
  const [roundClock, setRoundClock] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const toggle = (day: WeekDay) => {
    setError(null);
    setSelected((prev) => {
      if (prev.includes(day)) return prev.filter((d) => d !== day);
      // Picking the first day shows its current hours, so editing a day starts from what it has.
      const hours = prev.length === 0 ? dayHours(value, day) : null;
      if (hours) {
        const whole = hours.start === ROUND_THE_CLOCK.start && hours.end === ROUND_THE_CLOCK.end;
        setRoundClock(whole);
        if (!whole) setRange(hours);
      }
      return weekDays.filter((d) => d === day || prev.includes(d));
    });
  };

  const apply = () => {
    if (selected.length === 0) return setError(pickDaysMessage);
    const hours = roundClock ? ROUND_THE_CLOCK : normalizeTimeRange(range.start, range.end);
    const problem = roundClock ? null : timeRangeError(hours.start, hours.end);
    if (problem) return setError(problem);
    onChange?.(applyHoursToDays(value, selected, hours));
    setSelected([]);
    setError(null);
  };

  const makeDayOff = (days: WeekDay[]) => {
    if (days.length === 0) return setError(pickDaysMessage);
    onChange?.(clearDays(value, days));
    setSelected((prev) => prev.filter((d) => !days.includes(d)));
    setError(null);
  };

  const preset = (days: WeekDay[]) => {
    setError(null);
    setSelected(days);
  };

  const week = (
    <div
      style={{
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        overflow: 'hidden',
      }}
    >
      {weekSchedule(value).map((row, i) => (
        <Flex
          key={row.day}
          align="center"
          justify="space-between"
          gap={8}
          style={{
            padding: disabled ? '8px 12px' : '6px 8px 6px 12px',
            borderTop: i === 0 ? undefined : `1px solid ${token.colorBorderSecondary}`,
            background: row.day === today ? token.colorPrimaryBg : undefined,
          }}
        >
          <Flex gap={8} align="center" style={{ minWidth: 0 }}>
            <Typography.Text strong style={{ width: 28, flex: 'none' }}>
              {weekDayShort[row.day]}
            </Typography.Text>
            <Typography.Text type="secondary" ellipsis>
              {weekDayNames[row.day]}
              {row.day === today ? ' · сегодня' : ''}
            </Typography.Text>
          </Flex>
          <Flex gap={4} align="center" style={{ flex: 'none' }}>
            <Tag color={row.hours ? 'processing' : 'default'} style={{ marginInlineEnd: 0 }}>
              {row.label}
            </Tag>
            {!disabled && (
              <Button
                type="text"
                size="small"
                icon={<CloseOutlined />}
                aria-label={`${weekDayNames[row.day]}: сделать выходным`}
                disabled={!row.hours}
                onClick={() => makeDayOff([row.day])}
                style={{ visibility: row.hours ? 'visible' : 'hidden' }}
              />
            )}
          </Flex>
        </Flex>
      ))}
    </div>
  );
  // Read-only (workers, administrators): just the week.
  if (disabled) return week;

  return (
    <Flex vertical gap={12}>
      <div
        role="group"
        aria-label="Дни недели"
        style={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 6, maxWidth: 420 }}
      >
        {weekDays.map((day) => (
          <Button
            key={day}
            type={selected.includes(day) ? 'primary' : 'default'}
            aria-pressed={selected.includes(day)}
            aria-label={weekDayNames[day]}

            onClick={() => toggle(day)}
            style={{ paddingInline: 0 }}
          >
            {weekDayShort[day]}
          </Button>
        ))}
      </div>
      <Flex wrap gap={4} align="center">
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          Выбрать:
        </Typography.Text>
        <Button size="small" type="link" onClick={() => preset(weekdaysOnly)}>
          будни
        </Button>
        <Button size="small" type="link" onClick={() => preset(weekendOnly)}>
          выходные
        </Button>
        <Button size="small" type="link" onClick={() => preset([...weekDays])}>
          все дни
        </Button>
      </Flex>
      <Flex wrap gap={8} align="center">
        <TimePicker
          aria-label="Начало работы"
          width={118}
          value={range.start}
          disabled={roundClock}
          onChange={(start) => setRange((r) => ({ ...r, start }))}
        />
        <span aria-hidden>—</span>
        <TimePicker
          aria-label="Конец работы"
          width={118}
          value={range.end}
          disabled={roundClock}
          onChange={(end) => setRange((r) => ({ ...r, end }))}
        />
        <Checkbox checked={roundClock} onChange={(e) => setRoundClock(e.target.checked)}>
          Круглосуточно
        </Checkbox>
      </Flex>
      <Flex wrap gap={8}>
        <Button type="primary" ghost onClick={apply}>
          Применить к выбранным дням
        </Button>
        <Button onClick={() => makeDayOff(selected)}>Сделать выходным</Button>
      </Flex>
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
      {week}
    </Flex>
  );
}
