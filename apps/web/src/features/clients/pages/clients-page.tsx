import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from 'antd';
import { EnvironmentOutlined, TeamOutlined } from '@ant-design/icons';
import { clientMessages, type DriverVisit, type Station } from '@crm/shared';
import { EmptyState } from '../../../components/empty-state';
import { ListPagination, useListPaging } from '../../../components/list-pagination';
import { ListContent, ListLoading } from '../../../components/list-view';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { RetryAlert } from '../../../components/retry-alert';
import { useViewport } from '../../../lib/use-media-query';
import { OrderModals, orderParams } from '../../orders';
import { useCurrentUser } from '../../users/api/current-user';
import { useClientList, type ClientListQuery } from '../api/client-list';
import { ClientCard } from '../components/client-card';
import { ClientsCards } from '../components/clients-cards';
import { ClientsToolbar } from '../components/clients-toolbar';
import {
  LazyClientFormModal as ClientFormModal,
  LazyClientsTable as ClientsTable,
  LazyImportModal as ImportModal,
} from '../components/lazy-parts';
import {
  applyClientsChange,
  clientPageSizes,
  isClientsFiltered,
  readClientFilters,
  type ClientsChange,
} from '../lib/clients-filters';
import { clientsPageMessages as text } from '../lib/clients-messages';
import { useClientsExport } from '../lib/use-clients-export';
import { useClientsStation } from '../lib/use-clients-station';
import '../../../components/shared-ui.css';
import '../../../components/list-view.css';
import '../components/clients.css';

/** The station of an opened visit: `&orderStation=` beside `?orderId=` (the modal needs its clock). */
const orderStationParam = 'orderStation';

/**
 * `/clients` and `/clients/{clientId}` (S2 §2): the clients of the selected station's network as cards or
 * a table, searched, filtered, sorted and paged on the server, everything in the URL; the client's card
 * opens over the list at `/clients/{id}` (a link to it opens the same).
 */
export function ClientsPage() {
  const { station, stations, canManage } = useClientsStation();
  if (station === undefined) return <LoadingOverlay />;
  if (station === null)
    return (
      <EmptyState
        title={clientMessages.selectStation}
        description="Клиенты ведутся по сети станций: выберите станцию, и откроются клиенты её сети."
        icon={<EnvironmentOutlined />}
        actions={
          <Link to="/">
            <Button type="primary">К списку станций</Button>
          </Link>
        }
      />
    );
  return <ClientsList station={station} stations={stations} canManage={canManage} />;
}

function ClientsList({
  station,
  stations,
  canManage,
}: {
  station: Station;
  stations: Station[];
  canManage: boolean;
}) {
  const phone = useViewport() === 'mobile';
  const navigate = useNavigate();
  const { clientId } = useParams();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readClientFilters(params, phone), [params, phone]);
  const networkId = station.network_id;
  const networkName =
    useCurrentUser().data?.user.networks.find((n) => n.id === networkId)?.name ?? station.name;
  const query = useMemo<ClientListQuery>(
    () => ({ networkId, search: filters.search, filter: filters.filter, sort: filters.sort }),
    [networkId, filters.search, filters.filter, filters.sort],
  );
  const list = useClientList(query, filters.page, filters.pageSize);
  const exporter = useClientsExport(query);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);

  const change = useCallback(
    (c: ClientsChange) =>
      setParams(() => applyClientsChange(new URLSearchParams(window.location.search), c), { replace: true }),
    [setParams],
  );
  const search = params.toString();
  const openClient = (id: string) =>
    void navigate({ pathname: `/clients/${encodeURIComponent(id)}`, search }, { preventScrollReset: true });
  const closeClient = () => {
    const next = new URLSearchParams(params);
    next.delete(orderParams.orderId);
    next.delete(orderParams.edit);
    next.delete(orderStationParam);
    void navigate({ pathname: '/clients', search: next.toString() }, { preventScrollReset: true });
  };
  const openVisit = (visit: DriverVisit) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(orderParams.orderId, visit.order_id);
        next.set(orderStationParam, visit.station_id);
        return next;
      },
      { preventScrollReset: true },
    );

  const data = list.data;
  const { listTop, goToPage } = useListPaging({
    page: filters.page,
    pageSize: filters.pageSize,
    total: data?.total,
    settled: !list.isPlaceholderData,
    change,
  });

  const filtered = isClientsFiltered(filters);
  let content: ReactNode;
  if (list.isPending) {
    content = <ListLoading className="clients-loading" text="Загрузка клиентов…" />;
  } else if (!data) {
    content = null; // the error alert says why
  } else if (data.drivers.length === 0) {
    content = (
      <EmptyState
        title={text.emptyTitle}
        description={filtered ? text.emptyHint : text.emptyHintUnfiltered}
        icon={<TeamOutlined />}
        actions={
          filtered ? (
            <Button onClick={() => change({ search: '', filter: 'all' })}>Сбросить фильтры</Button>
          ) : canManage ? (
            <Button type="primary" onClick={() => setCreating(true)}>
              Новый клиент
            </Button>
          ) : undefined
        }
      />
    );
  } else {
    content = (
      <ListContent className="clients-list" stale={list.isPlaceholderData} busy={list.isFetching}>
        {filters.view === 'table' ? (
          <ClientsTable drivers={data.drivers} onOpen={openClient} />
        ) : (
          <ClientsCards drivers={data.drivers} onOpen={openClient} />
        )}
      </ListContent>
    );
  }

  const orderStationId = params.get(orderStationParam);
  const visitStation = stations.find((s) => s.id === orderStationId) ?? station;
  return (
    <div
      className={`page-column list-page clients-page${phone ? ' page-column--phone clients-page--phone' : ''}`}
    >
      <ClientsToolbar
        networkName={networkName}
        filters={filters}
        phone={phone}
        canManage={canManage}
        exportState={exporter.state}
        onChange={change}
        onCreate={() => setCreating(true)}
        onImport={() => setImporting(true)}
        onExport={() => void exporter.start()}
      />
      {list.isError && <RetryAlert title={clientMessages.loadFailed} onRetry={() => void list.refetch()} />}
      <div ref={listTop} className="clients-summary" aria-live="polite">
        {data && data.total > 0 && `Найдено клиентов: ${data.total.toLocaleString('ru-RU')}`}
      </div>
      {content}
      {data && (
        <ListPagination
          className="clients-pagination"
          page={filters.page}
          pageSize={filters.pageSize}
          total={data.total}
          pageSizeOptions={clientPageSizes[filters.view].options}
          phone={phone}
          onChange={goToPage}
        />
      )}
      {clientId && (
        <ClientCard
          key={clientId}
          networkId={networkId}
          clientId={clientId}
          station={station}
          canManage={canManage}
          onOpenVisit={openVisit}
          onClose={closeClient}
        />
      )}
      {params.get(orderParams.orderId) && <OrderModals station={visitStation} />}
      {creating && (
        <ClientFormModal
          driver={null}
          networkId={networkId}
          onClose={() => setCreating(false)}
          onSaved={(d) => openClient(d.id)}
        />
      )}
      {importing && <ImportModal networkId={networkId} onClose={() => setImporting(false)} />}
    </div>
  );
}
