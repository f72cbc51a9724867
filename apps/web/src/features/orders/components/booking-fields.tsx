import { DatePicker, Form, Input, Select, Typography } from 'antd';
import { formatDuration, orderMessages, type TariffConfig } from '@crm/shared';
import { TimeRangePicker, type TimeRange } from '../../../components/time-range-picker';
import { useOwnTariffs } from '../api/catalog';
import { rangeMinutes } from '../lib/order-time';

interface TariffFieldProps {
  stationId: string;
  config: TariffConfig | undefined;
  loading: boolean;
  /** Inside a section already titled «Тариф». */
  hideLabel?: boolean;
}

/** Own tariffs of the station, the active ones only (S1 §5), with what the chosen one includes. */
export function TariffField({ stationId, config, loading, hideLabel }: TariffFieldProps) {
  const tariffs = useOwnTariffs(stationId);
  const options = (tariffs.data ?? []).filter((t) => t.active).map((t) => ({ value: t.id, label: t.name }));
  const includes = config?.price.includeService.map((k) => config.ru_services_names[k] ?? k) ?? [];
  return (
    <Form.Item
      name="tariffId"
      label={hideLabel ? undefined : 'Тариф'}
      rules={[{ required: true, message: orderMessages.tariffRequired }]}
      extra={
        includes.length > 0 ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Входит: {includes.join(', ')}
          </Typography.Text>
        ) : undefined
      }
    >
      <Select
        aria-label={hideLabel ? 'Тариф' : undefined}
        options={options}
        placeholder="Выберите тариф"
        loading={tariffs.isLoading || loading}
        notFoundContent={tariffs.isError ? 'Не удалось загрузить тарифы' : 'Нет активных тарифов'}
      />
    </Form.Item>
  );
}

export function DateField() {
  return (
    <Form.Item name="date" label="Дата" rules={[{ required: true, message: orderMessages.dateRequired }]}>
      <DatePicker format="DD.MM.YYYY" placeholder="ДД.ММ.ГГГГ" style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** Start and end on the station's clock; the zone is named because the operator may be elsewhere. */
export function TimeField({ zoneLabel }: { zoneLabel: string }) {
  return (
    <Form.Item
      name="time"
      label={`Время (${zoneLabel})`}
      rules={[
        {
          required: true,
          validator: async (_, v: TimeRange | undefined) => {
            if (!v?.start || !v.end) throw new Error(orderMessages.timeRequired);
            if (rangeMinutes(v.start, v.end) <= 0) throw new Error(orderMessages.rangeOrder);
          },
        },
      ]}
    >
      <TimeRangePicker />
    </Form.Item>
  );
}

/** Read-only: how long the chosen range is (S1 §5). */
export function DurationField() {
  const time = Form.useWatch('time') as TimeRange | undefined;
  const minutes = time?.start && time.end ? rangeMinutes(time.start, time.end) : 0;
  return (
    <Form.Item label="Длительность" required>
      <Input
        value={minutes > 0 ? formatDuration(minutes) : '—'}
        readOnly
        aria-label="Длительность"
        variant="filled"
        tabIndex={-1}
      />
    </Form.Item>
  );
}
