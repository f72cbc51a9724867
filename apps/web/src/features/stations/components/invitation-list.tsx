import { Button, Flex, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { invitationMessages, positionLabels, type Invitation, type Station } from '@crm/shared';
import { RetryAlert } from '../../../components/retry-alert';
import { inStationZone } from '../../../lib/station-time';
import { useNotify } from '../../../lib/notify';
import { stationInvitationsQuery } from '../api/station-invitations';
import { useRevokeInvitation } from '../api/revoke-invitation';

/** «30 ноября, 16:45» on the station's clock, as every time the operator reads (DESIGN §4). */
function stationTime(iso: string, timeZone: string): string {
  return inStationZone(iso, timeZone)?.format('D MMMM, HH:mm') ?? iso;
}

function creatorName(invitation: Invitation): string {
  const who = invitation.created_by;
  if (!who) return 'удалённый пользователь';
  return [who.name, who.surname].filter(Boolean).join(' ') || 'без имени';
}

interface InvitationListProps {
  station: Station;
  /** Told after a link is revoked, so the card can hide it if it is the one on screen. */
  onRevoked?(id: string): void;
}

/** The station's links that still work: who made each, what it grants, until when; «Отозвать» ends one. */
export function InvitationList({ station, onRevoked }: InvitationListProps) {
  const notify = useNotify();
  const list = useQuery(stationInvitationsQuery(station.id));
  const revoke = useRevokeInvitation(station.id);

  const onRevoke = async (id: string) => {
    try {
      await revoke.mutateAsync(id);
      notify.success(invitationMessages.revoked);
      onRevoked?.(id);
    } catch (error) {
      notify.error(error, invitationMessages.revokeFailed);
    }
  };

  let body;
  if (list.isPending) {
    body = <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  } else if (list.isError) {
    body = <RetryAlert title={invitationMessages.listFailed} onRetry={() => void list.refetch()} />;
  } else if (list.data.length === 0) {
    body = <Typography.Text type="secondary">{invitationMessages.none}</Typography.Text>;
  } else {
    body = (
      <ul className="invite-card__list" aria-label="Активные приглашения">
        {list.data.map((invitation) => (
          <li key={invitation.id} className="invite-card__row">
            <div className="invite-card__row-main">
              <Flex gap={8} align="center" wrap>
                {/* The default colours: antd's purple tag is below 4.5:1 in the dark theme. */}
                <Tag variant="outlined" style={{ marginInlineEnd: 0 }}>
                  {positionLabels[invitation.position]}
                </Tag>
                <Typography.Text>до {stationTime(invitation.expires_at, station.time_zone)}</Typography.Text>
              </Flex>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                Создал(а) {creatorName(invitation)}, {stationTime(invitation.created_at, station.time_zone)}
              </Typography.Text>
            </div>
            <Popconfirm
              title="Отозвать приглашение?"
              description="Ссылка перестанет работать."
              okText="Отозвать"
              cancelText="Отмена"
              okButtonProps={{ danger: true }}
              onConfirm={() => onRevoke(invitation.id)}
            >
              {/* Not `danger`: antd's red on white is below 4.5:1; the confirmation's button is red instead. */}
              <Button
                size="small"
                loading={revoke.isPending && revoke.variables === invitation.id}
                aria-label={`Отозвать приглашение: ${positionLabels[invitation.position]}, до ${stationTime(invitation.expires_at, station.time_zone)}`}
              >
                Отозвать
              </Button>
            </Popconfirm>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>Активные приглашения</Typography.Text>
      {body}
    </Flex>
  );
}
