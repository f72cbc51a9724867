import { calendarOrderOf, dashboardMessages, type Order, type Station } from '@crm/shared';
import { PlainDialog } from '../../../components/plain-dialog';
import { useViewport } from '../../../lib/use-media-query';
import { usePageScrollLock } from '../../../lib/use-page-scroll-lock';
import { useOrderAnswers } from '../lib/use-order-answers';
import { useStationNow } from '../../../lib/use-station-now';
import { LazyDeclineDialog } from './lazy-decline-dialog';
import { OrderLine } from './order-line';
import './dashboard.css';
import { AnswerButtons } from './answer-buttons';

interface NewOrdersModalProps {
  station: Station;
  orders: Order[];
  /** Role admin only (S1 §1, §6): a click outside or Escape closes it. */
  dismissible: boolean;
  /** Zoom in (an order arrived while working); without, the modal is there in the first frame. */
  animate: boolean;
  onDismiss(): void;
}

/**
 * S1 §1 «A modal blocks work until new orders are handled»: every incoming order of the station with
 * «Принять» and «Отклонить» (with a reason). It has no close button; it goes away when the last order is
 * answered, or, for role admin only, by a click outside or Escape.
 */
export default function NewOrdersModal({
  station,
  orders,
  dismissible,
  animate,
  onDismiss,
}: NewOrdersModalProps) {
  const phone = useViewport() === 'mobile';
  const { today } = useStationNow(station.time_zone);
  const answers = useOrderAnswers(station.id, station.time_zone, today);
  usePageScrollLock(true);

  return (
    <PlainDialog
      title={`${dashboardMessages.newOrdersModalTitle} · ${station.name}`}
      dismissible={dismissible}
      onDismiss={onDismiss}
      animate={animate}
      sheet={phone}
      className="new-orders-modal"
    >
      {/* Plain text, not antd's Typography: that pulls its editing TextArea (≈ 16 KB gzip) into this window. */}
      <p className="new-orders-modal__lead">
        Клиенты ждут подтверждения. Примите заказ или отклоните его с причиной — после этого можно продолжить
        работу.
      </p>
      <ul
        className={phone ? 'dash-list' : 'dash-list dash-list--scroll'}
        aria-label={dashboardMessages.newOrders}
      >
        {orders.map((order) => (
          <OrderLine
            key={order.id}
            order={calendarOrderOf(order)}
            zone={station.time_zone}
            today={today}
            showStatus={false}
            paidOnline={order.payment_method === 'paid'}
            actions={
              <AnswerButtons
                order={order}
                onAccept={(o) => void answers.accept(o)}
                onDecline={answers.startDecline}
              />
            }
          />
        ))}
      </ul>
      {dismissible && (
        <p className="new-orders-modal__admin">
          Вы администратор системы: окно можно закрыть щелчком вне его или клавишей Esc.
        </p>
      )}
      <LazyDeclineDialog
        subject={answers.declineSubject}
        onDecline={(reason, comment) => void answers.decline(reason, comment)}
        onClose={answers.cancelDecline}
      />
    </PlainDialog>
  );
}
