import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CalendarOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { addDays, defaultSlotDuration, orderMessages, type CalendarOrder } from '@crm/shared';
import { useNotify } from '../../../lib/notify';
import { offlineOrderRefusal, offlineWriteRefusal } from '../../../lib/online';
import { useOnline } from '../../../lib/use-online';
import { OfflineSnapshotMark } from '../../shell/components/offline-snapshot-mark';
import { useViewport } from '../../../lib/use-media-query';
// The page under the station guard reads the station it resolved; the stations index would also pull
// the settings form and its map into this chunk.
import { useStationContext } from '../../stations/lib/station-context';
import { useCurrentUser } from '../../users/api/current-user';
import { OrderModals } from '../../orders';
import { calendarWeekQuery, useCalendarWeek } from '../api/order-list';
import { useStripCounts } from '../api/schedule-view';
import {
  calendarDay,
  calendarPlace,
  type CalendarDay,
  gridRange,
  loadRange,
  stripDates,
  visibleDates,
} from '../lib/calendar-days';
import { buildEvents, type CalendarEvent } from '../lib/calendar-events';
import { markOutsideHours } from '../lib/outside-hours';
import { countEvents, matchesFilters, usePersistedFilters } from '../lib/calendar-filters';
import { newOrderStart } from '../lib/new-order-start';
import { rememberPlace, withRememberedPlace } from '../lib/calendar-place-memory';
import { canManageOrders } from '../../../lib/order-rights';
import type { PlacedEvent } from '../lib/place-events';
import { layoutCalendar } from '../lib/lanes';
import { useCalendarMove } from '../lib/use-calendar-move';
import { LazyWeekList } from '../components/lazy-week-list';
import { fromWall } from '../../../lib/station-time';
import { useStationNow } from '../../../lib/use-station-now';
import { CalendarToolbar, periodLabel } from '../components/calendar-toolbar';
import { FilterPopover } from '../components/filter-popover';
import { LazyOverlapModal } from '../components/lazy-overlap-modal';
import { LazyScheduleMissingAlert } from '../components/lazy-schedule-missing-alert';
import { TimeGrid } from '../components/time-grid';
import { WeekStrip } from '../components/week-strip';
import { OnShiftToday } from '../../shifts';
import '../components/calendar.css';
import { RetryAlert } from '../../../components/retry-alert';

/**
 * The day view's strip with each day's count of orders (S1 §7 `order/list/schedule`; the strip spans days
 * the calendar's list does not hold). Its own query: when the counts answer, the strip re-renders, not the
 * page (on a phone's arrival that re-render of the whole page was a ≈ 75 ms task, issue 40).
 */
const CountedWeekStrip = memo(function CountedWeekStrip({
  stationId,
  days,
  events,
  loadedStart,
  loadedEnd,
  selected,
  onSelect,
  onSwipe,
}: {
  stationId: string;
  days: CalendarDay[];
  events: readonly CalendarEvent[];
  loadedStart: string;
  loadedEnd: string;
  selected: string;
  onSelect(date: string): void;
  onSwipe(step: 1 | -1): void;
}) {
  const loaded = useMemo(() => ({ start: loadedStart, end: loadedEnd }), [loadedStart, loadedEnd]);
  const counts = useStripCounts(
    stationId,
    days[0]!.date,
    addDays(days[days.length - 1]!.date, 1),
    events,
    loaded,
  );
  return <WeekStrip days={days} counts={counts} selected={selected} onSelect={onSelect} onSwipe={onSwipe} />;
});

/**
 * `/station/{id}` (the station index) — the order calendar of S1 §2. View and date live in the URL
 * (`?view=day|week&date=YYYY-MM-DD`, station-local), so a reload or a shared link shows the same page,
 * and are kept for the tab (lib/calendar-place-memory.ts) so that coming back to «Расписание» does too;
 * `?orderId=` and `?newOrder=` open the order modals.
 */
export function SchedulePage() {
  const { station } = useStationContext();
  const zone = station.time_zone;
  const worktime = station.worktime_by_day;
  const phone = useViewport() === 'mobile';
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const me = useCurrentUser();
  const canCreate = !!me.data && canManageOrders(me.data.user, station);
  // Offline the calendar shows saved orders, read-only (issue 39); a change says why it cannot be made.
  const online = useOnline();
  // The order windows' code loads when first opened; a page loaded offline cannot load it (until back online).
  const [windowsReady, setWindowsReady] = useState(online);
  useEffect(() => {
    if (online) setWindowsReady(true);
  }, [online]);
  // A new day on the station's clock is noticed within a minute.
  const { today } = useStationNow(zone, 60_000);

  // Back on «Расписание» (no view or date in the URL), the view and day left last in this tab (issue 38).
  const place = useMemo(() => withRememberedPlace(params, station.id), [params, station.id]);
  useEffect(() => {
    if (place !== params) setParams(place, { replace: true });
    else rememberPlace(params, station.id);
  }, [place, params, setParams, station.id]);
  const { view, selected } = calendarPlace(place, phone, today);

  const range = loadRange(view, selected);
  const list = useCalendarWeek(station.id, zone, range.start, range.end);
  const queryClient = useQueryClient();
  const [filters, setFilters] = usePersistedFilters();
  const [overlap, setOverlap] = useState<CalendarEvent[] | null>(null);

  const dates = useMemo(() => visibleDates(view, selected), [view, selected]);
  const days = useMemo(() => dates.map((d) => calendarDay(d, worktime, today)), [dates, worktime, today]);
  const strip = useMemo(
    () => stripDates(selected).map((d) => calendarDay(d, worktime, today)),
    [selected, worktime, today],
  );

  const events = useMemo(
    () => markOutsideHours(buildEvents(list.data?.orders ?? [], zone), worktime),
    [list.data, zone, worktime],
  );
  const inView = useMemo(() => {
    const shown = new Set(dates);
    return events.filter((e) => shown.has(e.date));
  }, [events, dates]);
  const counts = useMemo(() => countEvents(inView), [inView]);
  const filtered = useMemo(() => inView.filter((e) => matchesFilters(e, filters)), [inView, filters]);
  const hours = useMemo(() => gridRange(days, filtered), [days, filtered]);
  const boxNumbers = useMemo(() => station.boxes.map((b) => b.number), [station.boxes]);
  // DESIGN §10: one lane per box in the day view; the week draws live orders and the load per hour.
  const layout = useMemo(
    () => layoutCalendar(view, filtered, inView, dates, hours, boxNumbers),
    [view, filtered, inView, dates, hours, boxNumbers],
  );
  const moveOrder = useCalendarMove(station.id, zone);

  const failedAt = list.isError ? list.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) notify.error(orderMessages.listLoadFailed);
  }, [failedAt, notify]);

  const setParam = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // «Новая запись» of the menu, or a window's address reloaded, while its code cannot load: said, not hung.
  const blockedWindow = windowsReady
    ? null
    : params.has('newOrder')
      ? 'new'
      : params.has('orderId')
        ? 'order'
        : null;
  useEffect(() => {
    if (!blockedWindow) return;
    notify.warning(blockedWindow === 'new' ? offlineWriteRefusal : offlineOrderRefusal);
    setParam({ newOrder: null, orderId: null, box: null, edit: null });
  }, [blockedWindow, notify, setParam]);

  const openOrder = useCallback(
    (id: string) => {
      setOverlap(null);
      if (!windowsReady) return notify.warning(offlineOrderRefusal);
      setParam({ orderId: id, newOrder: null, box: null });
    },
    [setParam, windowsReady, notify],
  );
  const onOpenEvent = useCallback(
    (p: PlacedEvent) => {
      if (!p.event.clickable) return;
      if (view === 'week' && p.group.length > 1) setOverlap(p.group);
      else openOrder(p.event.id);
    },
    [view, openOrder],
  );
  const onCreateAt = useCallback(
    (date: string, minutes: number, box?: number) =>
      online
        ? setParam({
            newOrder: new Date(fromWall(date, minutes, zone)).toISOString(),
            // A lane's free cell books that box (the new-order form reads `box`).
            box: box === undefined ? null : String(box),
            orderId: null,
          })
        : notify.warning(offlineWriteRefusal),
    [setParam, zone, online, notify],
  );
  const step = useCallback(
    (dir: 1 | -1) => setParam({ date: addDays(selected, dir * (view === 'day' ? 1 : 7)) }),
    [setParam, selected, view],
  );
  const pickDay = useCallback((date: string) => setParam({ date, view: 'day' }), [setParam]);
  const selectDay = useCallback((date: string) => setParam({ date }), [setParam]);

  const noWorkingDays = !(view === 'day' ? strip : days).some((d) => d.hours);
  const loading = list.isPending;
  // Orders booked on days off (rare) still get the grid, with the note above it.
  const emptyWeek = noWorkingDays && filtered.length === 0;

  return (
    <div className={`cal-page${phone ? ' cal-page--phone' : ''}`}>
      <CalendarToolbar
        stationName={station.name}
        view={view}
        selected={selected}
        today={today}
        compact={phone}
        canCreate={canCreate}
        period={periodLabel(view, selected, dates)}
        filter={
          <FilterPopover
            filters={filters}
            counts={counts}
            hidden={inView.length - filtered.length}
            onChange={setFilters}
            iconOnly={phone}
          />
        }
        onView={(v) => setParam({ view: v })}
        onDate={(date) => setParam({ date })}
        onStep={step}
        onNewOrder={() =>
          void (async () => {
            if (!online) return notify.warning(offlineWriteRefusal);
            // On the day being looked at, not today (DESIGN §10). In day view its free slot needs its
            // orders: right after a switch of view or day they may still be on their way, so wait for them
            // (cached: at once). The week view starts at the day's first slot and needs none.
            const day = calendarDay(selected, worktime, today);
            let orders: readonly CalendarOrder[] = [];
            if (view === 'day') {
              try {
                const week = await queryClient.ensureQueryData(
                  calendarWeekQuery(station.id, zone, range.start, range.end),
                );
                orders = week.orders;
              } catch {
                // The list's own error shows; the form still opens on the day, and saving checks the box.
              }
            }
            const loaded = buildEvents(orders, zone);
            const start = newOrderStart({ view, day, events: loaded, station, nowMs: Date.now() });
            setParam({ newOrder: start, orderId: null, box: null });
          })()
        }
      />

      <LazyScheduleMissingAlert station={station} />
      <OfflineSnapshotMark savedAt={list.data ? list.dataUpdatedAt : null} zone={zone} />
      {list.isError && (
        <RetryAlert title={orderMessages.listLoadFailed} onRetry={() => void list.refetch()} />
      )}

      {view === 'day' && (
        <CountedWeekStrip
          stationId={station.id}
          days={strip}
          events={events}
          loadedStart={range.start}
          loadedEnd={range.end}
          selected={selected}
          onSelect={selectDay}
          onSwipe={step}
        />
      )}
      {/* Issue 39 §3: who is on shift on the day shown. */}
      {view === 'day' && <OnShiftToday stationId={station.id} date={selected} />}

      {emptyWeek ? (
        <div className="cal-empty">
          <CalendarOutlined className="cal-empty__icon" aria-hidden="true" />
          <p>{orderMessages.noWorkingDays}</p>
        </div>
      ) : phone && view === 'week' ? (
        <LazyWeekList
          days={days}
          events={filtered}
          loading={loading}
          dataStamp={list.data ? list.dataUpdatedAt : 0}
          onOpen={(event) => openOrder(event.id)}
          onPickDay={pickDay}
        />
      ) : (
        <TimeGrid
          days={days}
          compact={view === 'week'}
          placed={layout.placed}
          lanes={layout.lanes}
          narrow={phone}
          load={layout.load}
          occupied={inView}
          onMove={canCreate ? moveOrder : undefined}
          range={hours}
          zone={zone}
          slotMinutes={station.slot_duration > 0 ? station.slot_duration : defaultSlotDuration}
          canCreate={canCreate}
          loading={loading}
          dataStamp={list.data ? list.dataUpdatedAt : 0}
          onOpenEvent={onOpenEvent}
          onCreateAt={onCreateAt}
          onPickDay={pickDay}
          onSwipe={step}
          banner={noWorkingDays ? <div className="tg__banner">{orderMessages.noWorkingDays}</div> : undefined}
        />
      )}

      <LazyOverlapModal events={overlap} onClose={() => setOverlap(null)} onOpenOrder={openOrder} />
      {windowsReady && <OrderModals station={station} />}
    </div>
  );
}
