import type { Driver } from '@crm/shared';
import { carsLine, clientName, clientPhone } from '../lib/client-labels';
import '../../../components/list-view.css';
import { ClientTags } from './client-status';

/** The cards view: one button per client, so a tap or Enter opens the card. */
export function ClientsCards({ drivers, onOpen }: { drivers: Driver[]; onOpen(id: string): void }) {
  return (
    <ul className="list-cards clients-cards">
      {drivers.map((d) => (
        <li key={d.id}>
          <button
            type="button"
            className={`list-card client-card${d.deleted ? ' client-card--deleted' : ''}`}
            onClick={() => onOpen(d.id)}
          >
            <span className="client-card__top">
              <span className="client-card__name">{clientName(d)}</span>
              <span className="client-card__tags">
                <ClientTags discount={d.discount} deleted={d.deleted} />
              </span>
            </span>
            <span className="client-card__phone">{clientPhone(d)}</span>
            <span className="client-card__cars">{carsLine(d) || 'Автомобиль не указан'}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
