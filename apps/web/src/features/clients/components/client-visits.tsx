import { Pagination, Spin } from 'antd';
import { formatHistoryDate, formatRub, type DriverVisit } from '@crm/shared';
import { RetryAlert } from '../../../components/retry-alert';
import '../../../components/list-view.css';
import { useClientVisits, visitsPageSize } from '../api/client-visits';
import { VisitStatus } from './visit-status';

interface ClientVisitsProps {
  networkId: string;
  clientId: string;
  page: number;
  onPage(page: number): void;
  onOpen(visit: DriverVisit): void;
}

const carOf = (v: DriverVisit) =>
  [v.car.brand, v.car.model, v.car.plate_number].filter((p) => p && p.trim()).join(' ') || '—';

/**
 * Every visit of the client, newest first, a page at a time: date on the station's clock, station, car,
 * tariff, sum, status. A visit is a button: it opens the order modal.
 */
export function ClientVisits({ networkId, clientId, page, onPage, onOpen }: ClientVisitsProps) {
  const visits = useClientVisits(networkId, clientId, page);
  if (visits.isPending)
    return (
      <div className="client-visits__loading" role="status">
        <Spin size="small" /> Загрузка визитов…
      </div>
    );
  if (visits.isError)
    return <RetryAlert title="Не удалось загрузить визиты" onRetry={() => void visits.refetch()} />;
  const { total } = visits.data;
  if (total === 0) return <p className="client-visits__empty">Визитов пока не было</p>;
  return (
    <>
      <ul className={`client-visits${visits.isPlaceholderData ? ' client-visits--stale' : ''}`}>
        {visits.data.visits.map((v) => (
          <li key={v.order_id}>
            <button type="button" className="list-card client-visit" onClick={() => onOpen(v)}>
              <span className="client-visit__top">
                <span className="client-visit__date">{formatHistoryDate(v.date, v.station_timezone)}</span>
                <VisitStatus status={v.status} />
              </span>
              <span className="client-visit__station">{v.station_name}</span>
              <span className="client-visit__car">{carOf(v)}</span>
              <span className="client-visit__bottom">
                <span className="client-visit__tariff">{v.tariff ?? 'Без тарифа'}</span>
                <span className="client-visit__sum">{formatRub(v.sum)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {total > visitsPageSize && (
        <Pagination
          size="small"
          current={page}
          pageSize={visitsPageSize}
          total={total}
          showSizeChanger={false}
          onChange={onPage}
          className="client-visits__pagination"
        />
      )}
    </>
  );
}
