import type { ReactNode } from 'react';
import { Alert, Button, Skeleton } from 'antd';
import { ApiOutlined, FileSearchOutlined, TagsOutlined, WarningOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TariffKind } from '@crm/shared';
import { EmptyState } from '../../../components/empty-state';
import { SupportButton } from '../../../components/support-button';
import { useTariffConfigs } from '../api/tariff-config';
import type { TariffListItem } from '../api/tariff-list';
import { tariffMatches } from '../lib/tariff-view';
import { tariffsMessages as t } from '../lib/tariffs-messages';
import { TariffCard } from './tariff-card';

interface TariffTabProps {
  stationId: string;
  kind: TariffKind;
  list: UseQueryResult<TariffListItem[]>;
  search: string;
  onClearSearch(): void;
  supportUrl: string;
}

function LoadingCards() {
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

/** One tab of S2 §2 «Tariffs»: its own loading, error and empty states, then the cards. */
export function TariffTab({ stationId, kind, list, search, onClearSearch, supportUrl }: TariffTabProps) {
  const items = list.data ?? [];
  const configs = useTariffConfigs(
    stationId,
    kind,
    items.map((item) => item.id),
  );

  if (list.isPending) return <LoadingCards />;
  if (list.isError) {
    return (
      <div role="alert">
        <EmptyState
          title={t.loadFailed}
          icon={<WarningOutlined />}
          actions={
            <Button type="primary" loading={list.isFetching} onClick={() => void list.refetch()}>
              {t.retry}
            </Button>
          }
        />
      </div>
    );
  }
  if (items.length === 0) {
    return kind === 'own' ? (
      <EmptyState title={t.ownEmptyTitle} description={t.ownEmptyText} icon={<TagsOutlined />} />
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
  // The dashboard's «Активировать» lands here (S1 §2): say why nothing comes from Yandex and who can help.
  if (kind === 'yandex' && !items.some((item) => item.active)) {
    notice = (
      <Alert
        type="warning"
        showIcon
        title={t.yandexInactiveTitle}
        description={
          // The button goes under the text: as the alert's side action it squeezes the text on a phone.
          <div className="tariff-notice__body">
            <span>{t.yandexInactiveText}</span>
            <SupportButton href={supportUrl} size="small" />
          </div>
        }
        className="tariff-notice"
      />
    );
  }

  return (
    <div className="tariff-tab">
      {notice}
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
            <TariffCard key={item.id} item={item} config={config} />
          ))}
        </div>
      )}
    </div>
  );
}
