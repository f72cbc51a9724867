import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { dashboardMessages, messages, type CrmData } from '@crm/shared';
import { useNotify } from '../../../lib/notify';
import { useTelegramConnect } from '../../notifications/lib/use-telegram-connect';
import { useCrmData, useUpdateCrmData } from '../../users/api/crm-data';
import { useProviderTariffs } from '../api/provider-tariffs';
import { isProviderAlertSnoozed, needsProviderTariffs, snoozeProviderAlert } from '../lib/provider-alert';

const botBannerClosed = (data: CrmData) => data.isCloseNotificationTgBot === true;

/**
 * S1 §2: the station has Yandex tariffs and none is active. «Активировать» opens the tariffs on the
 * yandex tab; closing hides it for 24 hours at this station.
 */
export function ProviderTariffsAlert({ stationId }: { stationId: string }) {
  const navigate = useNavigate();
  const tariffs = useProviderTariffs(stationId);
  // Keyed by station: switching stations re-reads the snooze of the new one.
  const [snoozedFor, setSnoozedFor] = useState<string | null>(null);
  const snoozed = snoozedFor === stationId || isProviderAlertSnoozed(stationId);
  if (!tariffs.data || !needsProviderTariffs(tariffs.data) || snoozed) return null;

  return (
    <Alert
      type="warning"
      showIcon
      title={dashboardMessages.providerAlertTitle}
      description={dashboardMessages.providerAlertText}
      closable={{
        'aria-label': 'Скрыть на сутки',
        onClose: () => {
          snoozeProviderAlert(stationId);
          setSnoozedFor(stationId);
        },
      }}
      action={
        <Button
          size="small"
          type="primary"
          onClick={() =>
            void navigate(`/station/${encodeURIComponent(stationId)}/tariffs`, {
              state: { activeTab: 'yandex' },
            })
          }
        >
          {dashboardMessages.activate}
        </Button>
      }
    />
  );
}

/**
 * S1 §1: the Telegram-bot banner; closing it is saved as `isCloseNotificationTgBot` in the CRM data. Its
 * button links this user to the bot (issue 14: a one-time deep link, then the record is polled), and it
 * is gone once the user is linked. On a phone (`compact`) the buttons go under the text at full width, so
 * the title keeps the whole line.
 */
export function TelegramBotBanner({ compact = false }: { compact?: boolean }) {
  const closedBefore = useCrmData(botBannerClosed);
  const update = useUpdateCrmData();
  const notify = useNotify();
  const telegram = useTelegramConnect();
  const [closed, setClosed] = useState(false);
  // Shown only once the CRM data and the user say so: never flashes for someone who closed it or linked.
  if (closed || closedBefore !== false) return null;
  if (!telegram.user || telegram.connected) return null;
  // No bot on this server: nothing here can work, and the owner is told once, in the notification settings.
  if (telegram.unavailable) return null;

  const close = () => {
    setClosed(true);
    update.mutate(
      { isCloseNotificationTgBot: true },
      {
        onError: (error) => {
          setClosed(false);
          notify.error(error, messages.generic.updateFailed);
        },
      },
    );
  };

  const size = compact ? 'middle' : 'small';
  const actions = telegram.unavailable ? undefined : (
    <div className={compact ? 'dash-tg__actions dash-tg__actions--stacked' : 'dash-tg__actions'}>
      <Button size={size} block={compact} loading={telegram.opening} onClick={telegram.open}>
        Открыть бота
      </Button>
      {telegram.waiting && (
        <Button
          size={size}
          type="text"
          block={compact}
          loading={telegram.checking}
          onClick={() => void telegram.check()}
        >
          Проверить подключение
        </Button>
      )}
    </div>
  );
  const text = (
    <>
      <span>{telegram.unavailable ?? dashboardMessages.tgBannerText}</span>
      {telegram.blockedUrl && (
        <>
          {' '}
          <a href={telegram.blockedUrl} target="_blank" rel="noopener noreferrer">
            Перейти в Telegram
          </a>
        </>
      )}
    </>
  );

  return (
    <Alert
      type="info"
      showIcon
      icon={<SendOutlined />}
      className={compact ? 'dash-tg dash-tg--compact' : 'dash-tg'}
      title={dashboardMessages.tgBannerTitle}
      description={
        compact ? (
          <div className="dash-tg__body">
            <span>{text}</span>
            {actions}
          </div>
        ) : (
          <span aria-live="polite">{text}</span>
        )
      }
      closable={{ 'aria-label': 'Закрыть', onClose: close }}
      action={compact ? undefined : actions}
    />
  );
}
