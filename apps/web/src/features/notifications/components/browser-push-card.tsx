import { Card } from 'antd';
import type { PushPermission } from '../push/push-client';
import { usePushToggle } from '../push/use-push-toggle';
import { PushSwitch } from './push-switch';

/**
 * «Уведомления в браузере». `subscribed` must be the server's answer for THIS browser's endpoint, so a
 * subscription on the user's phone does not show the switch on here.
 */
export function BrowserPushCard({
  permission,
  subscribed,
}: {
  permission: PushPermission;
  subscribed: boolean;
}) {
  const toggle = usePushToggle();
  return (
    <Card title="Уведомления в браузере">
      <PushSwitch
        permission={permission}
        subscribed={subscribed}
        busy={toggle.isPending}
        onToggle={(on) => toggle.mutate(on)}
      />
    </Card>
  );
}
