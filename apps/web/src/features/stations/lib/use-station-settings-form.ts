import { useCallback, useEffect, useRef, useState } from 'react';
import { Form, type FormInstance } from 'antd';
import type { Station, StationUpdate } from '@crm/shared';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useLeaveGuard } from '../../../lib/use-leave-guard';
import { useUpdateStation } from '../api/update-station';
import { replaceFields } from './replace-fields';

interface SettingsFormOptions<V extends object> {
  station: Station;
  toForm(station: Station): V;
  toUpdate(values: V): StationUpdate;
  /** Where a server field (`worktime_by_day.end_Monday` → its head) shows its message; null: nowhere. */
  fieldOf(apiField: string): keyof V | null;
  savedText: string;
  failedText: string;
  /** Lets a page show an error itself (true) instead of the failure notification. */
  onError?(error: unknown): boolean;
}

export interface StationSettingsForm<V extends object> {
  form: FormInstance<V>;
  initial: V;
  dirty: boolean;
  saving: boolean;
  onValuesChange(): void;
  /** `extra`: more of the update the page adds (what to do with affected orders, issue 38). */
  save(extra?: Partial<StationUpdate>): Promise<void>;
  reset(): void;
}

/**
 * One settings sub-page's form: starts from the station, knows whether it differs from what is saved,
 * asks before leaving with changes (S2 §4), saves through `POST /api/station/update/{id}` and puts the
 * server's field messages on the fields. Nothing typed is lost when a save fails.
 */
export function useStationSettingsForm<V extends object>({
  station,
  toForm,
  toUpdate,
  fieldOf,
  savedText,
  failedText,
  onError,
}: SettingsFormOptions<V>): StationSettingsForm<V> {
  const [form] = Form.useForm<V>();
  const notify = useNotify();
  const update = useUpdateStation(station.id);
  const [initial, setInitial] = useState(() => toForm(station));
  const [dirty, setDirty] = useState(false);

  const restart = useCallback(
    (next: V) => {
      setInitial(next);
      replaceFields(form, next);
      setDirty(false);
    },
    [form],
  );

  // Another station (switching) starts the form over. A fresher copy of the same one (the settings' own
  // load, which comes after the station list's copy has drawn the form) replaces an untouched form, and
  // keeps what is typed in a touched one.
  const shownId = useRef(station.id);
  useEffect(() => {
    const switched = shownId.current !== station.id;
    shownId.current = station.id;
    if (switched || !dirty) restart(toForm(station));
  }, [station]); // eslint-disable-line react-hooks/exhaustive-deps

  useLeaveGuard(dirty, { saving: update.isPending });

  const onValuesChange = () => {
    const current = form.getFieldsValue(Object.keys(initial) as never) as V;
    setDirty(JSON.stringify(toUpdate({ ...initial, ...current })) !== JSON.stringify(toUpdate(initial)));
  };

  const save = async (extra?: Partial<StationUpdate>) => {
    let values: V;
    try {
      values = { ...initial, ...form.getFieldsValue(true), ...(await form.validateFields()) };
    } catch {
      return;
    }
    try {
      const saved = await update.mutateAsync({ ...toUpdate(values), ...extra });
      restart(toForm(saved));
      notify.success(savedText);
    } catch (error) {
      if (error instanceof ApiError) {
        form.setFields(
          Object.entries(error.fields).flatMap(([key, message]) => {
            const name = fieldOf(key);
            return name === null ? [] : [{ name: name as never, errors: [message] }];
          }),
        );
      }
      if (!onError?.(error)) notify.error(error, failedText);
    }
  };

  return {
    form,
    initial,
    dirty,
    saving: update.isPending,
    onValuesChange,
    save,
    reset: () => restart(initial),
  };
}
