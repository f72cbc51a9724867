import { Button } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { dashboardMessages, type Order } from '@crm/shared';

interface AnswerButtonsProps {
  order: Order;
  onAccept(order: Order): void;
  onDecline(order: Order): void;
  /** Declining is a cancel: not for a worker (the dashboard block hides it for them). */
  canDecline?: boolean;
  size?: 'small';
}

/** «Принять» / «Отклонить» of a new order, named with its plate for screen readers. */
export function AnswerButtons({ order, onAccept, onDecline, canDecline = true, size }: AnswerButtonsProps) {
  const subject = order.client_car.plate_number || 'заказ';
  return (
    <>
      <Button
        type="primary"
        size={size}
        icon={<CheckOutlined />}
        onClick={() => onAccept(order)}
        aria-label={`${dashboardMessages.accept}: ${subject}`}
      >
        {dashboardMessages.accept}
      </Button>
      {canDecline && (
        <Button
          size={size}
          danger
          className="dash-decline"
          icon={<CloseOutlined />}
          onClick={() => onDecline(order)}
          aria-label={`${dashboardMessages.decline}: ${subject}`}
        >
          {dashboardMessages.decline}
        </Button>
      )}
    </>
  );
}
