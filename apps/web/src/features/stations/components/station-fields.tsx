import { Form, Input, Select, type FormRule } from 'antd';
import {
  boxLimits,
  parseBoxesInput,
  russianTimeZones,
  slotDurations,
  stationMessages,
  stationSettingsMessages,
  timeRangeError,
  workingDays,
  type GeoSuggestion,
  type WeekDay,
  type WorktimeByDay,
} from '@crm/shared';
import type { LatLon } from '../lib/station-form-values';
import { AddressInput } from './address-input';
import { LocationPicker } from './location-picker';
import { WorktimeEditor } from './worktime-editor';

/** 'create' is the add-station form (S2 §5), 'settings' the station settings info form (S2 §5). */
export type StationFormMode = 'create' | 'settings';

interface FieldProps {
  mode: StationFormMode;
  disabled?: boolean;
}

const nameRules = (mode: StationFormMode): FormRule[] =>
  mode === 'create'
    ? [
        { required: true, whitespace: true, message: stationMessages.nameRequired },
        {
          validator: async (_, v: string | undefined) => {
            if (v && v.trim().length > 0 && v.trim().length < 2) throw new Error(stationMessages.nameMin);
          },
        },
        { max: 50, message: stationMessages.nameMax },
      ]
    : [
        { required: true, whitespace: true, message: stationSettingsMessages.nameRequired },
        { max: 50, message: stationMessages.nameMax },
      ];

export function NameField({ mode, disabled }: FieldProps) {
  return (
    <Form.Item name="name" label="Название" rules={nameRules(mode)} validateFirst>
      <Input
        placeholder="Например, Мойка на Ленина"
        maxLength={mode === 'settings' ? 50 : 60}
        showCount={mode === 'settings'}
        disabled={disabled}
        autoComplete="off"
      />
    </Form.Item>
  );
}

const boxesRules = (mode: StationFormMode): FormRule[] => {
  const m =
    mode === 'create'
      ? {
          required: stationMessages.boxesRequired,
          min: stationMessages.boxesMin,
          max: stationMessages.boxesMax,
        }
      : {
          required: stationSettingsMessages.boxesRequired,
          min: stationSettingsMessages.boxesMin,
          max: stationSettingsMessages.boxesMax,
        };
  const limits = boxLimits[mode];
  return [
    {
      validator: async (_, v: number | '' | undefined) => {
        if (v === '' || v === undefined || v === null) throw new Error(m.required);
        if (v < limits.min) throw new Error(m.min);
        if (v > limits.max) throw new Error(m.max);
      },
    },
  ];
};

export function BoxesField({ mode, disabled }: FieldProps) {
  return (
    <Form.Item
      name="boxes"
      label="Количество боксов"
      rules={boxesRules(mode)}
      // An empty box stays empty (so «обязательно» can show); anything else non-numeric becomes 1 (S2 §5).
      getValueFromEvent={(e: { target: { value: string } }) =>
        e.target.value.trim() === '' ? '' : parseBoxesInput(e.target.value)
      }
      required
    >
      <Input inputMode="numeric" disabled={disabled} style={{ maxWidth: 160 }} autoComplete="off" />
    </Form.Item>
  );
}

interface AddressFieldsProps extends FieldProps {
  mapHeight?: number;
}

/** The address with suggestions and the map point; each fills the other. */
export function AddressFields({ mode, disabled, mapHeight }: AddressFieldsProps) {
  const form = Form.useFormInstance();
  const location = Form.useWatch<LatLon | null>('location', form);
  const pointMessage =
    mode === 'create' ? stationMessages.pointRequired : stationSettingsMessages.locationRequired;

  const fromSuggestion = (s: GeoSuggestion) => {
    if (s.location) {
      form.setFieldValue('location', { lat: s.location.lat, lon: s.location.lon });
      void form.validateFields(['location']).catch(() => {});
    }
  };
  const fromMap = (address: string) => {
    form.setFieldValue('address', address);
    void form.validateFields(['address']).catch(() => {});
  };

  return (
    <>
      <Form.Item
        name="address"
        label="Адрес"
        validateFirst
        rules={[
          { required: true, whitespace: true, message: stationMessages.addressRequired },
          {
            validator: async (_, v: string | undefined) => {
              if (v && v.trim().length < 5) throw new Error(stationMessages.addressMin);
            },
          },
        ]}
      >
        <AddressInput disabled={disabled} near={location} onSuggestion={fromSuggestion} />
      </Form.Item>
      <Form.Item
        name="location"
        label="Точка на карте"
        required
        rules={[
          {
            validator: async (_, v: LatLon | null | undefined) => {
              if (!v) throw new Error(pointMessage);
            },
          },
        ]}
      >
        <LocationPicker disabled={disabled} onAddress={fromMap} height={mapHeight} />
      </Form.Item>
    </>
  );
}

/** At least one working day, and every day's start before its end (S2 §5). */
export const worktimeRule: FormRule = {
  validator: async (_, v: WorktimeByDay | undefined) => {
    const days = workingDays(v ?? {});
    if (days.length === 0) throw new Error(stationMessages.scheduleRequired);
    for (const day of days) {
      const problem = timeRangeError(v?.[`start_${day}`], v?.[`end_${day}`]);
      if (problem) throw new Error(problem);
    }
  },
};

export function WorktimeField({
  disabled,
  today,
  label = 'Режим работы',
}: Omit<FieldProps, 'mode'> & { today?: WeekDay; label?: string }) {
  return (
    <Form.Item name="worktime" label={label} rules={[worktimeRule]} required>
      <WorktimeEditor disabled={disabled} today={today} />
    </Form.Item>
  );
}

export function TimeZoneField({ disabled }: Omit<FieldProps, 'mode'>) {
  return (
    <Form.Item
      name="time_zone"
      label="Часовой пояс"
      tooltip="Записи и расписание показываются по местному времени станции"
    >
      <Select
        disabled={disabled}
        options={russianTimeZones.map((z) => ({ value: z.value, label: z.label }))}
        showSearch={{ optionFilterProp: 'label' }}
      />
    </Form.Item>
  );
}

export function SlotDurationField({ disabled }: Omit<FieldProps, 'mode'>) {
  return (
    <Form.Item
      name="slot_duration"
      label="Длительность слота"
      tooltip="Шаг, с которым рабочий день делится на время для записи"
    >
      <Select disabled={disabled} options={slotDurations.map((m) => ({ value: m, label: `${m} мин` }))} />
    </Form.Item>
  );
}
