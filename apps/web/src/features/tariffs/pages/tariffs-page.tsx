import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Input, Tabs } from 'antd';
import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import type { StationStrategy } from '@crm/shared';
import { PageTitle } from '../../../components/page-title';
import { useAppConfig } from '../../../lib/app-config';
import { product } from '../../../lib/product';
import { useViewport } from '../../../lib/use-media-query';
// The page under the station guard reads the station it resolved; the stations index would also pull
// the settings form and its map into this chunk.
import { useStationStrategy } from '../../stations/api/station-strategy';
import { useStationContext } from '../../stations/lib/station-context';
import { useFixedTariffs } from '../api/fixed-tariffs';
import { useTariffList } from '../api/tariff-list';
import { FixedTariffsTab } from '../components/fixed-tariffs-tab';
import { PaymentSettingsTab } from '../components/payment-settings-tab';
import { LoadingCards, TariffTab } from '../components/tariff-tab';
import { tariffsMessages as t } from '../lib/tariffs-messages';
import '../../../components/shared-ui.css';
import '../components/tariffs.css';
import { PricesHiddenPage, usePricesHidden } from '../components/prices-hidden';

/** `?tab=yandex|fixed|payment` keeps the tab over a reload; the own tab is the page without it. */
export const tabParam = 'tab';
const tabKeys = ['own', 'yandex', 'fixed', 'payment'] as const;
export type TariffsTab = (typeof tabKeys)[number];

/** The tab asked for: the URL first, then the router state the dashboard's «Активировать» sends (S1 §2). */
function requestedTab(params: URLSearchParams, state: unknown): TariffsTab | null {
  const inUrl = params.get(tabParam);
  if ((tabKeys as readonly (string | null)[]).includes(inUrl)) return inUrl as TariffsTab;
  const fromState = (state as { activeTab?: unknown } | null)?.activeTab;
  return (tabKeys as readonly unknown[]).includes(fromState) ? (fromState as TariffsTab) : null;
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
 * `/station/{id}/tariffs` (S2 §2 «Tariffs»): the tabs the station's strategy gives — own tariffs always,
 * Yandex with booking, fixed with a robot wash, payment settings with in-app payment. Owners and
 * principals switch statuses, open a tariff to edit it, add one, import Yandex prices.
 */
export function TariffsPage() {
  // A worker does not read prices (issue 38): a notice instead of calls answered 403.
  return usePricesHidden() ? <PricesHiddenPage /> : <TariffsPageBody />;
}

function TariffsPageBody() {
  const { station, canManage } = useStationContext();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const phone = useViewport() === 'mobile';
  const supportUrl = useAppConfig().data?.supportUrl ?? product.defaultSupportUrl;
  const [search, setSearch] = useState('');
  const strategyQuery = useStationStrategy(station.id);
  // Until the strategy answers (or if it fails), the station's own flags decide; robot is only known there.
  const strategy: StationStrategy = strategyQuery.data ?? {
    booking: station.enable_booking,
    payment: station.enable_payment,
    robot: false,
  };

  const asked = requestedTab(params, location.state);
  // A link that asks for the Yandex tab (the dashboard's «Активировать») still shows it.
  const available: Record<TariffsTab, boolean> = {
    own: true,
    yandex: strategy.booking || asked === 'yandex',
    fixed: strategy.robot,
    payment: strategy.payment,
  };
  // A tab the strategy may still bring waits for it instead of flashing the own tab.
  const waiting = strategyQuery.isPending && asked !== null && !available[asked];
  const tab: TariffsTab = asked && available[asked] ? asked : 'own';

  // The dashboard sends the tab as router state, which a reload or a shared link loses: copy it to the URL.
  const inUrl = params.get(tabParam);
  useEffect(() => {
    if (tab !== 'own' && inUrl !== tab) {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set(tabParam, tab);
          return next;
        },
        { replace: true },
      );
    }
  }, [tab, inUrl, setParams]);

  const own = useTariffList(station.id, 'own');
  const yandex = useTariffList(station.id, 'yandex', available.yandex);
  const fixed = useFixedTariffs(station.id, available.fixed);

  const selectTab = (key: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (key === 'own') next.delete(tabParam);
        else next.set(tabParam, key);
        return next;
      },
      // The dashboard's router state would otherwise pull the page back to the Yandex tab.
      { replace: true, state: null },
    );

  const tabProps = {
    station,
    search,
    onClearSearch: () => setSearch(''),
    supportUrl,
    canEdit: canManage,
  };
  const items = [
    {
      key: 'own',
      label: tabLabel(t.ownTab, own.data?.length),
      children: <TariffTab kind="own" list={own} {...tabProps} />,
    },
    available.yandex && {
      key: 'yandex',
      label: tabLabel(t.yandexTab, yandex.data?.length),
      children: <TariffTab kind="yandex" list={yandex} {...tabProps} />,
    },
    available.fixed && {
      key: 'fixed',
      label: tabLabel(t.fixedTab, fixed.data?.length),
      children: (
        <FixedTariffsTab
          stationId={station.id}
          timeZone={station.time_zone}
          list={fixed}
          search={search}
          canEdit={canManage}
        />
      ),
    },
    available.payment && {
      key: 'payment',
      label: t.paymentTab,
      children: <PaymentSettingsTab stationId={station.id} canEdit={canManage} />,
    },
  ].filter((item) => !!item);

  return (
    <div className={`page-column tariffs-page${phone ? ' page-column--phone tariffs-page--phone' : ''}`}>
      <header className="tariffs-head">
        <PageTitle title={t.title} station={station.name} stacked={phone} />
        {tab !== 'payment' && (
          <Input
            className="tariffs-head__search"
            type="search"
            // Its clear button is named in Russian (the icon's English name is not read out).
            allowClear={{ clearIcon: <CloseCircleFilled aria-label="Очистить поиск" /> }}
            prefix={<SearchOutlined aria-hidden="true" />}
            placeholder={t.searchPlaceholder}
            aria-label="Поиск тарифов"
            value={search}
            maxLength={100}
            onChange={(e) => setSearch(e.target.value)}
          />
        )}
      </header>
      {waiting ? (
        <LoadingCards />
      ) : (
        <Tabs className="tariff-tabs" activeKey={tab} onChange={selectTab} items={items} />
      )}
    </div>
  );
}
