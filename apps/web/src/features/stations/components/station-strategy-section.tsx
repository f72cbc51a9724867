import { useId, useState } from 'react';
import { Alert, Card, Flex, Skeleton, Switch, Typography } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { Station, StationStrategy } from '@crm/shared';
import { RetryAlert } from '../../../components/retry-alert';
import { friendlyMessage } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useCurrentUser } from '../../users/api/current-user';
import { stationStrategyQuery, useStationStrategy, useUpdateStationStrategy } from '../api/station-strategy';
import { positionAt } from '../lib/station-access';
import './station-strategy-section.css';

type StrategyKey = keyof StationStrategy;

/** The three flags in the order of the tariff tabs they show (S2 §2, DESIGN §11). */
export const strategyFlags: { key: StrategyKey; label: string; explain: string }[] = [
  {
    key: 'booking',
    label: 'Заказы из Яндекса',
    explain:
      'Показывает вкладку «Яндекс тарифы» в разделе «Тарифы»: цены для заказов из Яндекса. Онлайн-запись по ссылке мойки включается выше, отдельно.',
  },
  {
    key: 'payment',
    label: 'Оплата через приложение',
    explain: 'Показывает вкладку «Настройки оплаты» в разделе «Тарифы»: суммы оплаты в приложении.',
  },
  {
    key: 'robot',
    label: 'Роботизированная мойка (фиксированные тарифы)',
    explain: 'Показывает вкладку «Фиксированные тарифы» в разделе «Тарифы»: программы робота с одной ценой.',
  },
];

export const strategyTexts = {
  title: 'Стратегия станции',
  intro: 'Какие способы работы включены на станции и какие вкладки видны в разделе «Тарифы».',
  ownerOnly: 'Стратегию станции меняет владелец сети.',
  loadFailed: 'Не удалось загрузить стратегию станции',
  saved: 'Стратегия станции обновлена',
  saveFailed: 'Не удалось обновить стратегию станции',
  on: 'включено',
  off: 'выключено',
} as const;
const t = strategyTexts;

/**
 * «Стратегия станции» in the station settings (DESIGN §11): provider bookings, in-app payment and a robot
 * wash, each a switch that the network's owner flips and everyone else reads. A flip is saved at once.
 */
export function StationStrategySection({ station }: { station: Station }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const user = useCurrentUser().data?.user;
  const isOwner = !!user && positionAt(user, station) === 'owner';
  const strategy = useStationStrategy(station.id);
  const update = useUpdateStationStrategy(station.id);
  const [saving, setSaving] = useState<StrategyKey | null>(null);
  const baseId = useId();

  const flip = async (key: StrategyKey, checked: boolean) => {
    if (!strategy.data) return;
    setSaving(key);
    try {
      await update.mutateAsync({ ...strategy.data, [key]: checked });
      notify.success(t.saved);
    } catch (error) {
      notify.error(error, t.saveFailed);
    } finally {
      setSaving(null);
      // The station (its enable_* flags) and the tariff tabs follow the strategy.
      void queryClient.invalidateQueries({ queryKey: stationStrategyQuery(station.id).queryKey });
      void queryClient.invalidateQueries({ queryKey: ['station', station.id] });
      void queryClient.invalidateQueries({ queryKey: ['stations'] });
    }
  };

  let body;
  if (strategy.isPending) body = <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  else if (strategy.isError || !strategy.data)
    body = (
      <RetryAlert
        title={t.loadFailed}
        description={friendlyMessage(strategy.error)}
        onRetry={() => void strategy.refetch()}
      />
    );
  else
    body = (
      <ul className="strategy-list">
        {strategyFlags.map(({ key, label, explain }) => {
          const labelId = `${baseId}-${key}-label`;
          const explainId = `${baseId}-${key}-explain`;
          const checked = strategy.data[key];
          return (
            <li key={key} className="strategy-list__row">
              <div className="strategy-list__text">
                <span id={labelId} className="strategy-list__label">
                  {label}
                </span>
                <span id={explainId} className="strategy-list__explain">
                  {explain}
                </span>
              </div>
              <Flex align="center" gap={8} className="strategy-list__control">
                <span className="strategy-list__state" aria-hidden="true">
                  {checked ? t.on : t.off}
                </span>
                <Switch
                  checked={checked}
                  loading={saving === key}
                  disabled={!isOwner || (saving !== null && saving !== key)}
                  aria-labelledby={labelId}
                  aria-describedby={explainId}
                  onChange={(next) => void flip(key, next)}
                />
              </Flex>
            </li>
          );
        })}
      </ul>
    );

  return (
    <Card
      title={
        <Flex gap={10} align="center">
          <AppstoreOutlined aria-hidden />
          {t.title}
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t.intro}</Typography.Text>
        {!isOwner && user && <Alert type="info" showIcon title={t.ownerOnly} />}
        {body}
      </Flex>
    </Card>
  );
}
