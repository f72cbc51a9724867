import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Button, Card, Empty, Flex, Grid, Input, Skeleton, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { formatRub, greetingForHour, messages, type Station } from '@crm/shared';
import { ErrorScreen } from '../../../components/error-screen';
import { getRememberedStationId, rememberStation } from '../../../lib/selected-station';
import { getSessionUserId } from '../../../lib/session';
import { product } from '../../../lib/product';
import { useCurrentUser } from '../../users/api/current-user';
import { useStationList } from '../api/station-list';
import { useStationsToday, type StationToday } from '../api/stations-today';
import { useAppConfig } from '../../../lib/app-config';
import { canAddStation } from '../lib/station-access';
import { useNow } from '../lib/use-now';
import { AddStationCard, StationCard } from '../components/station-card';
import { NoStations } from '../components/no-stations';
import '../components/stations.css';
import { Page } from '../../../components/page';
import { preloadable } from '../../../lib/preloadable';

// The form and map stack load only when the modal is first opened.
const AddStationModal = preloadable(async () => ({
  default: (await import('../components/add-station-modal')).AddStationModal,
})).Component;

function PickerSkeleton() {
  return (
    <div className="station-grid" aria-busy="true" aria-label="Загрузка станций">
      {[0, 1, 2].map((i) => (
        <Card key={i} styles={{ body: { padding: 20 } }}>
          <Skeleton avatar={{ shape: 'square' }} active paragraph={{ rows: 3 }} />
        </Card>
      ))}
    </div>
  );
}

/** Role admin may open any station by its link (S1 §6); this gives them a way to do it from here. */
function AdminNote() {
  const navigate = useNavigate();
  const [id, setId] = useState('');
  const open = () => id.trim() && navigate(`/station/${encodeURIComponent(id.trim())}`);
  return (
    <Alert
      type="info"
      showIcon
      title="Вы вошли как администратор системы"
      description={
        <Flex vertical gap={8}>
          <span>
            Любую станцию можно открыть по ссылке вида /station/&lt;id станции&gt; — она будет отмечена как
            внешняя.
          </span>
          <Flex gap={8} style={{ maxWidth: 460 }}>
            <Input
              value={id}
              onChange={(e) => setId(e.target.value)}
              onPressEnter={open}
              placeholder="ID станции"
              aria-label="ID станции"
              allowClear
            />
            <Button onClick={open} disabled={!id.trim()}>
              Открыть
            </Button>
          </Flex>
        </Flex>
      }
    />
  );
}

/** «Сегодня по всем станциям»: the owner's day at a glance, summed over the stations with figures. */
function TodayTotals({ figures }: { figures: StationToday[] }) {
  const sum = (pick: (f: StationToday) => number) => figures.reduce((n, f) => n + pick(f), 0);
  const cells: [string, string][] = [
    ['Записей', String(sum((f) => f.orders))],
    ['Новые', String(sum((f) => f.new_orders))],
    ['В работе', String(sum((f) => f.processing))],
    ['Выполнено', String(sum((f) => f.completed))],
    ['Выручка', formatRub(sum((f) => f.revenue))],
  ];
  return (
    <section className="stations-totals" aria-label="Сегодня по всем станциям">
      <span className="stations-totals__title">Сегодня по всем станциям</span>
      {cells.map(([label, value]) => (
        <span key={label} className="stations-totals__cell">
          <span>{label}</span>
          <strong>{value}</strong>
        </span>
      ))}
    </section>
  );
}

/**
 * `/` and `/home`: the greeting and the user's stations with today's figures (for those who may see
 * them) and their sum; choosing a station remembers it (S1 §2) and opens its calendar or its summary.
 */
export function StationPickerPage() {
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const userId = getSessionUserId();
  const { data: me } = useCurrentUser();
  const stations = useStationList();
  const config = useAppConfig();
  const now = useNow();
  const today = useStationsToday();
  const location = useLocation();
  const [adding, setAdding] = useState(false);
  const [modalLoaded, setModalLoaded] = useState(false);

  const user = me?.user;
  const isAdmin = user?.role === 'admin';
  const mayAdd = !!user && canAddStation(user);
  const remembered = getRememberedStationId();
  const list = stations.data ?? [];

  const figures = new Map((today.data ?? []).map((f) => [f.station_id, f]));
  const shownFigures = list.flatMap((s) => figures.get(s.id) ?? []);

  const openSection = (station: Station, section: '' | 'dashboard') => {
    rememberStation(station.id);
    void navigate(`/station/${encodeURIComponent(station.id)}${section ? `/${section}` : ''}`);
  };
  const openStation = (station: Station) => openSection(station, '');
  const startAdding = () => {
    setModalLoaded(true);
    setAdding(true);
  };

  // Another page asked for the add-station form (the dashboard with no stations): open it once.
  const addRequested = (location.state as { addStation?: boolean } | null)?.addStation === true;
  useEffect(() => {
    if (!addRequested || !mayAdd) return;
    setModalLoaded(true);
    setAdding(true);
    void navigate('.', { replace: true, state: null });
  }, [addRequested, mayAdd, navigate]);

  // The wizard's end (S2 §4) lands here asking for the owner's station: with one, it opens at once.
  const onlyRequested = (location.state as { openOnlyStation?: boolean } | null)?.openOnlyStation === true;
  const only = list.length === 1 ? list[0]! : null;
  useEffect(() => {
    if (!onlyRequested || !stations.isSuccess) return;
    if (!only) return void navigate('.', { replace: true, state: null });
    rememberStation(only.id);
    void navigate(`/station/${encodeURIComponent(only.id)}`, { replace: true });
  }, [onlyRequested, only, stations.isSuccess, navigate]);

  let body;
  if (stations.isPending) body = <PickerSkeleton />;
  else if (stations.isError)
    body = (
      <ErrorScreen
        inline
        title={messages.station.listLoadFailed}
        error={stations.error}
        onRetry={() => void stations.refetch()}
      />
    );
  else if (list.length === 0)
    body = isAdmin ? (
      <Card>
        <Empty description={messages.station.noneFound} />
      </Card>
    ) : (
      <NoStations
        supportUrl={config.data?.supportUrl ?? product.defaultSupportUrl}
        onAdd={mayAdd ? startAdding : undefined}
      />
    );
  else
    body = (
      <div className="station-grid">
        {list.map((s) => (
          <StationCard
            key={s.id}
            station={s}
            now={now}
            lastUsed={s.id === remembered}
            today={figures.get(s.id)}
            onOpen={openStation}
            onOpenSection={openSection}
          />
        ))}
        {mayAdd && <AddStationCard onClick={startAdding} />}
      </div>
    );

  return (
    <Page gap={screens.md ? 24 : 16}>
      <Flex justify="space-between" align="end" wrap gap={12}>
        <div>
          <Typography.Title level={screens.md ? 2 : 3} style={{ margin: 0 }}>
            {greetingForHour(now.getHours())}
            {user?.name ? `, ${user.name}` : ''}!
          </Typography.Title>
          <Typography.Text type="secondary" style={{ fontSize: 15 }}>
            {stations.isPending
              ? 'Загружаем ваши станции…'
              : list.length > 0
                ? 'Выберите станцию, с которой будете работать'
                : 'Ваши станции появятся здесь'}
          </Typography.Text>
        </div>
        {mayAdd && list.length > 0 && screens.md && (
          <Button type="primary" icon={<PlusOutlined />} onClick={startAdding}>
            Добавить объект
          </Button>
        )}
      </Flex>
      {isAdmin && <AdminNote />}
      {shownFigures.length > 0 && <TodayTotals figures={shownFigures} />}
      {body}
      {modalLoaded && userId && (
        <AddStationModal open={adding} onClose={() => setAdding(false)} userId={userId} />
      )}
    </Page>
  );
}
