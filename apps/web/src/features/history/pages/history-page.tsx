import { useCallback, useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from 'antd';
import { FileSearchOutlined } from '@ant-design/icons';
import { historyPageSizes, orderMessages } from '@crm/shared';
import { EmptyState } from '../../../components/empty-state';
import { ListPagination, useListPaging } from '../../../components/list-pagination';
import { ListContent, ListLoading } from '../../../components/list-view';
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
import '../../../components/list-view.css';
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

  const statuses = useMemo(() => requestedStatuses(filters), [filters]);
  const query = useMemo<HistoryQuery>(
    () => ({
      stationId: station.id,
      range: filters.range,
      search: filters.search,
      statuses,
      openEnd: filters.kind === 'all',
    }),
    [station.id, filters.range, filters.search, statuses, filters.kind],
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

  const data = list.data;
  // A page past the end (orders were cancelled or the last one changed status) shows the last page.
  const { listTop, goToPage } = useListPaging({
    page: filters.page,
    pageSize: filters.pageSize,
    total: data?.total,
    settled: !list.isPlaceholderData,
    change,
  });

  const filtered = isFiltered(filters, today);
  let content: ReactNode;
  if (list.isPending) {
    content = <ListLoading className="history-loading" text={orderMessages.loading} />;
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
      <ListContent className="history-list" stale={list.isPlaceholderData} busy={list.isFetching}>
        {filters.view === 'table' ? (
          <HistoryTable orders={data.orders} timeZone={zone} onOpen={openOrder} />
        ) : (
          <HistoryCards orders={data.orders} timeZone={zone} onOpen={openOrder} />
        )}
      </ListContent>
    );
  }

  return (
    <div
      className={`page-column list-page history-page${phone ? ' page-column--phone history-page--phone' : ''}`}
    >
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

      {data && (
        <ListPagination
          className="history-pagination"
          page={filters.page}
          pageSize={filters.pageSize}
          total={data.total}
          pageSizeOptions={historyPageSizes[filters.view].options}
          phone={phone}
          onChange={goToPage}
        />
      )}

      <OrderModals station={station} />
    </div>
  );
}
