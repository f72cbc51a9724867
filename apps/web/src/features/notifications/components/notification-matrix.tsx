import type { CSSProperties } from 'react';
import { Switch } from 'antd';
import {
  notificationChannelLabels,
  notificationChannels,
  notificationEventLabels,
  notificationEvents,
  type NotificationChannel,
  type NotificationEvent,
  type NotificationSettings,
} from '@crm/shared';
import './notifications.css';

interface NotificationMatrixProps {
  value: NotificationSettings;
  onChange(next: NotificationSettings): void;
  disabled?: boolean;
  /** The channels to offer; one that cannot work here (Telegram without a bot) is left out. */
  channels?: readonly NotificationChannel[];
}

/**
 * «Что приходит»: events down, channels across. On a phone the channel headers give way to a label beside
 * each switch (CSS), so the same markup serves both.
 */
export function NotificationMatrix({
  value,
  onChange,
  disabled,
  channels = notificationChannels,
}: NotificationMatrixProps) {
  const set = (event: NotificationEvent, channel: NotificationChannel, on: boolean) =>
    onChange({ ...value, [event]: { ...value[event], [channel]: on } });

  return (
    <div
      className="notify-matrix"
      role="table"
      aria-label="Что приходит"
      style={{ '--notify-channels': channels.length } as CSSProperties}
    >
      <div className="notify-matrix__row notify-matrix__head" role="row">
        <span role="columnheader">Событие</span>
        {channels.map((channel) => (
          <span key={channel} role="columnheader" className="notify-matrix__channel">
            {notificationChannelLabels[channel]}
          </span>
        ))}
      </div>
      {notificationEvents.map((event) => {
        const label = notificationEventLabels[event];
        return (
          <div key={event} className="notify-matrix__row" role="row">
            <span role="cell" className="notify-matrix__event">
              <span className="notify-matrix__title">{label.title}</span>
              <span className="notify-matrix__text">{label.text}</span>
            </span>
            {channels.map((channel) => (
              <label key={channel} role="cell" className="notify-matrix__switch">
                <Switch
                  size="small"
                  checked={value[event][channel]}
                  disabled={disabled}
                  aria-label={`${label.title}: ${notificationChannelLabels[channel]}`}
                  onChange={(on) => set(event, channel, on)}
                />
                <span className="notify-matrix__switch-label">{notificationChannelLabels[channel]}</span>
              </label>
            ))}
          </div>
        );
      })}
    </div>
  );
}
