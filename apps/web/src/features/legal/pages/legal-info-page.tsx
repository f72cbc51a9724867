import { Alert, Flex, Skeleton, Typography, theme } from 'antd';
import { messages, settingsPageLabels } from '@crm/shared';
import { RetryAlert } from '../../../components/retry-alert';
import { ApiError, friendlyMessage } from '../../../lib/api-client';
import { useStationContext } from '../../stations/lib/station-context';
import { useLegalInfo } from '../api/legal-info';
import { LegalInfoEditor } from '../components/legal-info-editor';

export const legalPageTexts = {
  intro: 'Реквизиты организации или ИП, на которые работает станция',
  loadFailed: 'Не удалось загрузить юридические данные',
  noAccess: 'Юридические данные доступны только владельцу и управляющему',
} as const;

/**
 * «Юридические данные» of the station settings (S2 §2 «Legal info»): only its own content, the settings
 * layout draws the frame. Owners and principals sign for the station; others get a clear refusal.
 */
export function LegalInfoPage() {
  const { station, canManage } = useStationContext();
  const { token } = theme.useToken();
  const legal = useLegalInfo(station.id, canManage);
  const forbidden = !canManage || (legal.error instanceof ApiError && legal.error.status === 403);

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={2} style={{ margin: 0, fontSize: token.fontSizeHeading4 }}>
          {settingsPageLabels.legalInfo}
        </Typography.Title>
        <Typography.Text type="secondary">{legalPageTexts.intro}</Typography.Text>
      </div>
      {forbidden ? (
        <Alert
          type="warning"
          showIcon
          title={legalPageTexts.noAccess}
          description={legal.error ? friendlyMessage(legal.error) : messages.generic.forbidden}
        />
      ) : legal.isPending ? (
        <div role="status" aria-label="Загрузка юридических данных">
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      ) : legal.isError ? (
        <RetryAlert
          title={legalPageTexts.loadFailed}
          description={friendlyMessage(legal.error)}
          onRetry={() => void legal.refetch()}
        />
      ) : (
        <LegalInfoEditor
          key={station.id}
          stationId={station.id}
          carwashId={station.carwash_id}
          timeZone={station.time_zone}
          saved={legal.data}
        />
      )}
    </Flex>
  );
}
