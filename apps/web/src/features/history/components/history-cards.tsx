import { formatHistoryDate, formatRub, type Order } from '@crm/shared';
import '../../../components/list-view.css';
import { StatusTag } from './status-tag';

interface HistoryCardsProps {
  orders: Order[];
  timeZone: string;
  onOpen(id: string): void;
}

/** The cards view: one button per order, so a tap or Enter opens it. */
export function HistoryCards({ orders, timeZone, onOpen }: HistoryCardsProps) {
  return (
    <ul className="list-cards history-cards">
      {orders.map((order) => {
        const car = order.client_car;
        const title = [car.brand, car.model].filter((p) => p.trim()).join(' ') || 'Автомобиль не указан';
        return (
          <li key={order.id}>
            <button type="button" className="list-card history-card" onClick={() => onOpen(order.id)}>
              <span className="history-card__top">
                <span className="history-card__date">{formatHistoryDate(order.booking_start, timeZone)}</span>
                <StatusTag status={order.status} />
              </span>
              <span className="history-card__car">{title}</span>
              <span className="history-card__bottom">
                <span className="history-card__plate">{car.plate_number || '—'}</span>
                <span className="history-card__sum">{formatRub(order.sum)}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
