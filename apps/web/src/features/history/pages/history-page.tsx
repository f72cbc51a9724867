import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Pagination, Spin } from 'antd';
import { FileSearchOutlined } from '@ant-design/icons';
import { historyPageSizes, orderMessages } from '@crm/shared';
import { EmptyState } from '../../../components/empty-state';
import { useStationNow } from '../../../lib/use-station-now';
import { useViewport } from '../../../lib/use-media-query';
// The page under the station guard reads the station it resolved; the stations index would also pull
// the settings form and its map into this chunk.
import { useStationContext } from '../../stations/lib/station-context';
import { OrderModals, orderParams } from '../../orders';
import { useHistoryList, type HistoryQuery } from '../api/history-list';
import { HistoryCards } from '../components/history-cards';
import { HistoryTable } from '../components/history-table';
import { HistoryToolbar } from '../components/history-toolbar';
import { HistoryTotals } from '../components/history-totals';
import {
  applyChange,
  clearFilters,
  isFiltered,
  readFilters,
  requestedStatuses,
  type FilterChange,
} from '../lib/history-filters';
import { historyMessages } from '../lib/history-messages';
import { useHistoryExport } from '../lib/use-history-export';
import '../../../components/shared-ui.css';
import '../components/history.css';
import { RetryAlert } from '../../../components/retry-alert';

/**
 * `/station/{id}/history` — the order history of S1 §2: search, range, statuses, cards or table, pages,
 * totals and the Excel export. Filtering and paging happen on the server; every filter lives in the URL.
 * A card or row sets `?orderId=` and the order modal opens over the list.
 */
export function HistoryPage() {
  const { station } = useStationContext();
  const zone = station.time_zone;
  const phone = useViewport() === 'mobile';
  // A new day on the station's clock is noticed within a minute.
  const { today } = useStationNow(zone, 60_000);
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params, today, phone), [params, today, phone]);
  const listTop = useRef<HTMLDivElement>(null);

  const statuses = useMemo(() => requestedStatuses(filters), [filters]);
  const query = useMemo<HistoryQuery>(
    () => ({ stationId: station.id, range: filters.range, search: filters.search, statuses }),
    [station.id, filters.range, filters.search, statuses],
  );
  const list = useHistoryList(query, filters.page, filters.pageSize);
  const exporter = useHistoryExport(query, zone);

  const change = useCallback(
    // From the address bar, not react-router's `prev`: that is the last rendered params, so a click right
    // after another change (period, then page 2) would undo the first one.
    (c: FilterChange) =>
      setParams(() => applyChange(new URLSearchParams(window.location.search), c), { replace: true }),
    [setParams],
  );
  const openOrder = useCallback(
    (id: string) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set(orderParams.orderId, id);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  const goToPage = (page: number, size: number) => {
    change(size !== filters.pageSize ? { pageSize: size } : { page });
    listTop.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  const data = list.data;
  // A page past the end (orders were cancelled or the last one changed status): show the last page.
  const lastPage = data ? Math.max(1, Math.ceil(data.total / filters.pageSize)) : 1;
  const pastEnd = !!data && !list.isPlaceholderData && filters.page > lastPage;
  useEffect(() => {
    if (pastEnd) change({ page: lastPage });
  }, [pastEnd, lastPage, change]);

  const filtered = isFiltered(filters, today);
  let content: ReactNode;
  if (list.isPending) {
    content = (
      <div className="history-loading" role="status">
        <Spin />
        <span>{orderMessages.loading}</span>
      </div>
    );
  } else if (!data) {
    content = null; // the error alert above says why
  } else if (data.orders.length === 0) {
    content = (
      <EmptyState
        title={historyMessages.emptyTitle}
        description={filtered ? historyMessages.emptyHint : historyMessages.emptyHintUnfiltered}
        icon={<FileSearchOutlined />}
        actions={
          filtered ? (
            <Button onClick={() => setParams((prev) => clearFilters(prev), { replace: true })}>
              Сбросить фильтры
            </Button>
          ) : undefined
        }
      />
    );
  } else {
    content = (
      <div
        className={`history-list${list.isPlaceholderData ? ' history-list--stale' : ''}`}
        aria-busy={list.isFetching}
      >
        {filters.view === 'table' ? (
          <HistoryTable orders={data.orders} timeZone={zone} onOpen={openOrder} />
        ) : (
          <HistoryCards orders={data.orders} timeZone={zone} onOpen={openOrder} />
        )}
      </div>
    );
  }

  return (
    <div className={`page-column history-page${phone ? ' page-column--phone history-page--phone' : ''}`}>
      <HistoryToolbar
        stationName={station.name}
        filters={filters}
        today={today}
        phone={phone}
        exportState={exporter.state}
        onChange={change}
        onExport={() => void exporter.start()}
      />

      {list.isError && <RetryAlert title={historyMessages.loadFailed} onRetry={() => void list.refetch()} />}

      <div ref={listTop} className="history-summary">
        {data && data.total > 0 && <HistoryTotals totals={data.totals} />}
      </div>

      {content}

      {data && data.total > filters.pageSize && (
        <Pagination
          className="history-pagination"
          current={Math.min(filters.page, lastPage)}
          pageSize={filters.pageSize}
          total={data.total}
          pageSizeOptions={historyPageSizes[filters.view].options.map(String)}
          showSizeChanger
          size={phone ? 'small' : undefined}
          showLessItems={phone}
          onChange={goToPage}
        />
      )}

      <OrderModals station={station} />
    </div>
  );
}
