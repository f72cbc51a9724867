import { useId, useState } from 'react';
import { Button, Flex, Select, Typography } from 'antd';
import { CopyOutlined, QrcodeOutlined } from '@ant-design/icons';
import { QRCodeSVG } from 'qrcode.react';
import {
  assignablePositions,
  invitationAccessText,
  invitationMessages,
  invitationPath,
  positionLabels,
  staffLimits,
  staffMessages,
  type AssignablePosition,
  type InvitationCreated,
  type Station,
} from '@crm/shared';
import { inStationZone } from '../../../lib/station-time';
import { useNotify } from '../../../lib/notify';
import { useCurrentUser } from '../../users/api/current-user';
import { useCreateInvitation } from '../api/create-invitation';
import { useStationList } from '../api/station-list';
import './invite-card.css';

const positionOptions = assignablePositions.map((value) => ({ value, label: positionLabels[value] }));

/**
 * What the link opens, as the server grants it: the station's whole network (a membership of the
 * network), named by the caller's own membership; a support admin outside it gets the unnamed form.
 */
export function useInvitationAccessText(station: Station): string {
  const networks = useCurrentUser().data?.user.networks ?? [];
  const stations = useStationList().data;
  const network = networks.find((n) => n.id === station.network_id) ?? null;
  const count =
    network && stations ? stations.filter((s) => s.network_id === station.network_id).length : null;
  return invitationAccessText(network?.name ?? null, count);
}

/**
 * The link just made, as a QR code (S2 §9: size 200) and text. «Копировать ссылку» works at once: the
 * spec's 5 s wait after the link appears prevents no mistake — the position was chosen and the access
 * explained before the link was made, copying is not sending, and a link sent wrongly is revoked in the
 * list (docs/decisions.md «Invitations: which waits stay»).
 */
function NewLink({ station, created }: { station: Station; created: InvitationCreated }) {
  const notify = useNotify();
  // Built on the origin the owner is using, so the link opens the same site they are on.
  const link = `${window.location.origin}${invitationPath(station.id, created.token)}`;
  const until = inStationZone(created.expires_at, station.time_zone)?.format('D MMMM, HH:mm');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notify.success(staffMessages.linkCopied);
    } catch (error) {
      notify.error(error, 'Не удалось скопировать ссылку');
    }
  };

  return (
    <div className="invite-card__new-link" role="status">
      <Flex vertical gap={10} align="center">
        <Typography.Text strong>
          Ссылка для должности «{positionLabels[created.position]}» готова
        </Typography.Text>
        <div className="invite-card__qr">
          <QRCodeSVG value={link} size={staffLimits.qrSize} marginSize={2} title="QR-код приглашения" />
        </div>
        <Typography.Paragraph className="invite-card__link" data-testid="invitation-link">
          {link}
        </Typography.Paragraph>
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          Копировать ссылку
        </Button>
        <Typography.Text type="secondary" style={{ fontSize: 13, textAlign: 'center' }}>
          Действует до {until}, для одного человека. Целиком ссылка больше не показывается.
        </Typography.Text>
      </Flex>
    </div>
  );
}

/**
 * The invitation step of «Добавить администратора» (S2 §2, DESIGN §10): a position (administrator by
 * default), a single-use link for it, shown as a QR code to scan and a link to copy.
 */
export function InviteLinkPanel({ station }: { station: Station }) {
  const notify = useNotify();
  const access = useInvitationAccessText(station);
  const selectId = useId();
  const create = useCreateInvitation(station.id);
  const [position, setPosition] = useState<AssignablePosition>('administrator');
  const [created, setCreated] = useState<InvitationCreated | null>(null);

  const onCreate = async () => {
    try {
      setCreated(await create.mutateAsync({ position }));
    } catch (error) {
      notify.error(error, invitationMessages.createFailed);
    }
  };

  return (
    <Flex vertical gap={16}>
      <div className="invite-card__controls">
        <div className="invite-card__position">
          <label htmlFor={selectId}>Должность</label>
          <Select
            id={selectId}
            value={position}
            options={positionOptions}
            onChange={(value) => {
              setPosition(value);
              setCreated(null);
            }}
          />
        </div>
        <Button icon={<QrcodeOutlined />} loading={create.isPending} onClick={() => void onCreate()}>
          {created ? 'Создать новую ссылку' : 'Создать ссылку'}
        </Button>
      </div>
      <Typography.Text type="secondary" data-testid="invitation-access">
        {access}
      </Typography.Text>
      {created && <NewLink key={created.id} station={station} created={created} />}
    </Flex>
  );
}
