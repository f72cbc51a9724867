import { Button, Col, Flex, Grid, Modal, Result, Row, Skeleton, Tabs, Tag } from 'antd';
import { isFinalStatus, isOwnSource, orderMessages, type Station } from '@crm/shared';
import { ApiError } from '../../../lib/api-client';
import { useOrderDetails } from '../api/order-details';
import { EditOrderModal } from './edit-order-modal';
import { orderModalLayout, useOrderModalSize } from './modal-layout';
import { OrderActions } from './order-actions';
import { OrderDataTab } from './order-data-tab';
import { OrderPaymentTab } from './order-payment-tab';
import { OrderNumber, OrderStatusPanel, OrderStatusSummary } from './order-status-panel';
import { OrderTimeline } from './order-timeline';

interface OrderDetailsModalProps {
  station: Station;
  orderId: string;
  canManage: boolean;
  editing: boolean;
  onClose(): void;
  onEdit(open: boolean): void;
}

/**
 * S1 §2 «Order details modal» (1200 wide, the whole screen on a phone): «Данные записи», «Оплата
 * визита» and the order's «История», the status stepper on large screens, the status actions in the footer.
 */
export function OrderDetailsModal({
  station,
  orderId,
  canManage,
  editing,
  onClose,
  onEdit,
}: OrderDetailsModalProps) {
  const size = useOrderModalSize();
  const screens = Grid.useBreakpoint();
  const large = !!screens.lg;
  const query = useOrderDetails(station.id, orderId);
  const details = query.data;
  const order = details?.order;

  const title = order ? (
    <Flex align="center" gap={8} wrap>
      <span>{`${order.client_car.brand} ${order.client_car.model}`.trim() || 'Запись'}</span>
      {order.client_car.plate_number && (
        <Tag variant="outlined" style={{ fontWeight: 500 }}>
          {order.client_car.plate_number}
        </Tag>
      )}
      <OrderNumber order={order} />
    </Flex>
  ) : (
    'Запись'
  );

  let body;
  if (query.isPending) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else if (query.isError || !details || !order) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    body = (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? orderMessages.detailUnavailable : orderMessages.detailLoadFailed}
        subTitle={missing ? undefined : orderMessages.detailDataFailed}
        extra={
          missing ? (
            <Button onClick={onClose}>Закрыть</Button>
          ) : (
            <Button type="primary" onClick={() => void query.refetch()} loading={query.isFetching}>
              Повторить
            </Button>
          )
        }
      />
    );
  } else {
    const tabs = (
      <Tabs
        defaultActiveKey="data"
        items={[
          {
            key: 'data',
            label: 'Данные записи',
            children: <OrderDataTab details={details} timeZone={station.time_zone} />,
          },
          {
            key: 'payment',
            label: 'Оплата визита',
            children: <OrderPaymentTab order={order} canManage={canManage} onPaid={() => query.refetch()} />,
          },
          {
            // Issue 14: who did what to the order; mounted (and fetched) only once the tab is opened.
            key: 'history',
            label: 'История',
            children: (
              <OrderTimeline stationId={station.id} orderId={order.id} timeZone={station.time_zone} />
            ),
          },
        ]}
      />
    );
    body = large ? (
      <Row gutter={32} wrap={false}>
        <Col flex="280px" className="order-details__aside">
          <OrderStatusPanel order={order} timeZone={station.time_zone} />
        </Col>
        <Col flex="auto" style={{ minWidth: 0 }}>
          {tabs}
        </Col>
      </Row>
    ) : (
      <>
        <OrderStatusSummary order={order} />
        {tabs}
      </>
    );
  }

  return (
    <>
      <Modal
        open
        title={title}
        onCancel={onClose}
        destroyOnHidden
        {...orderModalLayout(size, 1200)}
        footer={
          // A final order has no actions left (issue 10): its state is in the status panel.
          order && !isFinalStatus(order.status) ? (
            <OrderActions
              order={order}
              stationId={station.id}
              canManage={canManage}
              compact={size === 'phone'}
              onEdit={() => onEdit(true)}
              refetch={() => query.refetch()}
            />
          ) : null
        }
      >
        {body}
      </Modal>
      {editing && canManage && order && isOwnSource(order.source) && !isFinalStatus(order.status) && (
        <EditOrderModal station={station} order={order} onClose={() => onEdit(false)} />
      )}
    </>
  );
}
