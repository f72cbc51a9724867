import { carClasses, type CarClass, type TariffConfig, type TariffKind } from '@crm/shared';
import type { Database } from '../../db/client';
import { additionalServices, tariffs } from '../../db/schema';
import { toTariffConfig, type AdditionalServiceRow, type TariffRow } from '../tariffs/tariffs.repository';
import type { Rng } from './prng';

// Demo price lists (issue 3 «Demo data»): three own tariffs over the six wash categories with Moscow car-wash
// prices, the station's extras priced per category, and the same for the Yandex tariffs a little dearer.

export const demoTariffCodes = ['express', 'complex', 'maximum'] as const;
export type DemoTariffCode = (typeof demoTariffCodes)[number];

/** Six values in `carClasses` order (Mini … MicroBus). */
type PerClass = readonly [number, number, number, number, number, number];

interface TariffDef {
  code: DemoTariffCode;
  name: string;
  description: string;
  include: string[];
  extras: string[];
  prices: PerClass;
  durations: PerClass;
}

const tariffDefs: readonly TariffDef[] = [
  {
    code: 'express',
    name: 'Экспресс',
    description: 'Бесконтактная мойка кузова с активной пеной и сушкой',
    include: ['active_foam', 'body_wash', 'drying'],
    extras: ['wheels', 'thresholds', 'mats', 'wax', 'tire_black', 'anti_rain'],
    prices: [500, 600, 700, 850, 1000, 1300],
    durations: [20, 25, 30, 35, 40, 50],
  },
  {
    code: 'complex',
    name: 'Комплекс',
    description: 'Мойка кузова, дисков и порогов, уборка салона',
    include: [
      'active_foam',
      'body_wash',
      'wheels',
      'thresholds',
      'drying',
      'mats',
      'vacuum',
      'glass',
      'plastic',
    ],
    extras: ['trunk', 'wax', 'tire_black', 'anti_rain', 'engine', 'bitumen', 'odor'],
    prices: [1200, 1400, 1600, 1900, 2300, 2800],
    durations: [45, 50, 60, 70, 80, 90],
  },
  {
    code: 'maximum',
    name: 'Максимум',
    description: 'Комплексная мойка с уборкой багажника, воском, антидождём и экспресс-полировкой',
    include: [
      'active_foam',
      'body_wash',
      'wheels',
      'thresholds',
      'drying',
      'mats',
      'vacuum',
      'glass',
      'plastic',
      'trunk',
      'wax',
      'tire_black',
      'anti_rain',
      'polish',
    ],
    extras: ['engine', 'leather', 'bitumen', 'odor'],
    prices: [2500, 2900, 3400, 3900, 4600, 5500],
    durations: [70, 80, 90, 100, 110, 120],
  },
];

/** Extras of a station: price per category; 0 = not offered for that category. */
const extraPrices: Record<string, PerClass> = {
  wheels: [200, 200, 250, 300, 350, 400],
  thresholds: [150, 150, 200, 200, 250, 300],
  mats: [150, 150, 150, 200, 200, 250],
  trunk: [150, 200, 200, 250, 300, 350],
  wax: [300, 350, 400, 500, 600, 700],
  tire_black: [150, 150, 200, 250, 300, 350],
  anti_rain: [300, 300, 350, 400, 450, 500],
  engine: [600, 700, 800, 900, 1000, 0],
  bitumen: [500, 500, 600, 700, 800, 900],
  odor: [800, 900, 1000, 1200, 1400, 1600],
  leather: [1500, 1800, 2000, 2500, 3000, 3500],
};
/** The partner sells fewer extras than the station itself. */
const yandexExtraKeys = ['wheels', 'mats', 'wax', 'tire_black', 'anti_rain', 'engine'];

/** Rubles in steps of 50 (S1 §5), never below 50. */
const round50 = (value: number) => Math.max(50, Math.round(value / 50) * 50);
const ceil50 = (value: number) => Math.max(50, Math.ceil(value / 50) * 50);

const perClass = (values: PerClass, map: (v: number) => number = (v) => v) =>
  Object.fromEntries(carClasses.map((c, i) => [c, map(values[i]!)])) as Record<CarClass, number>;

export interface DemoTariff {
  id: string;
  code: DemoTariffCode;
  kind: TariffKind;
  config: TariffConfig;
}
export type DemoStationTariffs = Record<TariffKind, Record<DemoTariffCode, DemoTariff>>;

export interface DemoCatalogStation {
  id: string;
  /** Prices relative to «Мойка на Ленина»: Novosibirsk is cheaper than Moscow. */
  priceFactor: number;
}

/** The rows of one station: tariffs and extras of both kinds, with the configs the orders are priced by. */
export function demoCatalogRows(station: DemoCatalogStation, rng: Rng, createdAt: Date) {
  const tariffRows: TariffRow[] = [];
  const extraRows: AdditionalServiceRow[] = [];
  const result = { own: {}, yandex: {} } as DemoStationTariffs;
  for (const kind of ['own', 'yandex'] as const) {
    // Yandex prices a little above the station's own, as the partner adds its margin.
    const price =
      kind === 'own'
        ? (v: number) => round50(v * station.priceFactor)
        : (v: number) => ceil50(v * station.priceFactor * 1.05);
    const keys = kind === 'own' ? Object.keys(extraPrices) : yandexExtraKeys;
    const extras = keys.map((serviceKey) => ({
      stationId: station.id,
      kind,
      serviceKey,
      active: true,
      prices: Object.fromEntries(
        carClasses.map((c, i) => {
          const base = extraPrices[serviceKey]![i]!;
          return [c, { price: base ? price(base) : 0, active: base > 0 }];
        }),
      ),
    }));
    extraRows.push(...extras);
    tariffDefs.forEach((def, index) => {
      const row: TariffRow = {
        id: rng.uuid(),
        stationId: station.id,
        kind,
        code: def.code,
        name: def.name,
        description: def.description,
        active: true,
        priceActive: true,
        durationByClass: perClass(def.durations),
        priceByClass: perClass(def.prices, price),
        includeServices: def.include,
        extraServices: def.extras.filter((key) => keys.includes(key)),
        deletedAt: null,
        // Lists show tariffs in creation order: express, complex, maximum.
        createdAt: new Date(createdAt.getTime() + index * 1000),
      };
      tariffRows.push(row);
      result[kind][def.code] = { id: row.id, code: def.code, kind, config: toTariffConfig(row, extras) };
    });
  }
  return { tariffRows, extraRows, tariffs: result };
}

/** Inserts the demo price lists of the stations (two multi-row inserts) and returns their configs. */
export async function seedDemoCatalog(
  db: Database,
  stations: readonly DemoCatalogStation[],
  rng: Rng,
  now: Date,
): Promise<Map<string, DemoStationTariffs>> {
  const createdAt = new Date(now.getTime() - 400 * 24 * 60 * 60_000);
  const byStation = new Map<string, DemoStationTariffs>();
  const tariffRows: TariffRow[] = [];
  const extraRows: AdditionalServiceRow[] = [];
  for (const station of stations) {
    const rows = demoCatalogRows(station, rng, createdAt);
    tariffRows.push(...rows.tariffRows);
    extraRows.push(...rows.extraRows);
    byStation.set(station.id, rows.tariffs);
  }
  if (tariffRows.length) await db.insert(tariffs).values(tariffRows);
  if (extraRows.length) await db.insert(additionalServices).values(extraRows);
  return byStation;
}
