import { useEffect, type ComponentType } from 'react';
import { Flex, Skeleton } from 'antd';
import type { Station } from '@crm/shared';
import { RetryAlert } from '../../../../components/retry-alert';
import { friendlyMessage } from '../../../../lib/api-client';
import { useOnlineBookingSettings } from '../api/online-booking-settings';
import { onlineBookingTexts as t } from '../lib/texts';
import { BookingLinkCard } from './booking-link-card';
import { DataRemovalCard } from './data-removal-card';
import { OnlineBookingForm, type SaveBarProps } from './online-booking-form';
import './online-booking-settings.css';

interface OnlineBookingSettingsProps {
  station: Pick<Station, 'id' | 'name' | 'time_zone' | 'autoaccept_booking'>;
  /** Owners, principals and role admin change the settings; an administrator reads them. */
  canManage: boolean;
  /** The settings pages' save bar (features/stations), so this form looks and behaves like theirs. */
  SaveBar: ComponentType<SaveBarProps>;
  /** The page's other form has unsaved changes (see OnlineBookingForm's leave guard). */
  otherDirty?: boolean;
  /** The station's «Юридические данные» page (the consent's operator), for those who may open it. */
  legalInfoPath?: string;
}

/**
 * The body of the station's «Онлайн-запись» settings (issue 37): the public booking link with its QR code,
 * the settings of what drivers may book and when, and the drivers' requests to remove their data.
 */
export function OnlineBookingSettingsView({
  station,
  canManage,
  SaveBar,
  otherDirty = false,
  legalInfoPath,
}: OnlineBookingSettingsProps) {
  const query = useOnlineBookingSettings(station.id);
  const readOnly = !canManage;

  // `autoaccept` is the station's own `autoaccept_booking`, which the station's update writes too (other
  // clients of the API): when the station's fresh copy disagrees with these settings, they are reread.
  // `days_ahead` (`days_to_alive`) has no other writer; `enabled` is the page's own flag, not the
  // strategy's `enable_booking` («Заказы из Яндекса»), so neither needs it.
  const { data, refetch } = query;
  const stale = !!data && data.autoaccept !== station.autoaccept_booking;
  useEffect(() => {
    if (stale) void refetch();
  }, [stale, station.autoaccept_booking, refetch]);

  if (query.isPending)
    return (
      <div role="status" aria-label={t.loading} className="ob-loading">
        <Skeleton active paragraph={{ rows: 4 }} />
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  if (query.isError && !query.data)
    return (
      <RetryAlert
        title={t.loadFailed}
        description={friendlyMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );

  const settings = query.data;
  return (
    <Flex vertical gap={16}>
      <BookingLinkCard
        stationId={station.id}
        stationName={station.name}
        code={settings.code}
        enabled={settings.enabled}
        operator={settings.operator}
        legalInfoPath={canManage ? legalInfoPath : undefined}
        readOnly={readOnly}
      />
      {settings.data_removal_requests.length > 0 && (
        <DataRemovalCard
          stationId={station.id}
          timeZone={station.time_zone}
          requests={settings.data_removal_requests}
          readOnly={readOnly}
        />
      )}
      <OnlineBookingForm
        stationId={station.id}
        settings={settings}
        readOnly={readOnly}
        otherDirty={otherDirty}
        SaveBar={SaveBar}
      />
    </Flex>
  );
}
