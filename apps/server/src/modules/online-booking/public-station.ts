import {
  addDays,
  carClasses,
  onlineBookingMessages as m,
  orderPrice,
  stationClock,
  washServices,
  workingWindow,
  type CarClass,
  type LegalInfo,
  type PublicStationCard,
  type PublicTariff,
} from '@crm/shared';
import type { Database } from '../../db/client';
import { AppError, badRequest, notFound } from '../../plugins/errors';
import { listTariffs, loadTariffConfig, type LoadedTariffConfig } from '../tariffs/tariffs.repository';
import type { OnlineBookingSettingsRow, StationRow } from './online-booking.repository';

type Station = Pick<StationRow, 'name' | 'address' | 'lat' | 'lon' | 'timeZone' | 'legalInfo' | 'enable'>;
type PageSettings = Pick<OnlineBookingSettingsRow, 'code' | 'enabled' | 'phone'>;

export const pageNotFound = () => notFound(m.notFound);
export const bookingUnavailable = () => new AppError(409, 'CONFLICT', m.unavailable);

/** Yandex Maps at the station's point, or a search of its address when it has no coordinates. */
export function mapUrlOf(station: Pick<StationRow, 'address' | 'lat' | 'lon'>): string {
  if (station.lat !== null && station.lon !== null) {
    return `https://yandex.ru/maps/?pt=${station.lon},${station.lat}&z=16&l=map`;
  }
  return `https://yandex.ru/maps/?text=${encodeURIComponent(station.address)}`;
}

/**
 * The personal-data operator the consent names: the station's legal details (152-ФЗ), or null while the
 * owner has not filled them. An individual entrepreneur is named as «ИП Фамилия Имя Отчество».
 */
export function operatorOf(legal: LegalInfo | null) {
  if (!legal || !legal.inn) return null;
  const person = [legal.surname, legal.name, legal.lastname].filter(Boolean).join(' ');
  const name =
    legal.type === 'INDIVIDUAL' ? (person ? `ИП ${person}` : '') : legal.nameOrg || legal.fullNameOrg;
  if (!name) return null;
  return { name, inn: legal.inn, address: legal.addressOrg };
}

/**
 * Booking is open when the station itself is working and the owner switched the page on (the page's own
 * flag: the station's `enable_booking` is its strategy's «Заказы из Яндекса», S2 §2, and plays no part).
 */
export const bookingOpen = (
  station: Pick<StationRow, 'enable'>,
  settings: Pick<OnlineBookingSettingsRow, 'enabled'>,
) => station.enable && settings.enabled;

/** What identifies the station on every public answer: no ids but the code; the phone the owner gave. */
export function publicStationOf(settings: Pick<PageSettings, 'code' | 'phone'>, station: Station) {
  return {
    code: settings.code,
    name: station.name,
    address: station.address,
    map_url: mapUrlOf(station),
    phone: settings.phone ?? null,
    time_zone: station.timeZone,
  };
}

const serviceName = (config: LoadedTariffConfig, key: string) =>
  config.ru_services_names[key] ?? washServices.find((s) => s.key === key)?.name_ru ?? key;

/** A tariff as the page shows it: its price and minutes per category, and the services it offers online. */
function publicTariffOf(config: LoadedTariffConfig, serviceKeys: string[] | null): PublicTariff {
  const prices: PublicTariff['prices'] = {};
  for (const carClass of carClasses) {
    const price = orderPrice(config, carClass, []);
    if (price && price.totalDurationMinutes > 0) {
      prices[carClass] = { price: price.totalAmount, duration_minutes: price.totalDurationMinutes };
    }
  }
  const component = (carClass: CarClass) => config.price.priceElements[0]?.priceComponent[carClass];
  const services = config.price.additionService
    .filter((key) => !serviceKeys || serviceKeys.includes(key))
    .map((key) => {
      const servicePrices: PublicTariff['prices'] = {};
      for (const carClass of Object.keys(prices) as CarClass[]) {
        const amount = component(carClass)?.additionalServiceAmounts[key];
        if (!amount?.active || amount.price <= 0) continue;
        const minutes = washServices.find((s) => s.key === key)?.durationMinutes ?? 0;
        servicePrices[carClass] = { price: amount.price, duration_minutes: minutes };
      }
      return { key, name: serviceName(config, key), prices: servicePrices };
    })
    .filter((s) => Object.keys(s.prices).length > 0);
  return {
    id: config.price.id,
    name: config.price.name,
    description: config.price.description,
    prices,
    services,
  };
}

/** The own tariffs the page offers: active, chosen by the owner (or all), priced in some category. */
export async function offeredTariffs(
  db: Database,
  stationId: string,
  settings: Pick<OnlineBookingSettingsRow, 'tariffIds' | 'serviceKeys'>,
): Promise<{ config: LoadedTariffConfig; tariff: PublicTariff }[]> {
  const listed = (await listTariffs(db, stationId, 'own')).filter(
    (t) => t.active && (!settings.tariffIds || settings.tariffIds.includes(t.id)),
  );
  const out: { config: LoadedTariffConfig; tariff: PublicTariff }[] = [];
  for (const { id } of listed) {
    const config = await loadTariffConfig(db, stationId, id);
    if (!config || config.kind !== 'own' || !config.price.active) continue;
    const tariff = publicTariffOf(config, settings.serviceKeys);
    if (Object.keys(tariff.prices).length > 0) out.push({ config, tariff });
  }
  return out;
}

/**
 * `GET /api/public/book/{code}`: a station that is off shows its phone and no tariffs. `preview` (the
 * owner's, checked by the caller): the tariffs as if the page were on, `enabled` still the real state.
 */
export async function stationCard(
  db: Database,
  station: StationRow,
  settings: OnlineBookingSettingsRow,
  now = new Date(),
  preview = false,
): Promise<PublicStationCard> {
  const today = stationClock(station.timeZone, now).date;
  const window = workingWindow(station.worktimeByDay, today);
  const hhmm = (minutes: number) =>
    `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const open = bookingOpen(station, settings);
  const tariffs = open || preview ? await offeredTariffs(db, station.id, settings) : [];
  return {
    ...publicStationOf(settings, station),
    today,
    // A day open to midnight reads «до 23:59», not «до 00:00».
    hours_today: window
      ? { open: hhmm(window.open), close: hhmm(Math.min(window.close, 24 * 60 - 1)) }
      : null,
    enabled: open,
    days_ahead: station.daysToAlive,
    min_notice_minutes: settings.minNoticeMinutes,
    cancel_cutoff_minutes: settings.cancelCutoffMinutes,
    tariffs: tariffs.map((t) => t.tariff),
    operator: operatorOf(station.legalInfo),
    ...(preview ? { preview: true } : {}),
  };
}

/** Where a request names the wash: the field names of the availability query or of the booking body. */
export interface WashFields {
  tariff: string;
  category: string;
  services: string;
}

/**
 * The price and minutes of a wash the page offers: an own tariff the owner offers online, priced in the
 * car's category, with services it offers. Anything else is a 400 on its field.
 */
export async function offeredWash(
  db: Database,
  station: Pick<StationRow, 'id'>,
  settings: Pick<OnlineBookingSettingsRow, 'tariffIds' | 'serviceKeys'>,
  input: { tariffId: string; category: CarClass; services: readonly string[] },
  fields: WashFields,
) {
  const config = await loadTariffConfig(db, station.id, input.tariffId);
  const offered =
    config?.kind === 'own' &&
    config.price.active &&
    (!settings.tariffIds || settings.tariffIds.includes(input.tariffId));
  if (!config || !offered) throw badRequest({ [fields.tariff]: m.tariffInvalid }, m.tariffInvalid);
  const tariff = publicTariffOf(config, settings.serviceKeys);
  if (!tariff.prices[input.category]) {
    throw badRequest({ [fields.category]: m.categoryNotPriced }, m.categoryNotPriced);
  }
  const services = [...new Set(input.services)];
  const available = (key: string) => tariff.services.some((s) => s.key === key && s.prices[input.category]);
  if (!services.every(available)) {
    throw badRequest({ [fields.services]: m.serviceUnavailable }, m.serviceUnavailable);
  }
  const price = orderPrice(config, input.category, services);
  if (!price || price.totalDurationMinutes <= 0) {
    throw badRequest({ [fields.category]: m.categoryNotPriced }, m.categoryNotPriced);
  }
  return { config, tariff, price, services };
}

/**
 * The booking window of a start: not before now + notice, and on a local date no later than today +
 * days ahead (days ahead 1 = today and tomorrow). 400 on `field` with the driver's words otherwise.
 */
export function bookingWindow(
  station: Pick<StationRow, 'timeZone' | 'daysToAlive'>,
  settings: Pick<OnlineBookingSettingsRow, 'minNoticeMinutes'>,
  now: Date,
) {
  const earliest = new Date(now.getTime() + settings.minNoticeMinutes * 60_000);
  const lastDate = addDays(stationClock(station.timeZone, now).date, station.daysToAlive);
  return {
    earliest,
    lastDate,
    tooSoon: (field: string) =>
      badRequest({ [field]: m.tooSoon(settings.minNoticeMinutes) }, m.tooSoon(settings.minNoticeMinutes)),
    tooFar: (field: string) =>
      badRequest({ [field]: m.tooFar(station.daysToAlive) }, m.tooFar(station.daysToAlive)),
  };
}
