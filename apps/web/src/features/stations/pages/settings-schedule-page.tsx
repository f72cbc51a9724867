import { Button, Flex } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { useStationContext } from '../lib/station-context';
import { SettingsPageHeader } from '../components/settings-page-header';
import { ScheduleEditor } from '../components/schedule-editor/schedule-editor';
import { useScheduleTour } from '../components/schedule-editor/schedule-tour';

/** `/station/{id}/settings/schedule`: the week's hours; read-only for those who cannot change the station. */
export function SettingsSchedulePage() {
  const { station, canManage } = useStationContext();
  const tour = useScheduleTour(canManage);

  return (
    <Flex vertical gap={16}>
      <SettingsPageHeader
        page="schedule"
        hint="Дни и часы работы станции: по ним клиенты записываются на мойку"
        readOnly={!canManage}
      />
      {canManage && (
        <Button
          type="link"
          icon={<QuestionCircleOutlined />}
          onClick={tour.replay}
          style={{ alignSelf: 'start', paddingInline: 0, minHeight: 40 }}
        >
          Как это работает?
        </Button>
      )}
      <ScheduleEditor key={station.id} station={station} readOnly={!canManage} tour={tour} />
    </Flex>
  );
}
