import { Button, Card, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { EditOutlined, KeyOutlined } from '@ant-design/icons';
import type { Partner } from '@crm/shared';
import { partnerLabels, partnerSourceLabels } from '../labels';
import { PartnerHealth } from './partner-health';

export interface PartnerActions {
  onEdit(partner: Partner): void;
  onRotate(partner: Partner): void;
}

interface PartnersListProps extends PartnerActions {
  partners: Partner[];
}

function RowActions({ partner, onEdit, onRotate }: PartnerActions & { partner: Partner }) {
  return (
    <Flex gap={8} wrap>
      <Button size="small" icon={<KeyOutlined />} onClick={() => onRotate(partner)}>
        {partnerLabels.rotate}
      </Button>
      <Button
        size="small"
        icon={<EditOutlined />}
        aria-label={`${partnerLabels.edit} ${partner.name}`}
        onClick={() => onEdit(partner)}
      >
        {partnerLabels.edit}
      </Button>
    </Flex>
  );
}

/** The desktop's table: name, source, callback, health, actions. */
export function PartnersTable({ partners, onEdit, onRotate }: PartnersListProps) {
  const columns: TableColumnsType<Partner> = [
    {
      key: 'name',
      title: partnerLabels.name,
      render: (_, p) => (
        <Flex vertical gap={2}>
          <Typography.Text strong>{p.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {partnerLabels.stations}: {p.health.connected_stations}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'source',
      title: partnerLabels.source,
      width: 120,
      render: (_, p) => <Tag>{partnerSourceLabels[p.source]}</Tag>,
    },
    {
      key: 'callback',
      title: partnerLabels.callbackUrl,
      render: (_, p) => <span className="partner-url">{p.callback_url}</span>,
    },
    {
      key: 'health',
      title: partnerLabels.health,
      width: 330,
      render: (_, p) => <PartnerHealth health={p.health} />,
    },
    {
      key: 'actions',
      title: partnerLabels.actions,
      width: 200,
      render: (_, p) => <RowActions partner={p} onEdit={onEdit} onRotate={onRotate} />,
    },
  ];
  return (
    <Table<Partner>
      className="partners-table"
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={partners}
      pagination={false}
      scroll={{ x: 960 }}
    />
  );
}

/** The same partners as cards on a phone. */
export function PartnersCards({ partners, onEdit, onRotate }: PartnersListProps) {
  return (
    <ul className="partner-cards" aria-label={partnerLabels.title}>
      {partners.map((p) => (
        <li key={p.id}>
          <Card size="small">
            <Flex vertical gap={8}>
              <Flex justify="space-between" align="center" gap={8}>
                <Typography.Text strong>{p.name}</Typography.Text>
                <Tag>{partnerSourceLabels[p.source]}</Tag>
              </Flex>
              <span className="partner-url">{p.callback_url}</span>
              <PartnerHealth health={p.health} />
              <RowActions partner={p} onEdit={onEdit} onRotate={onRotate} />
            </Flex>
          </Card>
        </li>
      ))}
    </ul>
  );
}
