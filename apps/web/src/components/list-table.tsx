import { Button, Table, type TableColumnsType } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import './list-view.css';

interface ListTableProps<T extends { id: string }> {
  /** The page's own class beside the shared one. */
  className: string;
  columns: TableColumnsType<T>;
  rows: T[];
  /** Width below which the table scrolls sideways. */
  scrollX: number;
  onOpen(id: string): void;
}

/** The table view of a list: a click anywhere on a row opens its item; pages are the list's own. */
export function ListTable<T extends { id: string }>({
  className,
  columns,
  rows,
  scrollX,
  onOpen,
}: ListTableProps<T>) {
  return (
    <Table<T>
      className={`list-table ${className}`}
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: scrollX }}
      onRow={(row) => ({ onClick: () => onOpen(row.id) })}
    />
  );
}

/** «Открыть» in a row's actions: the row click for the keyboard (it does not click the row twice). */
export function OpenRowButton({ label, onOpen }: { label: string; onOpen(): void }) {
  return (
    <Button
      size="small"
      icon={<EyeOutlined />}
      aria-label={label}
      onClick={(event) => {
        event.stopPropagation();
        onOpen();
      }}
    >
      Открыть
    </Button>
  );
}
