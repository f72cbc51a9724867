import { useEffect, useState } from 'react';
import { Button, Flex, Modal, Typography } from 'antd';
import { dayHours, positionLabels, shiftMessages, shiftRangeProblem, type WorktimeByDay } from '@crm/shared';
import { TimeRangePicker, type TimeRange } from '../../../components/time-range-picker';
import { useNotify } from '../../../lib/notify';
import { useSetShift } from '../api/shifts';
import { dayHeading, dayInWords, weekDayOf } from '../lib/shift-plan';
import type { CellTarget } from './shift-week-grid';

const fallbackRange: TimeRange = { start: '09:00', end: '21:00' };

/** A new shift starts as the station's hours that day (when they fit the 15-minute steps), else 09:00–21:00. */
export function initialRange(target: CellTarget, worktime: WorktimeByDay): TimeRange {
  if (target.shift) return { start: target.shift.from, end: target.shift.to };
  const hours = dayHours(worktime, weekDayOf(target.date));
  if (hours && !shiftRangeProblem(hours.start, hours.end)) return { ...hours };
  return fallbackRange;
}

interface ShiftEditModalProps {
  stationId: string;
  monday: string;
  worktime: WorktimeByDay;
  target: CellTarget | null;
  onClose(): void;
}

/** One cell's editor: the time range on 15-minute steps, «Сохранить», and «Выходной» to clear a shift. */
export function ShiftEditModal({ stationId, monday, worktime, target, onClose }: ShiftEditModalProps) {
  const notify = useNotify();
  const save = useSetShift(stationId, monday);
  const [range, setRange] = useState<TimeRange>(fallbackRange);
  useEffect(() => {
    if (target) setRange(initialRange(target, worktime));
  }, [target, worktime]);

  const problem =
    range.start && range.end ? shiftRangeProblem(range.start, range.end) : shiftMessages.bothOrNone;
  const write = (from: string | null, to: string | null) => {
    if (!target) return;
    save.mutate(
      { user_id: target.person.id, date: target.date, from, to },
      {
        onSuccess: () => {
          notify.success(from ? shiftMessages.saved : shiftMessages.cleared);
          onClose();
        },
        onError: (error) => notify.error(error, shiftMessages.saveFailed),
      },
    );
  };

  const heading = target ? dayHeading(target.date) : null;
  return (
    <Modal
      open={!!target}
      title={target ? `Смена: ${target.person.name}` : ''}
      onCancel={onClose}
      destroyOnHidden
      width={420}
      footer={
        <Flex justify="space-between" gap={8} wrap>
          {target?.shift ? (
            <Button danger disabled={save.isPending} onClick={() => write(null, null)}>
              Сделать выходным
            </Button>
          ) : (
            <span />
          )}
          <Flex gap={8}>
            <Button onClick={onClose}>Отмена</Button>
            <Button
              type="primary"
              loading={save.isPending}
              disabled={!!problem}
              onClick={() => write(range.start, range.end)}
            >
              Сохранить
            </Button>
          </Flex>
        </Flex>
      }
    >
      {target && heading && (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">
            {positionLabels[target.person.position]} · {heading.weekday}, {dayInWords(target.date)}
          </Typography.Text>
          <TimeRangePicker
            value={range}
            minuteStep={15}
            startLabel="Начало смены"
            endLabel="Окончание смены"
            onChange={(next) => setRange(next)}
          />
          {problem && (
            <Typography.Text type="danger" role="alert">
              {problem}
            </Typography.Text>
          )}
        </Flex>
      )}
    </Modal>
  );
}
