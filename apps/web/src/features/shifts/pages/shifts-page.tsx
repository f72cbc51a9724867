import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Skeleton } from 'antd';
import { CopyOutlined, LeftOutlined, RightOutlined, TeamOutlined } from '@ant-design/icons';
import { addDays, isCalendarDate, shiftMessages, weekStartOf } from '@crm/shared';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { PageTitle } from '../../../components/page-title';
import { RetryAlert } from '../../../components/retry-alert';
import { ApiError } from '../../../lib/api-client';
import { useFeedback } from '../../../lib/feedback';
import { useNotify } from '../../../lib/notify';
import { useViewport } from '../../../lib/use-media-query';
import { useStationNow } from '../../../lib/use-station-now';
import { useStationContext } from '../../stations/lib/station-context';
import { useCopyWeek, useShiftsWeek } from '../api/shifts';
import { ShiftEditModal } from '../components/shift-edit-modal';
import { ShiftDayList, ShiftWeekGrid, type CellTarget } from '../components/shift-week-grid';
import { weekLabel } from '../lib/shift-plan';
import '../components/shifts.css';

/** `?week=YYYY-MM-DD`: the week shown survives a reload and can be shared (any of its dates). */
export const weekParam = 'week';

/**
 * `/station/{id}/employees/schedule` (issue 39 §3; S1 §2 `/employees/schedule`): the week's shift plan of the
 * station's staff. Owners and principals set a cell (from–to on the station's clock) or copy last week;
 * administrators and workers read it. A grid on a desktop, a card per day on a phone.
 */
export function ShiftsPage() {
  const { station } = useStationContext();
  const phone = useViewport() === 'mobile';
  const notify = useNotify();
  const { modal } = useFeedback();
  const { today } = useStationNow(station.time_zone, 60_000);
  const [params, setParams] = useSearchParams();
  const asked = params.get(weekParam);
  const monday = weekStartOf(asked && isCalendarDate(asked) ? asked : today);
  const week = useShiftsWeek(station.id, monday);
  const copy = useCopyWeek(station.id, monday);
  const [editing, setEditing] = useState<CellTarget | null>(null);

  const goTo = (date: string) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        if (weekStartOf(date) === weekStartOf(today)) out.delete(weekParam);
        else out.set(weekParam, weekStartOf(date));
        return out;
      },
      { replace: true },
    );

  const plan = week.data;
  const canEdit = !!plan?.can_edit;

  const runCopy = (overwrite: boolean) =>
    copy.mutate(overwrite, {
      onSuccess: (answer) =>
        answer.copied === 0
          ? notify.info(shiftMessages.nothingToCopy)
          : notify.success(shiftMessages.copied(answer.copied)),
      onError: (error) => {
        // Someone planned this week meanwhile: ask, as for a week seen with shifts.
        if (error instanceof ApiError && error.status === 409) return askOverwrite();
        notify.error(error, shiftMessages.copyFailed);
      },
    });
  const askOverwrite = () =>
    modal.confirm({
      title: 'Заменить смены этой недели?',
      content: shiftMessages.weekTaken,
      okText: 'Заменить',
      okButtonProps: { danger: true },
      cancelText: 'Отмена',
      onOk: () => runCopy(true),
    });
  const onCopy = () => (plan && plan.shifts.length > 0 ? askOverwrite() : runCopy(false));

  let body;
  if (week.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (week.isError || !plan)
    body = <RetryAlert title={shiftMessages.loadFailed} onRetry={() => void week.refetch()} />;
  else if (plan.staff.length === 0)
    body = <EmptyState title="Сотрудников пока нет" icon={<TeamOutlined />} />;
  else {
    const props = { plan, today, onEdit: canEdit ? setEditing : undefined };
    body = phone ? <ShiftDayList {...props} /> : <ShiftWeekGrid {...props} />;
  }

  const days = plan?.days ?? Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  return (
    <Page>
      <PageTitle title={shiftMessages.title} station={station.name} stacked={phone} />
      <div className="shift-toolbar">
        <div className="shift-toolbar__week">
          <Button
            icon={<LeftOutlined />}
            aria-label="Предыдущая неделя"
            title="Предыдущая неделя"
            onClick={() => goTo(addDays(monday, -7))}
          />
          <h2 className="shift-toolbar__label" aria-live="polite">
            {weekLabel(days)}
          </h2>
          <Button
            icon={<RightOutlined />}
            aria-label="Следующая неделя"
            title="Следующая неделя"
            onClick={() => goTo(addDays(monday, 7))}
          />
          <Button disabled={monday === weekStartOf(today)} onClick={() => goTo(today)}>
            Сегодня
          </Button>
        </div>
        <div className="shift-toolbar__week">
          <Link to={`/station/${encodeURIComponent(station.id)}/settings/admins`}>Сотрудники</Link>
          {canEdit && (
            <Button icon={<CopyOutlined />} loading={copy.isPending} onClick={onCopy}>
              Скопировать прошлую неделю
            </Button>
          )}
        </div>
      </div>
      {plan && !canEdit && <Alert type="info" showIcon title={shiftMessages.readOnly} />}
      {body}
      {canEdit && (
        <ShiftEditModal
          stationId={station.id}
          monday={monday}
          worktime={station.worktime_by_day}
          target={editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Page>
  );
}
