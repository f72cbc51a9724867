import { useState } from 'react';
import { Button, Card, Flex, Typography } from 'antd';
import { weekDayNames, weekDayShort, weekDays } from '@crm/shared';
import { pickDaysMessage } from '../worktime-editor';
import { HoursSlider } from './hours-slider';
import {
  DEFAULT_RANGE,
  applyToPicked,
  emptyPick,
  rangeLabel,
  toggleBulkDay,
  type BulkPick,
  type ScheduleDraft,
  type SliderRange,
} from './schedule-draft';

interface BulkHoursRowProps {
  draft: ScheduleDraft;
  pick: BulkPick;
  onChange(draft: ScheduleDraft, pick: BulkPick): void;
}

/**
 * The fast way (S2 §4 «Working-hours editor»): pick days, then a time range, then apply — weekdays
 * 09:00–21:00 in four taps instead of five sliders.
 */
export function BulkHoursRow({ draft, pick, onChange }: BulkHoursRowProps) {
  const [range, setRange] = useState<SliderRange>(DEFAULT_RANGE);
  const [error, setError] = useState<string | null>(null);

  const apply = () => {
    if (pick.picked.length === 0) return setError(pickDaysMessage);
    setError(null);
    onChange(applyToPicked(draft, pick, range), emptyPick);
  };

  return (
    <Card size="small" title="Несколько дней сразу">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          Выберите дни, затем часы и нажмите «Применить». Пока часы не применены, выбранный день считается
          выходным.
        </Typography.Text>
        <div
          role="group"
          aria-label="Дни для новых часов"
          style={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 6, maxWidth: 420 }}
        >
          {weekDays.map((day) => {
            const picked = pick.picked.includes(day);
            return (
              <Button
                key={day}
                type={picked ? 'primary' : 'default'}
                aria-pressed={picked}
                aria-label={`${weekDayShort[day]} (${weekDayNames[day].toLowerCase()})`}
                onClick={() => {
                  setError(null);
                  const next = toggleBulkDay(draft, pick, day);
                  onChange(next.draft, next.pick);
                }}
                style={{ paddingInline: 0, minHeight: 40 }}
              >
                {weekDayShort[day]}
              </Button>
            );
          })}
        </div>
        <HoursSlider label="Выбранные дни" value={range} onChange={setRange} />
        <Flex align="center" gap={12} wrap>
          <Button onClick={apply} style={{ minHeight: 40 }}>
            Применить
          </Button>
          <Typography.Text type="secondary">{rangeLabel(range)}</Typography.Text>
        </Flex>
        {error && (
          <Typography.Text type="danger" role="alert">
            {error}
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
