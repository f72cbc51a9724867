import { Card, Flex, Skeleton, Typography } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { partnerMessages, type Station } from '@crm/shared';
import { EmptyState } from '../../../components/empty-state';
import { RetryAlert } from '../../../components/retry-alert';
import { useViewport } from '../../../lib/use-media-query';
import { useConnectStationPartner } from '../api/connect-station-partner';
import { useStationIntegrations } from '../api/station-integrations';
import { partnerLabels } from '../labels';
import { ConnectForm, ConnectionRow } from './connections';
import { DeliveriesCards, DeliveriesTable } from './deliveries-list';
import '../../../components/shared-ui.css';
import './partners.css';

interface StationIntegrationsProps {
  station: Pick<Station, 'id' | 'carwash_id' | 'time_zone'>;
  /** Owners, principals and role admin change connections; the page is theirs alone anyway. */
  canManage: boolean;
}

/**
 * The body of the station's «Интеграции» settings (issue 36): its partner connections, a form to connect
 * another one, and the last 50 exchanges with partners in both directions, in the station's time.
 */
export function StationIntegrationsView({ station, canManage }: StationIntegrationsProps) {
  const phone = useViewport() === 'mobile';
  const query = useStationIntegrations(station.id);
  const connect = useConnectStationPartner(station.id);

  if (query.isPending)
    return (
      <div role="status" aria-label="Загрузка интеграций…">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  if (query.isError && !query.data)
    return <RetryAlert title={partnerLabels.integrationsLoadFailed} onRetry={() => void query.refetch()} />;

  const data = query.data;
  const names = new Map(data.partners.map((p) => [p.id, p.name]));
  for (const c of data.connections) names.set(c.partner_id, c.partner_name);
  const readOnly = !canManage;

  return (
    <Flex vertical gap={16}>
      <Card title={partnerLabels.connections}>
        {data.connections.length === 0 ? (
          <Typography.Text type="secondary">{partnerLabels.noConnections}</Typography.Text>
        ) : (
          <ul className="connection-list" aria-label={partnerLabels.connections}>
            {data.connections.map((c) => (
              <ConnectionRow key={c.partner_id} connection={c} connect={connect} disabled={readOnly} />
            ))}
          </ul>
        )}
      </Card>
      {!readOnly && (
        <Card title={partnerLabels.connectTitle}>
          <ConnectForm
            data={data}
            carwashId={station.carwash_id ?? ''}
            connect={connect}
            disabled={readOnly}
          />
        </Card>
      )}
      <Card
        title={partnerLabels.deliveries}
        extra={!phone && <Typography.Text type="secondary">{partnerLabels.deliveriesHint}</Typography.Text>}
        styles={{ body: data.deliveries.length && !phone ? { padding: 0 } : undefined }}
      >
        {data.deliveries.length === 0 ? (
          <EmptyState title={partnerMessages.noDeliveries} icon={<SwapOutlined />} />
        ) : phone ? (
          <DeliveriesCards deliveries={data.deliveries} names={names} timeZone={station.time_zone} />
        ) : (
          <DeliveriesTable deliveries={data.deliveries} names={names} timeZone={station.time_zone} />
        )}
      </Card>
    </Flex>
  );
}
