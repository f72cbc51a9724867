import type { Partner, PartnerDelivery, StationIntegrations } from '@crm/shared';
import { resetEachFile } from '../../../test/file-reset';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** «Яндекс Заправки» as `GET /api/admin/partners` answers it: healthy unless overridden. */
export const testPartner = (over: Partial<Partner> = {}): Partner => ({
  id: 'p1',
  name: 'Яндекс Заправки',
  source: 'Yandex',
  callback_url: 'https://partner.example/hooks',
  created_at: '2026-11-01T09:00:00.000Z',
  previous_secret_valid_until: null,
  health: {
    last_success_at: minutesAgo(5),
    failures_waiting: 0,
    oldest_undelivered_at: null,
    connected_stations: 1,
  },
  ...over,
});

let seq = 0;
resetEachFile(() => (seq = 0));
export const testDelivery = (over: Partial<PartnerDelivery> = {}): PartnerDelivery => ({
  id: `dl${++seq}`,
  direction: 'in',
  partner_id: 'p1',
  kind: 'booking.create',
  partner_order_id: 'Y-1',
  order_number: 10234,
  result: 'ok',
  status_code: 201,
  attempts: 1,
  at: '2026-11-28T09:05:00.000Z',
  ...over,
});

/** Two partners, Яндекс connected to «Мойка на Ленина» (s1), Benzuber not yet. */
export const testIntegrations = (over: Partial<StationIntegrations> = {}): StationIntegrations => ({
  partners: [
    { id: 'p1', name: 'Яндекс Заправки', source: 'Yandex' },
    { id: 'p2', name: 'Benzuber', source: 'Benzuber' },
  ],
  connections: [
    {
      partner_id: 'p1',
      partner_name: 'Яндекс Заправки',
      source: 'Yandex',
      partner_station_id: 'YA-100101',
      enabled: true,
      updated_at: '2026-11-20T09:00:00.000Z',
    },
  ],
  deliveries: [],
  ...over,
});
