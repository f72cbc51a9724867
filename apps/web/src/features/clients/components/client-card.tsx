import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  Button,
  Descriptions,
  Drawer,
  Flex,
  Result,
  Spin,
  Statistic,
  Tag,
  type DescriptionsProps,
} from 'antd';
import {
  CalendarOutlined,
  DeleteOutlined,
  EditOutlined,
  PhoneOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { clientMessages, formatRub, type Driver, type DriverVisit, type Station } from '@crm/shared';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useViewport } from '../../../lib/use-media-query';
import { RetryAlert } from '../../../components/retry-alert';
import { useCarCollection } from '../../orders/api/catalog';
import { useClientDetails } from '../api/client-details';
import { useDeleteClient } from '../api/delete-client';
import { useRestoreClient } from '../api/restore-client';
import { clientDate, clientName, clientPhone } from '../lib/client-labels';
import { clientsPageMessages as text } from '../lib/clients-messages';
import { LazyClientFormModal as ClientFormModal } from './lazy-parts';
import { ClientTags } from './client-status';
import { ClientVisits } from './client-visits';
import { useFeedback } from '../../../lib/feedback';

interface ClientCardProps {
  networkId: string;
  clientId: string;
  /** The selected station: «Новая запись» books there. */
  station: Station;
  canManage: boolean;
  onOpenVisit(visit: DriverVisit): void;
  onClose(): void;
}

/** `/station/{id}?newOrder=1&client=…&car=…`: the new-order form opens with the client and the car. */
export function newOrderLink(stationId: string, clientId: string, carIndex?: number): string {
  const params = new URLSearchParams({ newOrder: '1', client: clientId });
  if (carIndex !== undefined) params.set('car', String(carIndex));
  return `/station/${encodeURIComponent(stationId)}?${params.toString()}`;
}

/**
 * The client's card (S2 §2 «/clients/{clientId}»), over the list: contact, discount, cars, totals and
 * every visit; edit, delete or restore, and «Новая запись» for this client.
 */
export function ClientCard({
  networkId,
  clientId,
  station,
  canManage,
  onOpenVisit,
  onClose,
}: ClientCardProps) {
  const phone = useViewport() === 'mobile';
  const details = useClientDetails(networkId, clientId);
  const driver = details.data?.driver;

  let body: ReactNode;
  if (details.isPending) {
    body = (
      <div className="client-sheet__loading" role="status">
        <Spin /> Загрузка клиента…
      </div>
    );
  } else if (details.isError) {
    body =
      details.error instanceof ApiError && details.error.status === 404 ? (
        <Result
          status="404"
          title={text.notFound}
          extra={<Button onClick={onClose}>К списку клиентов</Button>}
        />
      ) : (
        <RetryAlert title={clientMessages.loadFailed} onRetry={() => void details.refetch()} />
      );
  } else {
    body = (
      <CardBody
        networkId={networkId}
        data={details.data}
        station={station}
        canManage={canManage}
        onOpenVisit={onOpenVisit}
      />
    );
  }

  return (
    <Drawer
      open
      onClose={onClose}
      placement="right"
      size={phone ? '100%' : 720}
      title={driver ? clientName(driver) : 'Клиент'}
      className="client-sheet"
      destroyOnHidden
      extra={driver && canManage ? <CardActions networkId={networkId} driver={driver} /> : undefined}
    >
      {body}
    </Drawer>
  );
}

/** Edit, delete (with confirmation) or restore. */
function CardActions({ networkId, driver }: { networkId: string; driver: Driver }) {
  const { modal } = useFeedback();
  const notify = useNotify();
  const phone = useViewport() === 'mobile';
  const [editing, setEditing] = useState(false);
  const remove = useDeleteClient(networkId);
  const restore = useRestoreClient(networkId);

  /** Asks, then runs the call and says how it went. */
  const confirmThen = (
    ask: { title: string; content: string; okText: string; danger?: boolean },
    run: (id: string) => Promise<unknown>,
    done: string,
    failed: string,
  ) =>
    modal.confirm({
      title: ask.title,
      content: ask.content,
      okText: ask.okText,
      ...(ask.danger ? { okButtonProps: { danger: true } } : {}),
      cancelText: 'Отмена',
      onOk: async () => {
        try {
          await run(driver.id);
          notify.success(done);
        } catch (error) {
          notify.error(error, failed);
        }
      },
    });
  const confirmDelete = () =>
    confirmThen(
      {
        title: text.deleteConfirm,
        content: `${clientName(driver)}. ${text.deleteHint}`,
        okText: 'Удалить',
        danger: true,
      },
      remove.mutateAsync,
      clientMessages.deleted,
      clientMessages.deleteFailed,
    );
  const confirmRestore = () =>
    confirmThen(
      { title: text.restoreConfirm, content: clientName(driver), okText: 'Восстановить' },
      restore.mutateAsync,
      clientMessages.restored,
      clientMessages.restoreFailed,
    );

  return (
    <Flex gap={8} wrap>
      {!driver.deleted && (
        <Button icon={<EditOutlined />} onClick={() => setEditing(true)} aria-label="Изменить клиента">
          {!phone && 'Изменить'}
        </Button>
      )}
      {driver.deleted ? (
        <Button icon={<UndoOutlined />} onClick={confirmRestore} loading={restore.isPending}>
          Восстановить
        </Button>
      ) : (
        <Button
          danger
          className="client-delete"
          icon={<DeleteOutlined />}
          onClick={confirmDelete}
          loading={remove.isPending}
          aria-label="Удалить клиента"
        >
          {!phone && 'Удалить'}
        </Button>
      )}
      {editing && <ClientFormModal driver={driver} networkId={networkId} onClose={() => setEditing(false)} />}
    </Flex>
  );
}

/** A titled part of the card. */
function SheetSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="client-sheet__heading">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Label and value lines of the card. */
function SheetFacts({ items }: { items: DescriptionsProps['items'] }) {
  return <Descriptions size="small" column={1} bordered styles={{ label: { width: 160 } }} items={items} />;
}

interface CardBodyProps {
  networkId: string;
  data: NonNullable<ReturnType<typeof useClientDetails>['data']>;
  station: Station;
  canManage: boolean;
  onOpenVisit(visit: DriverVisit): void;
}

function CardBody({ networkId, data, station, canManage, onOpenVisit }: CardBodyProps) {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const collection = useCarCollection().data?.collection;
  const { driver, summary } = data;
  const book = (carIndex?: number) => void navigate(newOrderLink(station.id, driver.id, carIndex));
  const bodyOf = (brand: string, model: string) =>
    collection?.[brand]?.find((m) => m.model === model)?.ru_body_name ?? '';

  return (
    <Flex vertical gap={20} className="client-sheet__body">
      <Flex gap={8} wrap align="center">
        <ClientTags discount={driver.discount} deleted={driver.deleted} />
        {canManage && !driver.deleted && (
          <Button
            type="primary"
            icon={<CalendarOutlined />}
            onClick={() => book(driver.cars.length ? 0 : undefined)}
          >
            Новая запись
          </Button>
        )}
      </Flex>

      <SheetSection id="client-contact" title="Контакты">
        <SheetFacts
          items={[
            {
              key: 'phone',
              label: 'Телефон',
              children: driver.phone ? (
                <a href={`tel:${driver.phone}`} className="client-sheet__tel">
                  <PhoneOutlined aria-hidden="true" /> {clientPhone(driver)}
                </a>
              ) : (
                clientMessages.dateMissing
              ),
            },
            {
              key: 'discount',
              label: 'Скидка',
              children: driver.discount > 0 ? `${driver.discount} %` : 'Нет',
            },
            { key: 'created', label: 'Клиент с', children: clientDate(driver.date_created) },
          ]}
        />
      </SheetSection>

      <SheetSection id="client-totals" title="Итоги">
        <div className="client-totals">
          <Statistic title="Визитов" value={summary.visits_count} />
          <Statistic title="Заказов" value={summary.orders_count} />
          <Statistic title="Потрачено" value={formatRub(summary.total_spent)} />
        </div>
        <SheetFacts
          items={[
            { key: 'first', label: 'Первый визит', children: clientDate(summary.first_visit) },
            { key: 'last', label: 'Последний визит', children: clientDate(summary.last_visit) },
            {
              key: 'favourite',
              label: 'Любимая станция',
              children: summary.favourite_station
                ? `${summary.favourite_station.name} (${summary.favourite_station.visits})`
                : clientMessages.dateMissing,
            },
          ]}
        />
      </SheetSection>

      <SheetSection id="client-cars" title="Автомобили">
        {driver.cars.length === 0 ? (
          <p className="client-sheet__muted">Автомобили не указаны</p>
        ) : (
          <ul className="client-cars">
            {driver.cars.map((car, i) => (
              <li key={`${car.brand}-${car.model}-${car.plate_number ?? i}`} className="client-car">
                <span className="client-car__title">
                  {`${car.brand} ${car.model}`.trim()}
                  {bodyOf(car.brand, car.model) && (
                    <span className="client-sheet__muted">{` · ${bodyOf(car.brand, car.model)}`}</span>
                  )}
                </span>
                {car.plate_number ? <Tag className="client-car__plate">{car.plate_number}</Tag> : null}
                {canManage && !driver.deleted && (
                  <Button
                    size="small"
                    type="link"
                    className="client-car__book"
                    onClick={() => book(i)}
                    aria-label={`Записать ${car.brand} ${car.model}`}
                  >
                    Записать
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </SheetSection>

      <SheetSection id="client-visits" title="История визитов">
        <ClientVisits
          networkId={networkId}
          clientId={driver.id}
          page={page}
          onPage={setPage}
          onOpen={onOpenVisit}
        />
      </SheetSection>
    </Flex>
  );
}
