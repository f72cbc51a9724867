import { Button, Card, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { staffLimits } from '@crm/shared';
import type { StaffRow } from './staff/staff-rows';
import './settings-pages.css';

export interface StaffActions {
  onEdit(row: StaffRow): void;
  onRemove(row: StaffRow): void;
}

interface StaffListProps extends StaffActions {
  rows: StaffRow[];
  /** Managers see the actions column (S2 §2); others read the list. */
  showActions: boolean;
}

const Phone = ({ row }: { row: StaffRow }) =>
  row.user.number ? <a href={`tel:${row.user.number}`}>{row.phone}</a> : <>{row.phone}</>;

function RowActions({ row, onEdit, onRemove }: StaffActions & { row: StaffRow }) {
  return (
    <Flex gap={4}>
      {row.canEdit && (
        <Button
          type="text"
          icon={<EditOutlined />}
          aria-label={`Изменить ${row.fullName}`}
          title="Изменить"
          onClick={() => onEdit(row)}
        />
      )}
      {row.canChangeMembership && (
        <Button
          type="text"
          icon={<DeleteOutlined />}
          aria-label={`Удалить ${row.fullName}`}
          title="Удалить"
          onClick={() => onRemove(row)}
        />
      )}
    </Flex>
  );
}

function columns(actions: StaffActions | null): TableColumnsType<StaffRow> {
  const base: TableColumnsType<StaffRow> = [
    {
      title: 'Сотрудник',
      key: 'name',
      render: (_, row) => (
        <>
          <Typography.Text strong>{row.fullName}</Typography.Text>
          {row.email && (
            <div>
              <Typography.Text type="secondary">{row.email}</Typography.Text>
            </div>
          )}
        </>
      ),
    },
    { title: 'Телефон', key: 'phone', render: (_, row) => <Phone row={row} /> },
    { title: 'Должность', key: 'position', render: (_, row) => <Tag>{row.positionLabel}</Tag> },
    { title: 'Последний вход', dataIndex: 'lastLogin', key: 'lastLogin' },
  ];
  if (!actions) return base;
  return [
    ...base,
    {
      title: 'Действия',
      key: 'actions',
      width: 110,
      render: (_, row) => <RowActions row={row} {...actions} />,
    },
  ];
}

/** S2 §2 «Administrators / staff»: a table of 10 rows per page on a desktop, no size changer. */
export function StaffTable({ rows, showActions, onEdit, onRemove }: StaffListProps) {
  return (
    <Table<StaffRow>
      rowKey="id"
      size="middle"
      columns={columns(showActions ? { onEdit, onRemove } : null)}
      dataSource={rows}
      pagination={{ pageSize: staffLimits.pageSize, showSizeChanger: false, hideOnSinglePage: true }}
    />
  );
}

/** The same staff as cards on a phone. */
export function StaffCards({ rows, showActions, onEdit, onRemove }: StaffListProps) {
  return (
    <ul className="staff-cards" aria-label="Сотрудники станции">
      {rows.map((row) => (
        <li key={row.id}>
          <Card size="small">
            <Flex justify="space-between" align="start" gap={8}>
              <div>
                <Typography.Text strong>{row.fullName}</Typography.Text> <Tag>{row.positionLabel}</Tag>
                {row.email && (
                  <div>
                    <Typography.Text type="secondary">{row.email}</Typography.Text>
                  </div>
                )}
              </div>
              {showActions && <RowActions row={row} onEdit={onEdit} onRemove={onRemove} />}
            </Flex>
            <div className="staff-card__line">
              <Phone row={row} />
            </div>
            <div className="staff-card__line">Последний вход: {row.lastLogin}</div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
