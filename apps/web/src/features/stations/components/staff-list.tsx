import { Card, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { positionLabels, type Station, type User } from '@crm/shared';
import { inStationZone } from '../../../lib/station-time';
import { settingsTexts } from '../lib/settings-texts';
import './settings-pages.css';

/** One member as the staff list shows them. */
export interface StaffRow {
  id: string;
  fullName: string;
  email: string | null;
  phone: string | null;
  position: string;
  lastLogin: string;
}

export function toStaffRows(users: readonly User[], station: Pick<Station, 'network_id' | 'time_zone'>) {
  return users.map((u): StaffRow => {
    const position = u.networks.find((n) => n.id === station.network_id)?.position ?? u.position;
    const lastLogin = inStationZone(u.last_login, station.time_zone);
    return {
      id: u.id,
      fullName: [u.name, u.surname].filter(Boolean).join(' ') || u.login,
      email: u.email,
      phone: u.number,
      position: position ? positionLabels[position] : '—',
      lastLogin: lastLogin ? lastLogin.format('DD.MM.YYYY, HH:mm') : settingsTexts.neverOnline,
    };
  });
}

const Phone = ({ phone }: { phone: string | null }) =>
  phone ? <a href={`tel:${phone}`}>{phone}</a> : <>—</>;

const columns: TableColumnsType<StaffRow> = [
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
  { title: 'Телефон', key: 'phone', render: (_, row) => <Phone phone={row.phone} /> },
  { title: 'Должность', key: 'position', render: (_, row) => <Tag>{row.position}</Tag> },
  { title: 'Последний вход', dataIndex: 'lastLogin', key: 'lastLogin' },
];

/** S2 §2 «Administrators / staff»: a table of 10 rows per page on a desktop. */
export function StaffTable({ rows }: { rows: StaffRow[] }) {
  return (
    <Table<StaffRow>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows}
      pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
    />
  );
}

/** The same staff as cards on a phone. */
export function StaffCards({ rows }: { rows: StaffRow[] }) {
  return (
    <ul className="staff-cards" aria-label="Сотрудники станции">
      {rows.map((row) => (
        <li key={row.id}>
          <Card size="small">
            <Typography.Text strong>{row.fullName}</Typography.Text> <Tag>{row.position}</Tag>
            <div className="staff-card__line">
              {row.email && <span>{row.email}</span>}
              <Phone phone={row.phone} />
            </div>
            <div className="staff-card__line">Последний вход: {row.lastLogin}</div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
