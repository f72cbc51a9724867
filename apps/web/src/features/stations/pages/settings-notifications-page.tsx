import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { Alert, Card, Flex, Typography } from 'antd';
import { BellOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { useNotify } from '../../../lib/notify';
import { useCurrentUser } from '../../users/api/current-user';
import { SettingsPageHeader } from '../components/settings-page-header';
import '../components/settings-pages.css';
import { readPushPermission, pushPermissionTexts } from '../lib/push-permission';
import { canSeeNotificationSettings } from '../lib/settings-access';
import { settingsPageHints, settingsTexts } from '../lib/settings-texts';

const events = [
  {
    icon: <BellOutlined />,
    title: 'Новые записи',
    text: 'Клиент записался на мойку или заказ пришёл от партнёра.',
  },
  {
    icon: <CloseCircleOutlined />,
    title: 'Отмены',
    text: 'Клиент или партнёр отменил запись.',
  },
];

const alertType = { granted: 'success', denied: 'warning', default: 'info', unsupported: 'info' } as const;

/**
 * `settings/notifications`. S2 §2: only role admin and users with push notifications allowed see it;
 * anyone else is sent to «/» with «Доступ ограничен». The push state is the browser's, read as it is.
 */
export function SettingsNotificationsPage() {
  const user = useCurrentUser().data?.user;
  const notify = useNotify();
  const allowed = !!user && canSeeNotificationSettings(user);
  // The answer can change in the browser's own settings while the page is open; a focus re-reads it.
  const [permission, setPermission] = useState(readPushPermission);

  useEffect(() => {
    if (user && !allowed)
      notify.warning(settingsTexts.notificationsDeniedTitle, settingsTexts.notificationsDeniedText);
  }, [user, allowed, notify]);
  useEffect(() => {
    const reread = () => setPermission(readPushPermission());
    window.addEventListener('focus', reread);
    return () => window.removeEventListener('focus', reread);
  }, []);

  if (!user) return null;
  if (!allowed) return <Navigate to="/" replace />;

  const state = pushPermissionTexts[permission];
  return (
    <Flex vertical gap={16}>
      <SettingsPageHeader page="notifications" hint={settingsPageHints.notifications} />
      <Card title="Что приходит">
        <ul className="event-list">
          {events.map((e) => (
            <li key={e.title} className="event-list__row">
              <span className="event-list__icon" aria-hidden="true">
                {e.icon}
              </span>
              <span className="event-list__text">
                <span className="event-list__title">{e.title}</span>
                <span className="event-list__explain">{e.text}</span>
              </span>
            </li>
          ))}
        </ul>
      </Card>
      <Card title="Уведомления в браузере">
        <Alert type={alertType[permission]} showIcon title={state.title} description={state.text} />
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
          Уведомления приходят на то устройство, где они разрешены.
        </Typography.Paragraph>
      </Card>
    </Flex>
  );
}
