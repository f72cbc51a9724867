import { Tag } from 'antd';
import { cancelledStatuses, orderStatusLabels, orderStatuses, type OrderStatus } from '@crm/shared';

const isStatus = (s: string): s is OrderStatus => (orderStatuses as readonly string[]).includes(s);

/** A visit's status, coloured like the order modal's (`status-tag--*` of the orders stylesheet). */
export function VisitStatus({ status }: { status: string }) {
  if (!isStatus(status)) return <Tag>{status}</Tag>;
  const tone = cancelledStatuses.includes(status) ? 'cancelled' : status.toLowerCase();
  return <Tag className={`status-tag status-tag--${tone}`}>{orderStatusLabels[status]}</Tag>;
}
