import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, Skeleton, Tag } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, WarningOutlined } from '@ant-design/icons';
import { tariffMessages, type TariffKind } from '@crm/shared';
import { EmptyState } from '../../../components/empty-state';
import { useViewport } from '../../../lib/use-media-query';
import { useNotify } from '../../../lib/notify';
import { useStationContext } from '../../stations/lib/station-context';
import { useDeleteOwnTariff } from '../api/delete-own-tariff';
import { useTariffConfig } from '../api/tariff-config';
import { useTariffList } from '../api/tariff-list';
import { PriceHistory } from '../components/price-history';
import { ActiveTag } from '../components/tariff-card';
import { TariffContents } from '../components/tariff-contents';
import { TariffEditor } from '../components/tariff-editor';
import { tariffsMessages as t } from '../lib/tariffs-messages';
import '../../../components/shared-ui.css';
import '../components/tariffs.css';
import { useFeedback } from '../../../lib/feedback';
import { PricesHiddenPage, usePricesHidden } from '../components/prices-hidden';

export const kindParam = 'kind';

/** S2 §2: the navigation state's `isOwnTariff`, else `?kind=` (a reload loses the state); own by default. */
function tariffKind(params: URLSearchParams, state: unknown): TariffKind {
  const inUrl = params.get(kindParam);
  if (inUrl === 'own' || inUrl === 'yandex') return inUrl;
  const isOwn = (state as { isOwnTariff?: unknown } | null)?.isOwnTariff;
  return isOwn === false ? 'yandex' : 'own';
}

/**
 * `/station/{id}/tariffs/{tariffId}` (S2 §2): one tariff — status, services, price and time per
 * category, the history of its prices — and for owners and principals its edit form and, for an own
 * tariff, «Удалить».
 */
export function TariffDetailPage() {
  // A worker does not read prices (issue 38): a notice instead of calls answered 403.
  return usePricesHidden() ? <PricesHiddenPage /> : <TariffDetailBody />;
}

function TariffDetailBody() {
  const { station, canManage } = useStationContext();
  const { tariffId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const phone = useViewport() === 'mobile';
  const notify = useNotify();
  const { modal } = useFeedback();
  const kind = tariffKind(params, location.state);
  // The card's «Редактировать» comes with `edit`: the form opens at once, not a view with a second button.
  const [editing, setEditing] = useState(
    () => canManage && (location.state as { edit?: unknown } | null)?.edit === true,
  );

  // Opened from a card low on the list: the page (its name, the form's first field) starts at the top, as
  // the router keeps the list's scroll.
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [tariffId]);

  const config = useTariffConfig(station.id, kind, tariffId);
  const providerTariffs = useTariffList(station.id, 'yandex', kind === 'yandex' && canManage);
  const remove = useDeleteOwnTariff(station.id);

  // The spec passes the kind as navigation state only; the URL keeps it for a reload or a shared link.
  const inUrl = params.get(kindParam);
  useEffect(() => {
    if (inUrl !== kind)
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set(kindParam, kind);
          return next;
        },
        { replace: true, state: location.state },
      );
  }, [inUrl, kind, setParams, location.state]);

  const listPath = `/station/${encodeURIComponent(station.id)}/tariffs${kind === 'yandex' ? '?tab=yandex' : ''}`;
  // S2 §2: a tariff whose main data (its price object) did not come is an error with a way back, not a crash.
  const mainData = config.data?.price;
  const name = mainData?.name ?? '';

  const confirmDelete = () =>
    modal.confirm({
      title: t.deleteTitle(name),
      content: t.deleteText,
      okText: t.delete,
      okButtonProps: { danger: true },
      cancelText: t.cancel,
      onOk: async () => {
        try {
          await remove.mutateAsync(tariffId);
          notify.success(tariffMessages.deleted);
          void navigate(listPath);
        } catch {
          notify.error(tariffMessages.deleteFailed);
        }
      },
    });

  let body;
  if (config.isPending)
    body = (
      <div role="status" aria-label="Загрузка тарифа" className="tariff-detail__card">
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  else if (config.isError)
    body = (
      <div role="alert">
        <EmptyState
          title={tariffMessages.configLoadFailed}
          icon={<WarningOutlined />}
          actions={
            <Button type="primary" loading={config.isFetching} onClick={() => void config.refetch()}>
              {t.retry}
            </Button>
          }
        />
      </div>
    );
  else if (!mainData)
    body = (
      <div role="alert">
        <EmptyState
          title={tariffMessages.mainDataMissing}
          icon={<WarningOutlined />}
          actions={
            <Button type="primary" onClick={() => void navigate(listPath)}>
              {t.backToList}
            </Button>
          }
        />
      </div>
    );
  else
    body = (
      <>
        <div className="tariff-detail__card">
          {editing ? (
            <TariffEditor
              stationId={station.id}
              kind={kind}
              config={config.data}
              providerTariffs={providerTariffs.data ?? []}
              onDone={() => {
                setEditing(false);
                // A reload after saving shows the tariff, not its form again.
                if ((location.state as { edit?: unknown } | null)?.edit)
                  void navigate(`${location.pathname}${location.search}`, {
                    replace: true,
                    state: { isOwnTariff: kind === 'own' },
                  });
              }}
            />
          ) : (
            <TariffContents config={config.data} name={config.data.price.name} layout="page" />
          )}
        </div>
        <div className="tariff-detail__card">
          <PriceHistory
            stationId={station.id}
            tariffId={tariffId}
            timeZone={station.time_zone}
            config={config.data}
          />
        </div>
      </>
    );

  return (
    <div className={`page-column tariff-detail${phone ? ' page-column--phone tariffs-page--phone' : ''}`}>
      <Link to={listPath} className="tariff-detail__back">
        <ArrowLeftOutlined aria-hidden="true" /> {t.back}
      </Link>
      <header className="tariff-detail__head">
        <div className="tariff-detail__heading">
          <h1 className="tariff-detail__name">{name || (config.isPending ? '…' : t.title)}</h1>
          <div className="tariff-detail__tags">
            <Tag>{kind === 'own' ? t.ownKind : t.yandexKind}</Tag>
            {mainData && <ActiveTag active={mainData.active} />}
          </div>
        </div>
        {canManage && mainData && !editing && (
          <div className="tariff-detail__actions">
            <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
              {t.edit}
            </Button>
            {kind === 'own' && (
              <Button danger icon={<DeleteOutlined />} onClick={confirmDelete} loading={remove.isPending}>
                {t.delete}
              </Button>
            )}
          </div>
        )}
      </header>
      {body}
    </div>
  );
}
