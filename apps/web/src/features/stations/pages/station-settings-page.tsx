import { Alert, Button, Card, Flex, Grid, Typography } from 'antd';
import { ArrowLeftOutlined, UserAddOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { messages } from '@crm/shared';
import { useNotify } from '../../../lib/notify';
import { useStationContext } from '../lib/station-context';
import { StationSettingsForm } from '../components/station-settings-form';
import { ExternalStationNote } from '../components/external-station-note';
import { Page } from '../../../components/page';

/** The invitation link of S2 §2 «Administrators / staff»: `{origin}/stationAdminCallback/{stationId}`. */
function InviteCard({ stationId }: { stationId: string }) {
  const notify = useNotify();
  const link = `${window.location.origin}/stationAdminCallback/${stationId}`;
  return (
    <Card>
      <Flex gap={16} align="start" wrap>
        <UserAddOutlined style={{ fontSize: 22, marginTop: 4 }} aria-hidden />
        <Flex vertical gap={4} style={{ flex: 1, minWidth: 240 }}>
          <Typography.Text strong>Пригласить администратора</Typography.Text>
          <Typography.Text type="secondary">
            Отправьте ссылку сотруднику: после входа он подключится к сети станций как администратор.
          </Typography.Text>
          <Typography.Text
            code
            copyable={{
              text: link,
              tooltips: ['Копировать ссылку', 'Скопировано'],
              onCopy: () => notify.success(messages.generic.linkCopied),
            }}
            style={{ wordBreak: 'break-all' }}
          >
            {link}
          </Typography.Text>
        </Flex>
      </Flex>
    </Card>
  );
}

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
      {canManage && <InviteCard stationId={station.id} />}
    </Page>
  );
}
