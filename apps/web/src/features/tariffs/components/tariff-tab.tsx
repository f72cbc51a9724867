import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Skeleton } from 'antd';
import {
  ApiOutlined,
  AppstoreAddOutlined,
  CloudDownloadOutlined,
  FileSearchOutlined,
  PlusOutlined,
  TagsOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { maxOwnTariffsForAddCard, type Station, type TariffKind } from '@crm/shared';
import { EmptyState } from '../../../components/empty-state';
import { SupportButton } from '../../../components/support-button';
import { useTariffConfigs } from '../api/tariff-config';
import type { TariffListItem } from '../api/tariff-list';
import { tariffMatches } from '../lib/tariff-view';
import { tariffsMessages as t } from '../lib/tariffs-messages';
import { ImportPricesModal } from './import-prices-modal';
import { AddTariffCard, TariffCard } from './tariff-card';

interface TariffTabProps {
  station: Station;
  kind: TariffKind;
  list: UseQueryResult<TariffListItem[]>;
  search: string;
  onClearSearch(): void;
  supportUrl: string;
  /** Owner, principal or role admin (S2 §6). */
  canEdit: boolean;
}

export function LoadingCards() {
  return (
    <div className="tariff-grid" role="status" aria-label="Загрузка тарифов">
      {[0, 1, 2].map((i) => (
        <div key={i} className="tariff-card tariff-card--skeleton" aria-hidden="true">
          <Skeleton active title={{ width: '45%' }} paragraph={{ rows: 8 }} />
        </div>
      ))}
    </div>
  );
}

/** S2 §2: 'Ошибка загрузки тарифов' with 'Повторить', for every tab. */
export function TabLoadError({ retrying, onRetry }: { retrying: boolean; onRetry(): void }) {
  return (
    <div role="alert">
      <EmptyState
        title={t.loadFailed}
        icon={<WarningOutlined />}
        actions={
          <Button type="primary" loading={retrying} onClick={onRetry}>
            {t.retry}
          </Button>
        }
      />
    </div>
  );
}

/** The tab's actions: its additional services; a new own tariff; on the Yandex tab the price import. */
function TabToolbar({
  station,
  kind,
  canEdit,
  canCreate,
}: {
  station: Station;
  kind: TariffKind;
  canEdit: boolean;
  /** «Новый тариф» as a button where the add-card is not shown. */
  canCreate: boolean;
}) {
  const navigate = useNavigate();
  const [importing, setImporting] = useState(false);
  const extrasPath = `/station/${encodeURIComponent(station.id)}/tariffs/${
    kind === 'own' ? 'addition_service' : 'yandex_addition_service'
  }`;
  return (
    <div className="tariff-toolbar">
      <Button
        icon={<AppstoreAddOutlined />}
        onClick={() => void navigate(extrasPath, { state: { isOwnTariff: kind === 'own' } })}
      >
        {t.additionalServices}
      </Button>
      {/* The add-card of S2 §2 shows only up to two tariffs; a station with more still needs a way to add one. */}
      {canCreate && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => void navigate(`/station/${encodeURIComponent(station.id)}/tariffs/new`)}
        >
          {t.addTariff}
        </Button>
      )}
      {kind === 'yandex' && canEdit && (
        <Button icon={<CloudDownloadOutlined />} onClick={() => setImporting(true)}>
          {t.importPrices}
        </Button>
      )}
      {importing && <ImportPricesModal station={station} onClose={() => setImporting(false)} />}
    </div>
  );
}

/** One tab of S2 §2 «Tariffs»: its own loading, error and empty states, then the cards. */
export function TariffTab({
  station,
  kind,
  list,
  search,
  onClearSearch,
  supportUrl,
  canEdit,
}: TariffTabProps) {
  const items = list.data ?? [];
  const configs = useTariffConfigs(
    station.id,
    kind,
    items.map((item) => item.id),
  );

  if (list.isPending) return <LoadingCards />;
  if (list.isError) return <TabLoadError retrying={list.isFetching} onRetry={() => void list.refetch()} />;

  const addCard = kind === 'own' && canEdit && items.length <= maxOwnTariffsForAddCard;
  const toolbar = (
    <TabToolbar
      station={station}
      kind={kind}
      canEdit={canEdit}
      canCreate={kind === 'own' && canEdit && !addCard}
    />
  );
  if (items.length === 0) {
    return kind === 'own' ? (
      <div className="tariff-tab">
        {toolbar}
        <EmptyState title={t.ownEmptyTitle} description={t.ownEmptyText} icon={<TagsOutlined />} />
        {addCard && (
          <div className="tariff-grid">
            <AddTariffCard stationId={station.id} />
          </div>
        )}
      </div>
    ) : (
      // S2 §2: an empty provider list should not happen; point to support.
      <EmptyState
        title={t.yandexEmptyTitle}
        description={t.yandexEmptyText}
        icon={<ApiOutlined />}
        actions={<SupportButton href={supportUrl} type="primary" />}
      />
    );
  }

  const shown = items
    .map((item, i) => ({ item, config: configs[i]! }))
    .filter(({ item, config }) => tariffMatches(search, item.name, config.data));

  let notice: ReactNode = null;
  // The dashboard's «Активировать» lands here (S1 §2): say why nothing comes from Yandex and what to do.
  if (kind === 'yandex' && !items.some((item) => item.active)) {
    notice = (
      <Alert
        type="warning"
        showIcon
        title={t.yandexInactiveTitle}
        description={
          // The button goes under the text: as the alert's side action it squeezes the text on a phone.
          <div className="tariff-notice__body">
            <span>{canEdit ? t.yandexInactiveEditText : t.yandexInactiveText}</span>
            {!canEdit && <SupportButton href={supportUrl} size="small" />}
          </div>
        }
        className="tariff-notice"
      />
    );
  }

  return (
    <div className="tariff-tab">
      {notice}
      {toolbar}
      {shown.length === 0 ? (
        <EmptyState
          title={t.nothingFound}
          description={t.nothingFoundText}
          icon={<FileSearchOutlined />}
          actions={<Button onClick={onClearSearch}>{t.clearSearch}</Button>}
        />
      ) : (
        <div className="tariff-grid">
          {shown.map(({ item, config }) => (
            <TariffCard
              key={item.id}
              stationId={station.id}
              kind={kind}
              item={item}
              items={items}
              config={config}
              canEdit={canEdit}
            />
          ))}
          {addCard && !search && <AddTariffCard stationId={station.id} />}
        </div>
      )}
    </div>
  );
}
