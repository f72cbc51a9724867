import { useEffect, useRef, useState } from 'react';
import { Alert, Flex, Grid } from 'antd';
import {
  affectedOrdersMessages,
  ordersCount,
  scheduleErrors,
  scheduleMessages,
  weekDays,
  type Station,
} from '@crm/shared';
import { ApiError } from '../../../../lib/api-client';
import { useNotify } from '../../../../lib/notify';
import { stationToday } from '../../../../lib/station-time';
import { useLeaveGuard } from '../../../../lib/use-leave-guard';
import { useUpdateStation } from '../../api/update-station';
import {
  AffectedOrdersModal,
  affectedOrdersConflict,
  type AffectedOrdersChoice,
  type AffectedOrdersConflict,
} from '../affected-orders-modal';
import { SettingsSaveBar } from '../settings-save-bar';
import { BulkHoursRow } from './bulk-hours-row';
import { DayCard } from './day-card';
import {
  apiScheduleErrors,
  dayError,
  draftOf,
  emptyPick,
  sameSchedule,
  scheduleUpdate,
  type BulkPick,
  type ScheduleDraft,
} from './schedule-draft';
import { ScheduleTour } from './schedule-tour';

interface ScheduleEditorProps {
  station: Station;
  readOnly: boolean;
  tour: { open: boolean; close(): void };
}

/**
 * The station's week (S2 §2 «Station schedule»): day cards, the bulk row, the S2 §5 checks on save and
 * `POST /api/station/update/{id}` with `daysOfWork` and `worktime_by_day`.
 */
export function ScheduleEditor({ station, readOnly, tour }: ScheduleEditorProps) {
  const screens = Grid.useBreakpoint();
  const notify = useNotify();
  const update = useUpdateStation(station.id);
  const [initial, setInitial] = useState(() => draftOf(station));
  const [draft, setDraft] = useState(initial);
  const [pick, setPick] = useState<BulkPick>(emptyPick);
  // The rules are checked live only after a first save attempt: no red before the person is done.
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  // Issue 38: the orders the new hours leave out, until the owner says what to do with them.
  const [affected, setAffected] = useState<AffectedOrdersConflict | null>(null);
  const cardsRef = useRef<HTMLDivElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  const dirty = !sameSchedule(draft, initial);

  // Hours changed elsewhere (another tab, the wizard) show up here unless there is an edit to keep.
  const stored = JSON.stringify(station.worktime_by_day);
  useEffect(() => {
    if (dirty) return;
    const next = draftOf(station);
    setInitial(next);
    setDraft(next);
  }, [stored]); // eslint-disable-line react-hooks/exhaustive-deps

  useLeaveGuard(!readOnly && dirty, { saving: update.isPending });

  const errors = { ...(checked ? scheduleErrors(draft.days, draft.worktime) : {}), ...serverErrors };
  const summary = [...new Set(Object.values(errors))];

  const edit = (next: ScheduleDraft, nextPick: BulkPick = pick) => {
    setDraft(next);
    setPick(nextPick);
    setServerErrors({});
  };

  const reset = () => {
    setDraft(initial);
    setPick(emptyPick);
    setChecked(false);
    setServerErrors({});
  };

  const save = async (choice?: AffectedOrdersChoice) => {
    setChecked(true);
    if (Object.keys(scheduleErrors(draft.days, draft.worktime)).length > 0) return;
    try {
      const saved = await update.mutateAsync({ ...scheduleUpdate(draft), ...choice });
      const next = draftOf(saved);
      setInitial(next);
      setDraft(next);
      setPick(emptyPick);
      setChecked(false);
      const count = affected?.total ?? 0;
      setAffected(null);
      if (!choice || count === 0) notify.success(scheduleMessages.saved);
      else {
        const text =
          choice.affected_orders === 'cancel'
            ? affectedOrdersMessages.cancelledSaved
            : affectedOrdersMessages.keptSaved;
        notify.success(scheduleMessages.saved, text.replace('{orders}', ordersCount(count)));
      }
    } catch (error) {
      const conflict = affectedOrdersConflict(error);
      if (conflict) {
        setAffected(conflict);
        return;
      }
      setAffected(null);
      if (error instanceof ApiError) setServerErrors(apiScheduleErrors(error.fields));
      notify.error(error, scheduleMessages.saveFailed);
    }
  };

  const firstWorking = weekDays.find((d) => draft.days.includes(d));
  return (
    <Flex vertical gap={16}>
      {!readOnly && <BulkHoursRow draft={draft} pick={pick} onChange={edit} />}
      <div
        ref={cardsRef}
        style={{
          display: 'grid',
          gridTemplateColumns: screens.md ? 'repeat(2, minmax(0, 1fr))' : 'minmax(0, 1fr)',
          gap: 12,
        }}
      >
        {weekDays.map((day) => (
          <DayCard
            key={day}
            day={day}
            draft={draft}
            onChange={(next) => edit(next)}
            readOnly={readOnly}
            error={dayError(errors, day)}
            tourSwitch={day === weekDays[0]}
            tourHours={day === firstWorking}
          />
        ))}
      </div>
      {summary.length > 0 && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="График нельзя сохранить"
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {summary.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          }
        />
      )}
      {!readOnly && (
        <SettingsSaveBar
          dirty={dirty}
          saving={update.isPending}
          onReset={reset}
          onSave={() => void save()}
          saveRef={saveRef}
        />
      )}
      {!readOnly && <ScheduleTour open={tour.open} onClose={tour.close} cards={cardsRef} save={saveRef} />}
      {!readOnly && (
        <AffectedOrdersModal
          stationId={station.id}
          today={stationToday(station.time_zone)}
          schedule
          conflict={affected}
          saving={update.isPending}
          onChoose={(choice) => void save(choice)}
          onClose={() => setAffected(null)}
        />
      )}
    </Flex>
  );
}
