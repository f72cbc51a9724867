import { Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { PartnerDelivery } from '@crm/shared';
import { deliveryDirectionLabels, deliveryKindLabel, deliveryResultLabels, partnerLabels } from '../labels';
import { formatStationTime } from '../lib/format';

interface DeliveriesProps {
  deliveries: PartnerDelivery[];
  /** Partner names by id. */
  names: ReadonlyMap<string, string>;
  timeZone: string;
}

/** ok green («Принят» for their request, «Доставлено» for our callback), failed red with the code, pending orange. */
export function ResultTag({ delivery }: { delivery: PartnerDelivery }) {
  if (delivery.result === 'ok')
    return <Tag color="success">{deliveryResultLabels.ok[delivery.direction]}</Tag>;
  if (delivery.result === 'failed')
    return (
      <Tag color="error">
        {deliveryResultLabels.failed}
        {delivery.status_code !== null && ` ${delivery.status_code}`}
      </Tag>
    );
  return <Tag color="warning">{deliveryResultLabels.pending}</Tag>;
}

/** «№ 10234», or the partner's own order id when ours is not known (a refused request). */
function orderLabel(d: PartnerDelivery): string {
  if (d.order_number !== null) return `№ ${d.order_number}`;
  return d.partner_order_id ?? '—';
}

/** «Последний обмен» on a desktop: time, direction, partner, event, order, result, attempts. */
export function DeliveriesTable({ deliveries, names, timeZone }: DeliveriesProps) {
  const columns: TableColumnsType<PartnerDelivery> = [
    {
      key: 'at',
      title: partnerLabels.time,
      render: (_, d) => formatStationTime(d.at, timeZone),
    },
    {
      key: 'direction',
      title: partnerLabels.direction,
      render: (_, d) => deliveryDirectionLabels[d.direction],
    },
    { key: 'partner', title: partnerLabels.partner, render: (_, d) => names.get(d.partner_id) ?? '—' },
    { key: 'kind', title: partnerLabels.kind, render: (_, d) => deliveryKindLabel(d.kind) },
    { key: 'order', title: partnerLabels.order, render: (_, d) => orderLabel(d) },
    { key: 'result', title: partnerLabels.result, render: (_, d) => <ResultTag delivery={d} /> },
    { key: 'attempts', title: partnerLabels.attempts, align: 'right', dataIndex: 'attempts' },
  ];
  return (
    <Table<PartnerDelivery>
      className="deliveries-table"
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={deliveries}
      pagination={false}
      // As wide as its text: fits the settings column at 1440; scrolls sideways only on a narrow one.
      scroll={{ x: 'max-content' }}
    />
  );
}

/** The same exchanges as cards on a phone, where seven columns do not fit. */
export function DeliveriesCards({ deliveries, names, timeZone }: DeliveriesProps) {
  return (
    <ul className="delivery-cards" aria-label={partnerLabels.deliveries}>
      {deliveries.map((d) => (
        <li key={d.id} className="delivery-card">
          <div className="delivery-card__line">
            <Typography.Text strong>{deliveryKindLabel(d.kind)}</Typography.Text>
            <ResultTag delivery={d} />
          </div>
          <div className="delivery-card__line">
            <Typography.Text type="secondary">{formatStationTime(d.at, timeZone)}</Typography.Text>
            <span>{deliveryDirectionLabels[d.direction]}</span>
          </div>
          <div className="delivery-card__line">
            <span>{names.get(d.partner_id) ?? '—'}</span>
            <span>{orderLabel(d)}</span>
            <Typography.Text type="secondary">
              {partnerLabels.attempts}: {d.attempts}
            </Typography.Text>
          </div>
        </li>
      ))}
    </ul>
  );
}
