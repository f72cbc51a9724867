import { useNavigate } from 'react-router';
import { Select, Tag, Typography } from 'antd';
import 'dayjs/locale/ru';
import { messages, type Station } from '@crm/shared';
import { rememberStation } from '../../../app/selected-station';
import { dayjs } from '../../../lib/station-time';
// The list hook directly: the stations index would also pull the settings form and its map in.
import { useStationList } from '../../stations/api/station-list';
import { ordersWord } from '../lib/chart-data';

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
  const navigate = useNavigate();
  const list = useStationList();
  const stations = list.data ?? [];
  const options = [
    ...stations.map((s) => ({ value: s.id, label: s.name })),
    ...(stations.some((s) => s.id === station.id) ? [] : [{ value: station.id, label: station.name }]),
  ];
  const date = dayjs(today).locale('ru').format('dddd, D MMMM YYYY');

  return (
    <header className="dash-head">
      <div className="dash-head__text">
        <Typography.Title level={compact ? 3 : 2} style={{ margin: 0 }}>
          Сводка
        </Typography.Title>
        <Typography.Text type="secondary" className="dash-head__date">
          Сегодня, {date}
          {todayOrders !== undefined && ` · ${ordersWord(todayOrders)}`}
        </Typography.Text>
      </div>
      {(external || !compact) && (
        <div className="dash-head__station">
          {external && <Tag color="gold">{messages.station.external}</Tag>}
          {!compact && (
            <Select
              className="dash-head__select"
              value={station.id}
              options={options}
              aria-label="Станция"
              loading={list.isPending}
              popupMatchSelectWidth={false}
              onChange={(id: string) => {
                rememberStation(id);
                void navigate(`/station/${encodeURIComponent(id)}/dashboard`);
              }}
            />
          )}
        </div>
      )}
    </header>
  );
}
