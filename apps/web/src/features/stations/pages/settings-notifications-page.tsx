import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { Alert, Card, Flex, Skeleton } from 'antd';
import {
  messages,
  notificationChannels,
  notificationMessages,
  type NotificationChannel,
  type NotificationSettings,
} from '@crm/shared';
import { RetryAlert } from '../../../components/retry-alert';
import { useAppConfig } from '../../../lib/app-config';
import { useNotify } from '../../../lib/notify';
import { useCurrentUser } from '../../users/api/current-user';
import { useSaveNotificationSettings } from '../../notifications/api/notification-settings';
import { BrowserPushCard } from '../../notifications/components/browser-push-card';
import { NotificationMatrix } from '../../notifications/components/notification-matrix';
import { PushDemoPanel } from '../../notifications/components/push-demo-panel';
import { TelegramConnect } from '../../notifications/components/telegram-connect';
import { useNotificationsState } from '../../notifications/push/use-notifications-state';
import { SettingsPageHeader } from '../components/settings-page-header';
import { SettingsSaveBar } from '../components/settings-save-bar';
import { canSeeNotificationSettings } from '../lib/settings-access';
import { positionAt } from '../lib/station-access';
import { useStationContext } from '../lib/station-context';
import { settingsPageHints } from '../lib/settings-texts';

/**
 * `settings/notifications`. S1 §6 / S2 §2: only role admin and users with push notifications allowed see
 * it; anyone else is sent to «/» with «Доступ ограничен». The settings are the user's own, not the
 * station's, so every position that gets in may change them.
 */
export function SettingsNotificationsPage() {
  const user = useCurrentUser().data?.user;
  const notify = useNotify();
  const allowed = !!user && canSeeNotificationSettings(user);

  useEffect(() => {
    if (user && !allowed) notify.warning(notificationMessages.deniedTitle, notificationMessages.deniedText);
  }, [user, allowed, notify]);

  const { station } = useStationContext();
  if (!user) return null;
  if (!allowed) return <Navigate to="/" replace />;
  return (
    <Flex vertical gap={16}>
      <SettingsPageHeader page="notifications" hint={settingsPageHints.notifications} />
      <NotificationsBody
        isAdmin={user.role === 'admin'}
        canSetUpBot={user.role === 'admin' || positionAt(user, station) === 'owner'}
      />
    </Flex>
  );
}

/** What the owner is told, once and here, when the server has no bot (issue 38). */
export const telegramSetupTexts = {
  description:
    'Уведомления о записях и кнопки «Принять» / «Отклонить» в Telegram заработают, когда администратор сервера подключит бота: создаст его у @BotFather и укажет токен в настройке TELEGRAM_BOT_TOKEN. Если сервер обслуживаете не вы, напишите в поддержку.',
} as const;

function NotificationsBody({ isAdmin, canSetUpBot }: { isAdmin: boolean; canSetUpBot: boolean }) {
  const state = useNotificationsState();
  // Without a bot the Telegram switches cannot work: they are not offered, and only the owner (who can get
  // the bot set up) is told why; the others simply have the browser channel.
  const noBot = useAppConfig().data?.telegramBot === false;
  const channels: readonly NotificationChannel[] = noBot
    ? notificationChannels.filter((c) => c !== 'telegram')
    : notificationChannels;
  if (state.isError)
    return <RetryAlert title="Не удалось загрузить настройки уведомлений" onRetry={state.refetch} />;
  if (state.isPending || !state.browser || !state.status)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  return (
    <>
      <BrowserPushCard permission={state.browser.permission} subscribed={state.subscribed} />
      {!noBot ? (
        <Card title="Telegram">
          <TelegramConnect />
        </Card>
      ) : (
        canSetUpBot && (
          <Card title="Telegram">
            <Alert
              type="info"
              showIcon
              title={notificationMessages.telegramNotConfigured}
              description={telegramSetupTexts.description}
            />
          </Card>
        )
      )}
      <EventsCard saved={state.status.settings} channels={channels} />
      {isAdmin && <PushDemoPanel />}
    </>
  );
}

const sameSettings = (a: NotificationSettings, b: NotificationSettings) =>
  JSON.stringify(a) === JSON.stringify(b);

/** «Что приходит»: a draft of the switches, saved with the settings pages' save bar. */
function EventsCard({
  saved,
  channels,
}: {
  saved: NotificationSettings;
  channels: readonly NotificationChannel[];
}) {
  const notify = useNotify();
  const save = useSaveNotificationSettings();
  const [draft, setDraft] = useState(saved);
  const dirty = !sameSettings(draft, saved);

  const onSave = () =>
    save.mutate(draft, {
      onSuccess: () => notify.success(notificationMessages.settingsSaved),
      onError: (error) => notify.error(error, messages.station.settingsUpdateFailed),
    });

  return (
    <div>
      <Card title="Что приходит">
        <NotificationMatrix value={draft} onChange={setDraft} disabled={save.isPending} channels={channels} />
      </Card>
      <SettingsSaveBar
        dirty={dirty}
        saving={save.isPending}
        onReset={() => setDraft(saved)}
        onSave={onSave}
      />
    </div>
  );
}
