import { Tag } from 'antd';
import 'dayjs/locale/ru';
import { messages, type Station } from '@crm/shared';
import { preloadable } from '../../../lib/preloadable';
import '../../../components/panel.css';
import { dayjs } from '../../../lib/station-time';
import { ordersWord } from '../lib/chart-data';

// Until its code is there, an empty box of the selector's size: nothing moves when it arrives.
const StationSelect = preloadable(
  () => import('./station-select'),
  <span className="dash-head__select dash-head__select--pending" aria-hidden />,
).Component;

interface DashboardHeaderProps {
  station: Station;
  external: boolean;
  today: string;
  /** Today's valid orders (S1 §4), once known. */
  todayOrders: number | undefined;
  compact: boolean;
}

/**
 * «Сводка», today's date on the station's clock, and the station selector (S1 §2). On a phone the shell's
 * header already holds the station switcher, so a second selector would only push the figures down.
 */
export function DashboardHeader({ station, external, today, todayOrders, compact }: DashboardHeaderProps) {
  const date = dayjs(today).locale('ru').format('dddd, D MMMM YYYY');

  return (
    <header className="dash-head">
      <div className="dash-head__text">
        <h2 className={`heading ${compact ? 'heading--3' : 'heading--2'}`}>Сводка</h2>
        <span className="text-secondary dash-head__date">
          Сегодня, {date}
          {todayOrders !== undefined && ` · ${ordersWord(todayOrders)}`}
        </span>
      </div>
      {(external || !compact) && (
        <div className="dash-head__station">
          {external && <Tag color="gold">{messages.station.external}</Tag>}
          {!compact && <StationSelect station={station} />}
        </div>
      )}
    </header>
  );
}
