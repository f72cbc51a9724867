import { carClasses, type CarClass } from '@crm/shared';

// The starter price list of a new station (S2 §4 «Wizard», §9 «3 tariffs by 6 car categories»): three own
// tariffs and the additional services, prefilled with Moscow car-wash prices the owner changes in the wizard.

export const starterTariffCodes = ['express', 'complex', 'maximum'] as const;
export type StarterTariffCode = (typeof starterTariffCodes)[number];

/** Rubles per class, `carClasses` order (1 … 6 категория). */
export type ClassPrices = Record<CarClass, number | null>;

export interface StarterTariff {
  code: StarterTariffCode;
  name: string;
  description: string;
  include: string[];
  extras: string[];
  prices: Record<CarClass, number>;
  durations: Record<CarClass, number>;
}

const perClass = (values: readonly number[]) =>
  Object.fromEntries(carClasses.map((c, i) => [c, values[i]!])) as Record<CarClass, number>;

export const starterTariffs: readonly StarterTariff[] = [
  {
    code: 'express',
    name: 'Экспресс',
    description: 'Бесконтактная мойка кузова с активной пеной и сушкой',
    include: ['active_foam', 'body_wash', 'drying'],
    extras: ['wheels', 'thresholds', 'mats', 'wax', 'tire_black', 'anti_rain'],
    prices: perClass([500, 600, 700, 850, 1000, 1300]),
    durations: perClass([20, 25, 30, 35, 40, 50]),
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
    extras: ['trunk', 'wax', 'tire_black', 'anti_rain', 'engine'],
    prices: perClass([1200, 1400, 1600, 1900, 2300, 2800]),
    durations: perClass([45, 50, 60, 70, 80, 90]),
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
    extras: ['engine'],
    prices: perClass([2500, 2900, 3400, 3900, 4600, 5500]),
    durations: perClass([70, 80, 90, 100, 110, 120]),
  },
];

/** The additional services a new station starts with, priced in every category (the wizard's rule). */
export const starterServicePrices: Record<string, Record<CarClass, number>> = {
  wheels: perClass([200, 200, 250, 300, 350, 400]),
  thresholds: perClass([150, 150, 200, 200, 250, 300]),
  mats: perClass([150, 150, 150, 200, 200, 250]),
  trunk: perClass([150, 200, 200, 250, 300, 350]),
  wax: perClass([300, 350, 400, 500, 600, 700]),
  tire_black: perClass([150, 150, 200, 250, 300, 350]),
  anti_rain: perClass([300, 300, 350, 400, 450, 500]),
  engine: perClass([600, 700, 800, 900, 1000, 1200]),
};
