// Car classes, wash categories and wash services: plain constants shared by tariffs, the car
// collection and the order form (S2 §3). No zod here.

/** Car classes in wash-category order: category N is carClasses[N-1]. */
export const carClasses = ['Mini', 'Compact', 'MiddleSize', 'Crossover', 'OffRoad', 'MicroBus'] as const;
export type CarClass = (typeof carClasses)[number];

/** A wash category per car class (S2 §3 «Car category: Name, ru_name, ru_name_full»). */
export interface CarCategory {
  Name: CarClass;
  ru_name: string;
  ru_name_full: string;
  /** Examples shown in tooltips. */
  examples: string;
}

export const carCategories: readonly CarCategory[] = [
  {
    Name: 'Mini',
    ru_name: '1 категория',
    ru_name_full: '1 категория — мини',
    examples: 'Kia Picanto, Smart, Daewoo Matiz',
  },
  {
    Name: 'Compact',
    ru_name: '2 категория',
    ru_name_full: '2 категория — компакт',
    examples: 'Kia Rio, Lada Granta, VW Polo',
  },
  {
    Name: 'MiddleSize',
    ru_name: '3 категория',
    ru_name_full: '3 категория — средний класс',
    examples: 'Toyota Camry, Skoda Octavia, BMW 5',
  },
  {
    Name: 'Crossover',
    ru_name: '4 категория',
    ru_name_full: '4 категория — кроссовер',
    examples: 'Hyundai Creta, Haval Jolion, Kia Sportage',
  },
  {
    Name: 'OffRoad',
    ru_name: '5 категория',
    ru_name_full: '5 категория — внедорожник',
    examples: 'Toyota Land Cruiser, Lada Niva, BMW X5',
  },
  {
    Name: 'MicroBus',
    ru_name: '6 категория',
    ru_name_full: '6 категория — микроавтобус',
    examples: 'Mercedes-Benz Vito, Hyundai H-1, ГАЗель',
  },
];

export const carClassLabels: Record<CarClass, string> = {
  Mini: 'Мини',
  Compact: 'Компакт',
  MiddleSize: 'Средний класс',
  Crossover: 'Кроссовер',
  OffRoad: 'Внедорожник',
  MicroBus: 'Микроавтобус',
};

export function categoryOf(carClass: CarClass): CarCategory {
  return carCategories.find((c) => c.Name === carClass)!;
}

/** The 24 popular brands of S1 §9 / S2 §3, in the spec's order. */
export const popularCarBrands = [
  'Audi',
  'BMW',
  'Changan',
  'Chery',
  'Chevrolet',
  'Ford',
  'Geely',
  'Haval',
  'Honda',
  'Hyundai',
  'Kia',
  'Lada',
  'Lexus',
  'Mazda',
  'Mercedes-Benz',
  'Mitsubishi',
  'Nissan',
  'Omoda',
  'Skoda',
  'Toyota',
  'Volkswagen',
  'Renault',
  'Subaru',
  'Suzuki',
] as const;

/** Wash services a tariff includes or offers as extras; the duration is what an extra adds. */
export interface WashService {
  key: string;
  name_ru: string;
  durationMinutes: number;
}

export const washServices: readonly WashService[] = [
  { key: 'body_wash', name_ru: 'Мойка кузова', durationMinutes: 15 },
  { key: 'active_foam', name_ru: 'Активная пена', durationMinutes: 5 },
  { key: 'wheels', name_ru: 'Мойка колёсных дисков', durationMinutes: 10 },
  { key: 'drying', name_ru: 'Сушка кузова', durationMinutes: 5 },
  { key: 'thresholds', name_ru: 'Мойка порогов', durationMinutes: 5 },
  { key: 'mats', name_ru: 'Мойка ковриков', durationMinutes: 5 },
  { key: 'glass', name_ru: 'Мойка стёкол изнутри', durationMinutes: 10 },
  { key: 'vacuum', name_ru: 'Пылесос салона', durationMinutes: 15 },
  { key: 'plastic', name_ru: 'Протирка пластика', durationMinutes: 10 },
  { key: 'trunk', name_ru: 'Уборка багажника', durationMinutes: 10 },
  { key: 'wax', name_ru: 'Горячий воск', durationMinutes: 10 },
  { key: 'tire_black', name_ru: 'Чернение шин', durationMinutes: 5 },
  { key: 'anti_rain', name_ru: 'Антидождь', durationMinutes: 10 },
  { key: 'engine', name_ru: 'Мойка двигателя', durationMinutes: 20 },
  { key: 'polish', name_ru: 'Экспресс-полировка', durationMinutes: 30 },
  { key: 'leather', name_ru: 'Чистка и кондиционер кожи', durationMinutes: 40 },
  { key: 'bitumen', name_ru: 'Удаление битумных пятен', durationMinutes: 20 },
  { key: 'odor', name_ru: 'Устранение запахов', durationMinutes: 20 },
];

export function washServiceName(key: string): string {
  return washServices.find((s) => s.key === key)?.name_ru ?? key;
}
