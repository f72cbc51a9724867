import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Skeleton } from 'antd';
import { FieldTimeOutlined } from '@ant-design/icons';
import { dayToggleAction, slotMessages, weekDayNames } from '@crm/shared';
import { EmptyState } from '../../../components/empty-state';
import { loadingPhrases } from '../../../components/loading-overlay';
import { Page } from '../../../components/page';
import { PageTitle } from '../../../components/page-title';
import { RetryAlert } from '../../../components/retry-alert';
import { useStationNow } from '../../../lib/use-station-now';
import { useViewport } from '../../../lib/use-media-query';
import { useCanManageOrders } from '../../orders/lib/order-access';
import { useStationContext } from '../../stations/lib/station-context';
import { useSlots } from '../api/slots';
import { DayStrip } from '../components/day-strip';
import { DayToggle } from '../components/day-toggle';
import { SlotGrid } from '../components/slot-grid';
import { pickDay, slotDays, visibleGroups } from '../lib/slot-days';
import { useDayToggle } from '../lib/use-day-toggle';
import { useSlotToggle } from '../lib/use-slot-toggle';
import '../../../components/shared-ui.css';
import '../components/slots.css';

/** `?date=YYYY-MM-DD`: the chosen day survives a reload and can be shared. */
export const dateParam = 'date';

export const readOnlyNote =
  'Менять статус слотов могут владелец, управляющий и администратор станции. Вам доступен просмотр.';

/**
 * `/station/{id}/slots` (S2 §2 «Slot manager»): 30 day cards from today on the station's clock, the day's
 * slots by part of the day, one-click block/unblock and the whole-day toggle. Order managers and role
 * admin change slots; a worker sees the statuses only.
 */
export function SlotsPage() {
  const { station } = useStationContext();
  const phone = useViewport() === 'mobile';
  const { now, today } = useStationNow(station.time_zone);
  const [params, setParams] = useSearchParams();
  const days = useMemo(() => slotDays(today, station.worktime_by_day), [today, station.worktime_by_day]);
  const date = pickDay(days, params.get(dateParam));
  const day = days.find((d) => d.date === date)!;
  const canToggle = useCanManageOrders(station);

  const slotsQuery = useSlots(station.id, date);
  const { toggle, pending } = useSlotToggle(station.id, date);
  const dayToggle = useDayToggle(station.id, date);

  const selectDay = (next: string) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        if (next === today) out.delete(dateParam);
        else out.set(dateParam, next);
        return out;
      },
      // Stepping through days is browsing one page, not a trail for «Назад».
      { replace: true },
    );

  const data = slotsQuery.data;
  const groups = data ? visibleGroups(data.slots, now.getTime()) : [];
  const open = groups.flatMap((g) => g.slots);
  const action = dayToggleAction(open);
  const canRunAction = open.some((s) => s.status === (action === 'block' ? 'Free' : 'Blocked'));

  let body;
  if (slotsQuery.isPending) {
    body = (
      <div className="slot-skeleton" role="status">
        <span className="visually-hidden">{loadingPhrases.slots[0]}</span>
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      </div>
    );
  } else if (slotsQuery.isError && !data) {
    body = <RetryAlert title={slotMessages.loadFailed} onRetry={() => void slotsQuery.refetch()} />;
  } else if (data && !data.working) {
    body = <EmptyState title={slotMessages.dayOff} icon={<FieldTimeOutlined />} />;
  } else if (groups.length === 0) {
    body = (
      <EmptyState
        title={day.today ? slotMessages.noSlotsLeft : 'На этот день слотов нет'}
        icon={<FieldTimeOutlined />}
      />
    );
  } else {
    body = (
      <SlotGrid groups={groups} canToggle={canToggle} pending={pending} onToggle={(s) => void toggle(s)} />
    );
  }

  return (
    <Page>
      <PageTitle title="Слоты" station={station.name} stacked={phone} />
      <DayStrip days={days} selected={date} onSelect={selectDay} />
      <div className="slots-day-head">
        <h2>
          {weekDayNames[day.weekDay]}, {day.dayMonth}
          {day.today && <span className="slots-day-head__today"> · Сегодня</span>}
        </h2>
        {canToggle && data?.working && groups.length > 0 && (
          <DayToggle
            action={action}
            disabled={!canRunAction}
            loading={dayToggle.isPending}
            onRun={(a) => dayToggle.mutate(a)}
          />
        )}
      </div>
      {!canToggle && <Alert type="info" showIcon title={readOnlyNote} />}
      {body}
    </Page>
  );
}
