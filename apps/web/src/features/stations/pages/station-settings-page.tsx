import { Alert, Button, Flex, Grid, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useStationContext } from '../lib/station-context';
import { StationSettingsForm } from '../components/station-settings-form';
import { ExternalStationNote } from '../components/external-station-note';
import { InviteCard } from '../components/invite-card';
import { StationStrategySection } from '../components/station-strategy-section';
import { Page } from '../../../components/page';

/** `/station/{id}/settings`: the info form; read-only with a note for workers and administrators. */
export function StationSettingsPage() {
  const { station, canManage, external } = useStationContext();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();

  return (
    <Page>
      <Flex vertical gap={4}>
        <Button
          type="link"
          icon={<ArrowLeftOutlined />}
          onClick={() => navigate(`/station/${station.id}`)}
          style={{ alignSelf: 'start', paddingInline: 0 }}
        >
          {station.name}
        </Button>
        <Typography.Title level={screens.md ? 2 : 3} style={{ margin: 0 }}>
          Настройки станции
        </Typography.Title>
        <Typography.Text type="secondary">Название, адрес, режим работы и боксы</Typography.Text>
      </Flex>
      {!canManage && (
        <Alert
          type="info"
          showIcon
          title="Только просмотр"
          description="Настройки станции меняют владелец и управляющий сети. Если нужно что-то поправить — обратитесь к ним."
        />
      )}
      {external && <ExternalStationNote />}
      <StationSettingsForm station={station} readOnly={!canManage} />
      <StationStrategySection station={station} />
      {canManage && <InviteCard station={station} />}
    </Page>
  );
}
