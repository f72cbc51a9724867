import { useMemo } from 'react';
import { Form, Select, Typography } from 'antd';
import { toMinutes, type Station } from '@crm/shared';
import type { Dayjs } from 'dayjs';
import type { TimeRange } from '../../../components/time-range-picker';
import { fromWall } from '../../../lib/station-time';
import { boxesTaken, takenLabel, useDayOrders } from '../../schedule';

/** «Любой свободный»: the server puts the order on the first box free at its time. */
export const ANY_BOX = 'any';
export type BoxChoice = number | typeof ANY_BOX;

interface BoxFieldProps {
  station: Station;
  value: BoxChoice;
  onChange(value: BoxChoice): void;
}

/**
 * «Бокс» of the new-order form (issue 38): «Любой свободный» or one box, each marked with the order that
 * takes it at the chosen time (from the calendar's own cached day). A taken box may still be chosen: the
 * server then answers «Время занято» naming that order, shown on the time field.
 */
export function BoxField({ station, value, onChange }: BoxFieldProps) {
  const zone = station.time_zone;
  const date = Form.useWatch('date') as Dayjs | undefined;
  const time = Form.useWatch('time') as TimeRange | undefined;
  const day = date?.isValid() ? date.format('YYYY-MM-DD') : undefined;
  const orders = useDayOrders(station.id, zone, day).data?.orders;
  const taken = useMemo(() => {
    if (!day || !time?.start || !time.end || !orders) return new Map();
    const start = fromWall(day, toMinutes(time.start), zone);
    const end = fromWall(day, toMinutes(time.end), zone);
    return end > start ? boxesTaken(orders, start, end) : new Map();
  }, [day, time?.start, time?.end, orders, zone]);

  const options = [
    { value: ANY_BOX, label: 'Любой свободный' },
    ...station.boxes.map((b) => {
      const other = taken.get(b.number);
      return {
        value: b.number,
        label: other ? `Бокс ${b.number} — занят: ${takenLabel(other, zone)}` : `Бокс ${b.number} — свободен`,
      };
    }),
  ];
  const chosen = value === ANY_BOX ? undefined : taken.get(value);
  return (
    <Form.Item
      label="Бокс"
      htmlFor="order-box"
      extra={
        chosen ? (
          <Typography.Text type="warning" style={{ fontSize: 12 }}>
            {`В это время бокс занят: ${takenLabel(chosen, zone)}`}
          </Typography.Text>
        ) : undefined
      }
    >
      <Select id="order-box" aria-label="Бокс" value={value} options={options} onChange={onChange} />
    </Form.Item>
  );
}
