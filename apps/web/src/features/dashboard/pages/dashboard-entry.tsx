import { Navigate, useNavigate } from 'react-router';
import { Button } from 'antd';
import { DashboardOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { dashboardMessages, messages, type Station } from '@crm/shared';
import { EmptyState } from '../../../components/empty-state';
import { ErrorScreen } from '../../../components/error-screen';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { Page } from '../../../components/page';
import { Panel } from '../../../components/panel';
import { getRememberedStationId, rememberStation } from '../../../lib/selected-station';
import { useStationList } from '../../stations/api/station-list';

const dashboardOf = (id: string) => `/station/${encodeURIComponent(id)}/dashboard`;

/** «Выберите станцию» (S1 §2): the user's stations, each opening its dashboard. */
function ChooseStation({ stations }: { stations: Station[] }) {
  const navigate = useNavigate();
  const open = (id: string) => {
    rememberStation(id);
    void navigate(dashboardOf(id));
  };
  return (
    <Panel className="dash-card" bodyClassName="dash-choose">
      <h2 className="heading heading--3">{dashboardMessages.chooseStation}</h2>
      <span className="text-secondary">
        Сводка показывает заказы и выручку одной станции. Выберите, какую открыть.
      </span>
      <nav aria-label={dashboardMessages.chooseStation} className="dash-choose__list">
        {stations.map((s) => (
          <Button key={s.id} size="large" block className="dash-choose__item" onClick={() => open(s.id)}>
            <span>{s.name}</span>
            <RightOutlined aria-hidden />
          </Button>
        ))}
      </nav>
    </Panel>
  );
}

/**
 * `/dashboard` without a station in the path (S1 §2 «Dashboard»): the selected station's dashboard; with
 * no station selected, «Выберите станцию»; with no stations at all, the way to add one.
 */
export function DashboardEntry() {
  const list = useStationList();
  const navigate = useNavigate();
  const remembered = getRememberedStationId();

  if (list.isPending) return <LoadingOverlay />;
  if (list.isError)
    return (
      <ErrorScreen
        inline
        title={messages.station.listLoadFailed}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  const stations = list.data ?? [];
  if (remembered && stations.some((s) => s.id === remembered)) {
    return <Navigate to={dashboardOf(remembered)} replace />;
  }
  return (
    <Page maxWidth={720}>
      {stations.length === 0 ? (
        <EmptyState
          icon={<DashboardOutlined />}
          title="Добавьте первую станцию"
          description="Здесь появятся новые заказы, выручка и загрузка станции по дням."
          actions={
            // The add-station form lives on the home page; it opens there at once.
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => void navigate('/', { state: { addStation: true } })}
            >
              Добавить объект
            </Button>
          }
        />
      ) : (
        <ChooseStation stations={stations} />
      )}
    </Page>
  );
}
