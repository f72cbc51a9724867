import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { partnerMessages } from '@crm/shared';
import { useNotify } from '../../../lib/notify';
import { partnerLabels } from '../labels';
import { formatInstant } from '../lib/format';
import type { PartnerSecret } from '../api/rotate-partner-secret';

interface SecretModalProps {
  /** The partner's name, for the title. */
  name: string;
  secret: PartnerSecret;
  /** «Партнёр зарегистрирован» or «Новый секрет выпущен…». */
  lead: string;
  onClose(): void;
}

/**
 * The signing secret, shown once (Standard Webhooks `whsec_…`): the only place it ever is on screen. It is
 * held by the page's state while this is open and dropped when it closes; nothing caches it.
 */
export function SecretModal({ name, secret, lead, onClose }: SecretModalProps) {
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret.secret);
      notify.success(partnerLabels.secretCopied);
    } catch (error) {
      notify.error(error, 'Не удалось скопировать секрет');
    }
  };

  return (
    <Modal
      open
      title={`${partnerLabels.secretTitle}: ${name}`}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {partnerLabels.secretDone}
        </Button>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text>{lead}</Typography.Text>
        <Alert type="warning" showIcon title={partnerMessages.secretOnce} />
        <Typography.Paragraph className="partner-secret" data-testid="partner-secret" style={{ margin: 0 }}>
          <code>{secret.secret}</code>
        </Typography.Paragraph>
        <Button icon={<CopyOutlined />} onClick={() => void copy()} style={{ alignSelf: 'start' }}>
          {partnerLabels.secretCopy}
        </Button>
        {secret.previous_secret_valid_until && (
          <Typography.Text type="secondary">
            {partnerLabels.previousValidUntil} {formatInstant(secret.previous_secret_valid_until)}
          </Typography.Text>
        )}
      </Flex>
    </Modal>
  );
}
