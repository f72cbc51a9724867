import { useId, useState } from 'react';
import { Button, Card, Divider, Flex, Select, Typography } from 'antd';
import { LinkOutlined, UserAddOutlined } from '@ant-design/icons';
import {
  assignablePositions,
  invitationLifetimeDays,
  invitationMessages,
  invitationPath,
  messages,
  positionLabels,
  type AssignablePosition,
  type InvitationCreated,
  type Station,
} from '@crm/shared';
import { inStationZone } from '../../../lib/station-time';
import { useNotify } from '../../../lib/notify';
import { useCreateInvitation } from '../api/create-invitation';
import { InvitationList } from './invitation-list';
import './invite-card.css';

const positionOptions = assignablePositions.map((value) => ({ value, label: positionLabels[value] }));

/** The link just made. Its token is never shown again (the server keeps only a hash), so say so. */
function NewLink({ station, created }: { station: Station; created: InvitationCreated }) {
  const notify = useNotify();
  // Built on the origin the owner is using, so the link opens the same site they are on.
  const link = `${window.location.origin}${invitationPath(station.id, created.token)}`;
  const until = inStationZone(created.expires_at, station.time_zone)?.format('D MMMM, HH:mm');
  return (
    <div className="invite-card__new-link" role="status">
      <Flex vertical gap={6}>
        <Typography.Text strong>
          Ссылка для должности «{positionLabels[created.position]}» готова
        </Typography.Text>
        <Typography.Paragraph
          className="invite-card__link"
          data-testid="invitation-link"
          copyable={{
            text: link,
            tooltips: ['Копировать ссылку', 'Скопировано'],
            onCopy: () => notify.success(messages.generic.linkCopied),
          }}
        >
          {link}
        </Typography.Paragraph>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          Действует до {until}, для одного человека. Скопируйте её сейчас: целиком ссылка больше не
          показывается.
        </Typography.Text>
      </Flex>
    </div>
  );
}

/**
 * «Пригласить сотрудника» on the station settings (S2 §2 «Administrators / staff», DESIGN §10): an owner
 * or principal makes a single-use link for a chosen position (administrator by default), copies it, and
 * sees and revokes the links that still work.
 */
export function InviteCard({ station }: { station: Station }) {
  const notify = useNotify();
  const selectId = useId();
  const create = useCreateInvitation(station.id);
  const [position, setPosition] = useState<AssignablePosition>('administrator');
  const [created, setCreated] = useState<InvitationCreated | null>(null);

  const onCreate = async () => {
    try {
      setCreated(await create.mutateAsync({ position }));
      notify.success(invitationMessages.created);
    } catch (error) {
      notify.error(error, invitationMessages.createFailed);
    }
  };

  return (
    <Card
      title={
        <Flex gap={10} align="center">
          <UserAddOutlined aria-hidden />
          Пригласить сотрудника
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">
          Создайте ссылку и отправьте её сотруднику. После входа по ссылке он подключится к сети станций с
          выбранной должностью. Ссылка действует {invitationLifetimeDays} дней и подходит одному человеку.
        </Typography.Text>
        <div className="invite-card__controls">
          <div className="invite-card__position">
            <label htmlFor={selectId}>Должность</label>
            <Select id={selectId} value={position} options={positionOptions} onChange={setPosition} />
          </div>
          <Button type="primary" icon={<LinkOutlined />} loading={create.isPending} onClick={onCreate}>
            Создать ссылку
          </Button>
        </div>
        {created && <NewLink station={station} created={created} />}
        <Divider style={{ margin: 0 }} />
        <InvitationList
          station={station}
          onRevoked={(id) => setCreated((current) => (current?.id === id ? null : current))}
        />
      </Flex>
    </Card>
  );
}
