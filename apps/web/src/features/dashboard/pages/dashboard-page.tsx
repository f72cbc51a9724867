import { memo, useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Skeleton } from 'antd';
import { dashboardMessages, isUpcoming, isValidOrder, type CalendarOrder } from '@crm/shared';
import { Page } from '../../../components/page';
import { canManageOrders } from '../../../lib/order-rights';
import { useViewport } from '../../../lib/use-media-query';
// The page under the station guard reads the station it resolved (see the calendar page).
import { useStationContext } from '../../stations/lib/station-context';
import { useCurrentUser } from '../../users/api/current-user';
import { OrderModals } from '../../orders';
import { useNewOrders } from '../api/new-orders';
import { useTodayWindow, useUpcomingWindow } from '../api/order-windows';
import { ProviderTariffsAlert, TelegramBotBanner } from '../components/dashboard-banners';
import { DashboardHeader } from '../components/dashboard-header';
import { FiguresSection } from '../components/figures-section';
import { NewOrdersBlock } from '../components/new-orders-block';
import { OrderWindowCard } from '../components/order-window-card';
import { canSeeFigures } from '../lib/figures-access';
import { useDashboardPeriod } from '../lib/use-dashboard-period';
import { useStationNow } from '../../../lib/use-station-now';
import '../components/dashboard.css';

// The page re-renders whenever one of its own lists answers; these sections watch their own queries and
// re-render for those alone.
const Figures = memo(FiguresSection);
const NewOrders = memo(NewOrdersBlock);

const byStart = (a: CalendarOrder, b: CalendarOrder) =>
  Date.parse(a.booking_start) - Date.parse(b.booking_start);

/**
 * `/station/{id}/dashboard` — «Сводка» (S1 §2 «Dashboard»): the station and today's date, the alerts, and
 * the «Обзор» tab with new orders, the key indicators and charts for a period, and today's upcoming and
 * in-progress orders. A row opens the order (`?orderId=`). On a phone the figures come into the first
 * screen: no second station selector, new orders as one line while there are none, the Telegram banner
 * last. Under the new-orders window that was waiting on arrival only the new orders are there (the same
 * ones); the rest is asked and drawn once it closes: on a phone it was the arrival's heaviest work after
 * the window's paint, done while the window held every tap (issue 40).
 */
export function DashboardPage() {
  const { station, external, canManage, underWindow = false } = useStationContext();
  const zone = station.time_zone;
  const compact = useViewport() === 'mobile';
  const user = useCurrentUser().data?.user;
  const { now, today } = useStationNow(zone);
  const [period, setPeriod] = useDashboardPeriod(today);
  const [, setParams] = useSearchParams();
  // On a phone the waiting orders come first, as a full list: the overview waits for their answer (one
  // small request, shared with the station's new-orders gate), so a list that arrives after the figures
  // never pushes them down under the operator's thumb (Lighthouse measured that shift: CLS 0.26).
  const newOrders = useNewOrders(station.id);
  const holdForNewOrders = compact && newOrders.isPending;

  const upcomingWindow = useUpcomingWindow(station.id, zone, today, !underWindow);
  const todayWindow = useTodayWindow(station.id, zone, today, !underWindow);
  const upcoming = useMemo(
    () => upcomingWindow.data?.filter((o) => isUpcoming(o, now)).sort(byStart),
    [upcomingWindow.data, now],
  );
  const processing = useMemo(
    () => todayWindow.data?.filter((o) => o.status === 'Processing' && isValidOrder(o)).sort(byStart),
    [todayWindow.data],
  );
  const todayOrders = todayWindow.data?.filter(isValidOrder).length;

  const openOrder = useCallback(
    (orderId: string) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('orderId', orderId);
          return next;
        },
        { preventScrollReset: true },
      ),
    [setParams],
  );

  const newOrdersBlock = (
    <NewOrders
      stationId={station.id}
      zone={zone}
      today={today}
      canDecline={canManageOrders(user, station)}
      onOpen={openOrder}
      compact={compact}
    />
  );
  const overview = (
    <div className="dash-overview">
      {newOrdersBlock}
      <Figures
        station={station}
        today={today}
        now={now}
        period={period}
        onPeriod={setPeriod}
        allowed={canSeeFigures(user, station)}
        compact={compact}
      />
      <div className="dash-lists">
        <OrderWindowCard
          title={dashboardMessages.upcoming}
          empty={dashboardMessages.noUpcoming}
          orders={upcoming}
          loading={upcomingWindow.isPending}
          failed={upcomingWindow.isError}
          onRetry={() => void upcomingWindow.refetch()}
          zone={zone}
          today={today}
          now={now}
          onOpen={openOrder}
        />
        <OrderWindowCard
          title={dashboardMessages.processing}
          empty={dashboardMessages.noProcessing}
          orders={processing}
          loading={todayWindow.isPending}
          failed={todayWindow.isError}
          onRetry={() => void todayWindow.refetch()}
          zone={zone}
          today={today}
          now={now}
          onOpen={openOrder}
        />
      </div>
    </div>
  );

  return (
    <Page gap={compact ? 12 : 16}>
      <DashboardHeader
        station={station}
        external={external}
        today={today}
        todayOrders={todayOrders}
        compact={compact}
      />
      {/* Only those who may change the station's tariffs are asked to activate them. */}
      {canManage && !underWindow && <ProviderTariffsAlert stationId={station.id} />}
      {/* On a phone the first screen belongs to the figures: the banner waits at the bottom. */}
      {!compact && !underWindow && <TelegramBotBanner />}
      {/* The one tab, «Обзор» (S1 §2), as a strip of our own: antd's Tabs measures its tabs in a layout
          effect, which laid the whole page out inside the task that first paints it (≈ 40 ms on a mid
          phone, issue 15). */}
      <div className="dash-tabs">
        <div className="dash-tabs__nav" role="tablist">
          <span
            className="dash-tabs__tab"
            role="tab"
            id="dash-tab-overview"
            aria-selected="true"
            aria-controls="dash-panel-overview"
            tabIndex={0}
          >
            {dashboardMessages.overviewTab}
          </span>
        </div>
        <div role="tabpanel" id="dash-panel-overview" aria-labelledby="dash-tab-overview">
          {underWindow ? (
            <div className="dash-overview">
              {newOrdersBlock}
              <Skeleton active aria-busy />
            </div>
          ) : holdForNewOrders ? (
            <Skeleton active aria-busy />
          ) : (
            overview
          )}
        </div>
      </div>
      {compact && !holdForNewOrders && !underWindow && <TelegramBotBanner compact />}
      <OrderModals station={station} />
    </Page>
  );
}
