import type { DataRemovalRequest, OnlineBookingSettings } from '@crm/shared';

/**
 * «Мойка на Ленина»'s online booking as `GET /api/station/s1/online-booking` answers it: on, everything
 * offered, the phone drivers call and the operator from the station's legal details.
 */
export const testOnlineBooking = (over: Partial<OnlineBookingSettings> = {}): OnlineBookingSettings => ({
  code: 'lenina24',
  enabled: true,
  phone: '+74951234567',
  operator: { name: 'ООО «Чистая машина»', inn: '7707083893', address: 'Москва, ул. Ленина, 24' },
  tariff_ids: null,
  service_keys: null,
  days_ahead: 14,
  min_notice_minutes: 60,
  cancel_cutoff_minutes: 60,
  autoaccept: false,
  max_open_per_phone: 2,
  data_removal_requests: [],
  ...over,
});

/** A driver's request from his manage link, made at 12:30 Moscow time on 27 November. */
export const testRemovalRequest = (over: Partial<DataRemovalRequest> = {}): DataRemovalRequest => ({
  id: 'r1',
  requested_at: '2026-11-27T09:30:00.000Z',
  name: 'Павел',
  phone: '+79161234567',
  order_number: 10234,
  ...over,
});

/** The station's own tariffs as `GET /api/own_tariffs/list/s1` answers them; «Максимум» is switched off. */
export const testOwnTariffs = () => ({
  prices_list: [
    { id: '00000000-0000-4000-8000-000000000001', name: 'Экспресс', active: true },
    { id: '00000000-0000-4000-8000-000000000002', name: 'Комплекс', active: true },
    { id: '00000000-0000-4000-8000-000000000003', name: 'Максимум', active: false },
  ],
});
