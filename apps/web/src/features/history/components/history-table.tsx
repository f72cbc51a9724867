import type { TableColumnsType } from 'antd';
import { carTitle, formatHistoryDate, formatRub, type Order } from '@crm/shared';
import { ListTable, OpenRowButton } from '../../../components/list-table';
import { StatusTag } from './status-tag';

interface HistoryTableProps {
  orders: Order[];
  timeZone: string;
  onOpen(id: string): void;
}

/**
 * The table view (S1 §2): Дата, Автомобиль, Сумма, Статус, Действия. A click anywhere on a row opens the
 * order; the «Открыть» button is the same for the keyboard.
 */
export function HistoryTable({ orders, timeZone, onOpen }: HistoryTableProps) {
  const columns: TableColumnsType<Order> = [
    {
      key: 'date',
      title: 'Дата',
      width: 150,
      render: (_, o) => formatHistoryDate(o.booking_start, timeZone),
    },
    { key: 'car', title: 'Автомобиль', render: (_, o) => carTitle(o.client_car) || '—' },
    { key: 'sum', title: 'Сумма', align: 'right', width: 130, render: (_, o) => formatRub(o.sum) },
    { key: 'status', title: 'Статус', width: 180, render: (_, o) => <StatusTag status={o.status} /> },
    {
      key: 'actions',
      title: 'Действия',
      width: 120,
      render: (_, o) => (
        <OpenRowButton label={`Открыть заказ ${carTitle(o.client_car)}`.trim()} onOpen={() => onOpen(o.id)} />
      ),
    },
  ];
  return (
    <ListTable className="history-table" columns={columns} rows={orders} scrollX={720} onOpen={onOpen} />
  );
}
