import type { CarClass } from '@crm/shared';

/** Body types (`kuzov`) with the Russian names shown in the order form (`ru_body_name`). */
export const bodyTypeNames = {
  sedan: 'Седан',
  hatchback: 'Хэтчбек',
  liftback: 'Лифтбек',
  wagon: 'Универсал',
  crossover: 'Кроссовер',
  suv: 'Внедорожник',
  minivan: 'Минивэн',
  microbus: 'Микроавтобус',
  pickup: 'Пикап',
  coupe: 'Купе',
  cabrio: 'Кабриолет',
  roadster: 'Родстер',
} as const;
export type BodyType = keyof typeof bodyTypeNames;

/**
 * A brand's models grouped by body type and wash class: `[kuzov, class, 'Model A, Model B']`. Grouping keeps
 * the hand-written data short and reviewable; the class is the wash category (S2 §3, `carCategories`).
 */
export type ModelGroup = readonly [BodyType, CarClass, string];
export type BrandModels = Readonly<Record<string, readonly ModelGroup[]>>;
