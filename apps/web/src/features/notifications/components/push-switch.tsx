import { Alert, Flex, Switch, Typography } from 'antd';
import { notificationMessages } from '@crm/shared';
import type { PushPermission } from '../push/push-client';
import { pushTexts } from '../lib/push-texts';

interface PushSwitchProps {
  permission: PushPermission;
  subscribed: boolean;
  busy: boolean;
  onToggle(on: boolean): void;
}

/**
 * The «Уведомления в браузере» switch (S2 §4 «Push subscription»). A denied permission cannot be asked
 * again from the page, so the switch is disabled and the way to undo it in the browser is shown instead.
 */
export function PushSwitch({ permission, subscribed, busy, onToggle }: PushSwitchProps) {
  if (permission === 'unsupported')
    return <Alert type="info" showIcon title={notificationMessages.unsupported} />;

  const denied = permission === 'denied';
  return (
    <Flex vertical gap={12}>
      <Flex align="center" gap={12}>
        <Switch
          id="push-switch"
          checked={subscribed && !denied}
          disabled={denied}
          loading={busy}
          onChange={onToggle}
        />
        <label htmlFor="push-switch">
          <Typography.Text strong>{pushTexts.switchLabel}</Typography.Text>
        </label>
      </Flex>
      <Typography.Text type="secondary">{subscribed ? pushTexts.on : pushTexts.off}</Typography.Text>
      {denied && (
        <Alert
          type="warning"
          showIcon
          title={pushTexts.deniedTitle}
          description={
            <>
              <ol className="push-steps">
                {pushTexts.deniedSteps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
              <Typography.Text type="secondary">{pushTexts.deniedPhone}</Typography.Text>
            </>
          }
        />
      )}
      <Typography.Text type="secondary">{pushTexts.perDevice}</Typography.Text>
    </Flex>
  );
}
