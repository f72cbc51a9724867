import { Tag } from 'antd';
import { cancelledStatuses, orderStatusLabels, type OrderStatus } from '@crm/shared';

/**
 * The status as the order modal shows it: the `status-tag--*` classes of the orders feature's stylesheet
 * (loaded with its modals, which this page mounts), with text shades that keep AA in both themes.
 */
export function StatusTag({ status }: { status: OrderStatus }) {
  const tone = cancelledStatuses.includes(status) ? 'cancelled' : status.toLowerCase();
  return <Tag className={`status-tag status-tag--${tone}`}>{orderStatusLabels[status]}</Tag>;
}
