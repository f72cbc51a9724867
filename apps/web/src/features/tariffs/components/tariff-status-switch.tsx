import { Switch } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import {
  switchesOffLastProviderTariff,
  tariffMessages,
  type TariffConfig,
  type TariffKind,
} from '@crm/shared';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { tariffConfigQuery } from '../api/tariff-config';
import { invalidateStationTariffs, tariffListQuery, type TariffListItem } from '../api/tariff-list';
import { useUpdateOwnTariff } from '../api/update-own-tariff';
import { useUpdateProviderTariff } from '../api/update-provider-tariff';
import { ownStatusBody, providerStatusBody } from '../lib/tariff-edit-form';
import { tariffsMessages as t } from '../lib/tariffs-messages';

interface TariffStatusSwitchProps {
  stationId: string;
  kind: TariffKind;
  item: TariffListItem;
  /** Every tariff of the tab: the last active Yandex tariff may not be switched off (S2 §4). */
  items: readonly TariffListItem[];
  config: TariffConfig | undefined;
}

/**
 * The card's status switch. It saves at once — the one deliberate step from S2 §4 («applied on save»):
 * the dashboard's «Активировать» brings the owner here to switch a Yandex tariff on in one click. The
 * detail page's edit form changes the status with the rest, on «Сохранить».
 */
export function TariffStatusSwitch({ stationId, kind, item, items, config }: TariffStatusSwitchProps) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const own = useUpdateOwnTariff(stationId, item.id);
  const provider = useUpdateProviderTariff(stationId);
  const pending = own.isPending || provider.isPending;

  const change = async (active: boolean) => {
    if (!config) return;
    if (kind === 'yandex' && switchesOffLastProviderTariff(items, item.id, active)) {
      notify.warning(tariffMessages.lastProviderTariff);
      return;
    }
    try {
      const saved =
        kind === 'own'
          ? await own.mutateAsync(ownStatusBody(config, active))
          : await provider.mutateAsync(providerStatusBody(config, active));
      // The switch shows the new state at once; the refetch below confirms it.
      queryClient.setQueryData(tariffListQuery(stationId, kind).queryKey, (list) =>
        list?.map((other) => (other.id === item.id ? { ...other, active } : other)),
      );
      if (saved?.price) queryClient.setQueryData(tariffConfigQuery(stationId, kind, item.id).queryKey, saved);
      notify.success(tariffMessages.statusUpdated);
      void invalidateStationTariffs(queryClient, stationId);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409)
        notify.warning(error.message || tariffMessages.lastProviderTariff);
      else notify.error(tariffMessages.statusUpdateFailed);
    }
  };

  return (
    <Switch
      size="small"
      checked={item.active}
      loading={pending}
      disabled={!config}
      aria-label={t.statusOf(item.name)}
      onChange={(checked) => void change(checked)}
    />
  );
}
