import type { TableColumnsType } from 'antd';
import type { Driver } from '@crm/shared';
import { ListTable, OpenRowButton } from '../../../components/list-table';
import { carsLine, clientDate, clientName, clientPhone } from '../lib/client-labels';
import { ClientTags } from './client-status';

interface ClientsTableProps {
  drivers: Driver[];
  onOpen(id: string): void;
}

/** The table view: Клиент, Телефон, Автомобили, Скидка, Добавлен; a row (or «Открыть») opens the card. */
export function ClientsTable({ drivers, onOpen }: ClientsTableProps) {
  const columns: TableColumnsType<Driver> = [
    {
      key: 'name',
      title: 'Клиент',
      render: (_, d) => (
        <span className={d.deleted ? 'client-deleted' : undefined}>
          {clientName(d)} <ClientTags discount={0} deleted={d.deleted} />
        </span>
      ),
    },
    { key: 'phone', title: 'Телефон', width: 190, render: (_, d) => clientPhone(d) },
    { key: 'cars', title: 'Автомобили', render: (_, d) => carsLine(d) || '—' },
    {
      key: 'discount',
      title: 'Скидка',
      width: 100,
      align: 'right',
      render: (_, d) => (d.discount > 0 ? `${d.discount} %` : '—'),
    },
    { key: 'created', title: 'Добавлен', width: 120, render: (_, d) => clientDate(d.date_created) },
    {
      key: 'actions',
      title: 'Действия',
      width: 120,
      render: (_, d) => (
        <OpenRowButton label={`Открыть клиента ${clientName(d)}`} onOpen={() => onOpen(d.id)} />
      ),
    },
  ];
  return (
    <ListTable className="clients-table" columns={columns} rows={drivers} scrollX={860} onOpen={onOpen} />
  );
}
