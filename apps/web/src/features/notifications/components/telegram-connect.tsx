import { Alert, Button, Flex, Grid, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { CheckCircleFilled, SendOutlined } from '@ant-design/icons';
import {
  telegramConnectTexts,
  useTelegramConnect,
  type TelegramConnectOptions,
} from '../lib/use-telegram-connect';

interface TelegramConnectProps extends TelegramConnectOptions {
  /** `card`: the wizard's step and settings, with an explanation; `inline`: a row of the profile. */
  variant?: 'card' | 'inline';
}

/** «Подключён» with «Отключить», or «Открыть бота» and «Проверить подключение». */
export function TelegramConnect({ variant = 'card', ...options }: TelegramConnectProps) {
  const state = useTelegramConnect(options);
  const screens = Grid.useBreakpoint();
  const inline = variant === 'inline';
  const block = !inline && !screens.sm;
  const size = inline ? 'small' : 'middle';

  if (!state.user) {
    if (state.me.isError)
      return (
        <Flex gap={8} align="center" wrap>
          <Typography.Text type="danger">{telegramConnectTexts.userFailed}</Typography.Text>
          <Button size="small" onClick={() => void state.me.refetch()}>
            {telegramConnectTexts.retry}
          </Button>
        </Flex>
      );
    return <Skeleton.Button active size="small" />;
  }

  const unlinkButton = (
    <Popconfirm
      title={telegramConnectTexts.unlinkTitle}
      description={telegramConnectTexts.unlinkText}
      okText={telegramConnectTexts.unlink}
      cancelText="Отмена"
      okButtonProps={{ danger: true }}
      onConfirm={state.disconnect}
    >
      <Button size={size} danger type={inline ? 'link' : 'default'} block={block} loading={state.unlinking}>
        {telegramConnectTexts.unlink}
      </Button>
    </Popconfirm>
  );

  if (state.connected) {
    return inline ? (
      <Flex gap={8} align="center" wrap className="telegram-connect">
        <Tag color="success">{telegramConnectTexts.connected}</Tag>
        {unlinkButton}
      </Flex>
    ) : (
      <Flex vertical gap={12} className="telegram-connect">
        <Alert
          type="success"
          showIcon
          icon={<CheckCircleFilled />}
          title={`Telegram: ${telegramConnectTexts.connected.toLowerCase()}`}
          description={telegramConnectTexts.connectedText}
        />
        <div>{unlinkButton}</div>
      </Flex>
    );
  }

  if (state.unavailable) {
    return (
      <Flex gap={8} align="center" wrap className="telegram-connect">
        {inline && <Tag>{telegramConnectTexts.notConnected}</Tag>}
        <Alert type="info" showIcon title={state.unavailable} role="status" style={{ flex: 1 }} />
      </Flex>
    );
  }

  const buttons = (
    <Flex gap={8} wrap vertical={block}>
      <Button
        type="primary"
        size={size}
        icon={<SendOutlined />}
        loading={state.opening}
        block={block}
        onClick={state.open}
      >
        {telegramConnectTexts.open}
      </Button>
      <Button size={size} loading={state.checking} block={block} onClick={() => void state.check()}>
        {telegramConnectTexts.check}
      </Button>
    </Flex>
  );

  return (
    <Flex vertical gap={inline ? 6 : 12} className="telegram-connect">
      {inline ? (
        <Flex gap={8} align="center" wrap>
          <Tag>{telegramConnectTexts.notConnected}</Tag>
          {buttons}
        </Flex>
      ) : (
        <>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {telegramConnectTexts.intro}
          </Typography.Paragraph>
          {buttons}
        </>
      )}
      <div aria-live="polite">
        {state.waiting && (
          <Typography.Text type="secondary" style={{ fontSize: inline ? 12 : undefined }}>
            {telegramConnectTexts.waiting}
          </Typography.Text>
        )}
      </div>
      {state.blockedUrl && (
        <Typography.Text>
          {telegramConnectTexts.blocked}{' '}
          <Typography.Link href={state.blockedUrl} target="_blank" rel="noopener noreferrer">
            {telegramConnectTexts.goToBot}
          </Typography.Link>
        </Typography.Text>
      )}
    </Flex>
  );
}
