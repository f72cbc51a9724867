import { Button, Tag } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { Station } from '@crm/shared';
import { boxStatusLabel } from '../lib/format';
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
 * «Бокс 1 … Бокс N» with their status. Boxes not saved yet are Free (S2 §5 «New boxes get the next number
 * and status Free»); only the last one can go, as the server removes boxes from the end.
 */
export function BoxList({ saved, count, disabled, onRemoveLast }: BoxListProps) {
  const rows = Array.from({ length: count }, (_, i) => {
    const number = i + 1;
    const box = saved.find((b) => b.number === number);
    return { number, status: box?.status ?? 'Free', isNew: !box };
  });
  return (
    <ul className="box-list" aria-label="Боксы станции">
      {rows.map((row) => {
        const status = boxStatusLabel(row.status);
        return (
          <li key={row.number} className="box-list__row">
            <span className="box-list__name">Бокс {row.number}</span>
            {/* Plain tags: the coloured ones fail contrast, and a status is not an alarm. */}
            <Tag>{status}</Tag>
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
