import { Card, Descriptions, Flex, Typography } from 'antd';
import { settingsMessages, timeZoneLabel, weekDayShort, workingDays } from '@crm/shared';
import { useViewport } from '../../../lib/use-media-query';
import { boxesLabel } from '../lib/format';
import { useStationContext } from '../lib/station-context';

/**
 * The settings index beside the desktop menu: the station at a glance, so the right column is not empty.
 * On a phone the index is the menu alone (the layout draws it), so this shows nothing there.
 */
export function SettingsIndexPage() {
  const { station } = useStationContext();
  const desktop = useViewport() === 'desktop';
  if (!desktop) return null;

  const days = workingDays(station.worktime_by_day);
  return (
    <Flex vertical gap={16}>
      <Flex vertical gap={2}>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 22 }}>
          Станция коротко
        </Typography.Title>
        <Typography.Text type="secondary">Выберите раздел слева, чтобы изменить настройки</Typography.Text>
      </Flex>
      <Card>
        <Descriptions column={1} size="small">
          <Descriptions.Item label="Название">{station.name}</Descriptions.Item>
          <Descriptions.Item label="Адрес">{station.address || '—'}</Descriptions.Item>
          <Descriptions.Item label="Рабочие дни">
            {days.length ? days.map((d) => weekDayShort[d]).join(', ') : settingsMessages.scheduleMissing}
          </Descriptions.Item>
          <Descriptions.Item label="Боксы">{boxesLabel(station.boxes.length)}</Descriptions.Item>
          <Descriptions.Item label="Длительность слота">{station.slot_duration} мин</Descriptions.Item>
          <Descriptions.Item label="Часовой пояс">{timeZoneLabel(station.time_zone)}</Descriptions.Item>
        </Descriptions>
      </Card>
    </Flex>
  );
}
