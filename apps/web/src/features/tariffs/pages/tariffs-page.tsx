import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Input, Tabs } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { TariffKind } from '@crm/shared';
import { PageTitle } from '../../../components/page-title';
import { useAppConfig } from '../../../lib/app-config';
import { product } from '../../../lib/product';
import { useViewport } from '../../../lib/use-media-query';
// The page under the station guard reads the station it resolved; the stations index would also pull
// the settings form and its map into this chunk.
import { useStationContext } from '../../stations/lib/station-context';
import { useTariffList } from '../api/tariff-list';
import { TariffTab } from '../components/tariff-tab';
import { tariffsMessages as t } from '../lib/tariffs-messages';
import '../../../components/shared-ui.css';
import '../components/tariffs.css';

/** `?tab=yandex` keeps the tab over a reload; the own tab is the page without it. */
export const tabParam = 'tab';

/** The tab asked for: the URL first, then the router state the dashboard's «Активировать» sends (S1 §2). */
function requestedTab(params: URLSearchParams, state: unknown): TariffKind | null {
  const inUrl = params.get(tabParam);
  if (inUrl === 'own' || inUrl === 'yandex') return inUrl;
  const fromState = (state as { activeTab?: unknown } | null)?.activeTab;
  return fromState === 'yandex' || fromState === 'own' ? fromState : null;
}

function tabLabel(text: string, count: number | undefined) {
  return (
    <span className="tariff-tabs__label">
      {text}
      {count !== undefined && <span className="tariff-tabs__count">{count}</span>}
    </span>
  );
}

/**
 * `/station/{id}/tariffs` (S2 §2 «Tariffs»), read-only for now: own and Yandex tariffs as cards with
 * prices and durations per car class, included services and extras. Editing comes with the tariffs issue.
 */
export function TariffsPage() {
  const { station } = useStationContext();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const phone = useViewport() === 'mobile';
  const supportUrl = useAppConfig().data?.supportUrl ?? product.defaultSupportUrl;
  const [search, setSearch] = useState('');

  const asked = requestedTab(params, location.state);
  // S2 §2: the provider tab belongs to stations with booking; a link that asks for it still shows it.
  const showYandex = station.enable_booking || asked === 'yandex';
  const tab: TariffKind = asked === 'yandex' && showYandex ? 'yandex' : 'own';

  // The dashboard sends the tab as router state, which a reload or a shared link loses: copy it to the URL.
  const inUrl = params.get(tabParam);
  useEffect(() => {
    if (tab === 'yandex' && inUrl !== 'yandex') {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set(tabParam, 'yandex');
          return next;
        },
        { replace: true },
      );
    }
  }, [tab, inUrl, setParams]);

  const own = useTariffList(station.id, 'own');
  const yandex = useTariffList(station.id, 'yandex', showYandex);

  const selectTab = (key: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (key === 'yandex') next.set(tabParam, 'yandex');
        else next.delete(tabParam);
        return next;
      },
      // The dashboard's router state would otherwise pull the page back to the Yandex tab.
      { replace: true, state: null },
    );

  const tabProps = {
    stationId: station.id,
    search,
    onClearSearch: () => setSearch(''),
    supportUrl,
  };
  const items = [
    {
      key: 'own',
      label: tabLabel(t.ownTab, own.data?.length),
      children: <TariffTab kind="own" list={own} {...tabProps} />,
    },
    ...(showYandex
      ? [
          {
            key: 'yandex',
            label: tabLabel(t.yandexTab, yandex.data?.length),
            children: <TariffTab kind="yandex" list={yandex} {...tabProps} />,
          },
        ]
      : []),
  ];

  return (
    <div className={`page-column tariffs-page${phone ? ' page-column--phone tariffs-page--phone' : ''}`}>
      <header className="tariffs-head">
        <PageTitle title={t.title} station={station.name} stacked={phone} />
        <Input
          className="tariffs-head__search"
          type="search"
          allowClear
          prefix={<SearchOutlined aria-hidden="true" />}
          placeholder={t.searchPlaceholder}
          aria-label="Поиск тарифов"
          value={search}
          maxLength={100}
          onChange={(e) => setSearch(e.target.value)}
        />
      </header>
      <Tabs className="tariff-tabs" activeKey={tab} onChange={selectTab} items={items} />
    </div>
  );
}
