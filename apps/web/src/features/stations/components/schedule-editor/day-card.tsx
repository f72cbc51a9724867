import { Card, Flex, Switch, Tag, Typography, theme } from 'antd';
import { DAY_OFF_LABEL, formatDayHours, weekDayNames, type WeekDay } from '@crm/shared';
import { HoursSlider } from './hours-slider';
import { rangeOf, setDayRange, setDayWorking, type ScheduleDraft } from './schedule-draft';

interface DayCardProps {
  day: WeekDay;
  draft: ScheduleDraft;
  onChange(next: ScheduleDraft): void;
  readOnly: boolean;
  error?: string;
  /** Which of this card's controls the tutorial points at (the first card, the first working one). */
  tourSwitch?: boolean;
  tourHours?: boolean;
}

/** One weekday (S2 §2 «Station schedule»): its hours or «Выходной», and, to those who may, the controls. */
export function DayCard({ day, draft, onChange, readOnly, error, tourSwitch, tourHours }: DayCardProps) {
  const { token } = theme.useToken();
  const name = weekDayNames[day];
  const working = draft.days.includes(day);
  const status = working ? formatDayHours(draft.worktime, day) : DAY_OFF_LABEL;
  const switchId = `schedule-day-${day}`;
  const errorId = `${switchId}-error`;

  return (
    <Card
      size="small"
      role="group"
      aria-label={name}
      aria-describedby={error ? errorId : undefined}
      style={error ? { borderColor: token.colorError } : undefined}
    >
      <Flex vertical gap={4}>
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Typography.Text strong>{name}</Typography.Text>
          <Tag style={{ marginInlineEnd: 0 }}>{status}</Tag>
        </Flex>
        {!readOnly && (
          <label
            htmlFor={switchId}
            style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', minHeight: 40 }}
          >
            <Typography.Text type="secondary">Рабочий день</Typography.Text>
            <span data-tour={tourSwitch ? 'day-switch' : undefined}>
              <Switch
                id={switchId}
                checked={working}
                aria-label={`${name}: рабочий день`}
                onChange={(on) => onChange(setDayWorking(draft, day, on))}
              />
            </span>
          </label>
        )}
        {!readOnly && working && (
          <HoursSlider
            label={name}
            value={rangeOf(draft.worktime, day)}
            onChange={(range) => onChange(setDayRange(draft, day, range))}
            tourAnchor={tourHours}
          />
        )}
        {error && (
          <Typography.Text id={errorId} type="danger">
            {error}
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
