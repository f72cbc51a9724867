import { Button, Table, type TableColumnsType } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { carTitle, formatHistoryDate, formatRub, type Order } from '@crm/shared';
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
        <Button
          size="small"
          icon={<EyeOutlined />}
          aria-label={`Открыть заказ ${carTitle(o.client_car)}`.trim()}
          onClick={(event) => {
            event.stopPropagation();
            onOpen(o.id);
          }}
        >
          Открыть
        </Button>
      ),
    },
  ];
  return (
    <Table<Order>
      className="history-table"
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={orders}
      pagination={false}
      scroll={{ x: 720 }}
      onRow={(order) => ({ onClick: () => onOpen(order.id) })}
    />
  );
}
