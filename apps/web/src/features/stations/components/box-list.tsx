import { useMemo } from 'react';
import { Button, Tag } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { stationClock, type Station } from '@crm/shared';
import { boxesNow, takenLabel, useDayOrders } from '../../schedule';
import { boxStatusLabel } from '../lib/format';
import { useStationContext } from '../lib/station-context';
import './settings-pages.css';

interface BoxListProps {
  /** The boxes as saved. */
  saved: Station['boxes'];
  /** How many there will be after saving. */
  count: number;
  disabled?: boolean;
  onRemoveLast(): void;
}

/**
 * What is in each box now (issue 38: every box read «Свободен» while cars were in them): an order in
 * progress makes it Busy, a blocked slot now Blocked. Today's orders as the calendar keeps them, brought
 * up to date by the live order events.
 */
function useBoxesNow(): Map<number, { status: 'Busy' | 'Blocked'; label: string }> {
  const { station } = useStationContext();
  const zone = station.time_zone;
  const orders = useDayOrders(station.id, zone, stationClock(zone).date).data?.orders;
  return useMemo(() => {
    const result = new Map<number, { status: 'Busy' | 'Blocked'; label: string }>();
    for (const [box, order] of boxesNow(orders ?? [], Date.now())) {
      const blocked = order.order_type === 'BlockerBookingSlot';
      result.set(box, { status: blocked ? 'Blocked' : 'Busy', label: takenLabel(order, zone) });
    }
    return result;
  }, [orders, zone]);
}

/**
 * «Бокс 1 … Бокс N» with their status: what is in them now (`useBoxesNow`). Boxes not saved yet are Free (S2 §5 «New boxes get the next number
 * and status Free»); only the last one can go, as the server removes boxes from the end.
 */
export function BoxList({ saved, count, disabled, onRemoveLast }: BoxListProps) {
  const inBoxes = useBoxesNow();
  const rows = Array.from({ length: count }, (_, i) => {
    const number = i + 1;
    const box = saved.find((b) => b.number === number);
    const now = box ? inBoxes.get(number) : undefined;
    return { number, status: now?.status ?? box?.status ?? 'Free', detail: now?.label, isNew: !box };
  });
  return (
    <ul className="box-list" aria-label="Боксы станции">
      {rows.map((row) => {
        const status = boxStatusLabel(row.status);
        return (
          <li key={row.number} className="box-list__row">
            <span className="box-list__name" style={{ whiteSpace: 'nowrap' }}>
              Бокс {row.number}
            </span>
            {/* Plain tags: the coloured ones fail contrast, and a status is not an alarm. */}
            <Tag>{status}</Tag>
            {row.detail && (
              <span
                className="box-list__detail"
                style={{ color: 'var(--crm-text-2)', fontSize: 13, minWidth: 0 }}
              >
                {row.detail}
              </span>
            )}
            {row.isNew && <Tag>Новый</Tag>}
            {row.number === count && count > 1 && !disabled && (
              <Button
                type="text"
                danger
                className="box-list__remove"
                icon={<DeleteOutlined />}
                aria-label={`Убрать бокс ${row.number}`}
                onClick={onRemoveLast}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}
