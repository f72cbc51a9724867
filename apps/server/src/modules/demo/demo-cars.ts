import { isValidPlate, type CarClass, type ClientCar } from '@crm/shared';
import { carModelById } from '../cars/car-collection';
import type { Rng } from './prng';

// Cars of demo clients and partner orders: what actually drives into a Moscow car wash, by collection id, so
// the class and category always match the car collection. Popular cars are listed more than once.
// prettier-ignore
const demoCarIds = [
  'lada-vesta', 'lada-vesta', 'lada-granta', 'lada-granta', 'lada-granta-liftback', 'lada-largus',
  'lada-niva-legend', 'lada-niva-travel', 'lada-vesta-sw-cross', 'lada-xray',
  'kia-rio', 'kia-rio', 'kia-rio-x', 'kia-ceed', 'kia-cerato', 'kia-k5', 'kia-sportage', 'kia-sportage',
  'kia-seltos', 'kia-sorento', 'kia-picanto', 'kia-carnival',
  'hyundai-solaris', 'hyundai-solaris', 'hyundai-creta', 'hyundai-creta', 'hyundai-tucson',
  'hyundai-elantra', 'hyundai-santa-fe', 'hyundai-h-1', 'hyundai-staria',
  'volkswagen-polo', 'volkswagen-polo', 'volkswagen-tiguan', 'volkswagen-jetta', 'volkswagen-passat',
  'volkswagen-touareg', 'volkswagen-transporter', 'volkswagen-multivan',
  'skoda-octavia', 'skoda-octavia', 'skoda-rapid', 'skoda-kodiaq', 'skoda-karoq', 'skoda-superb',
  'toyota-camry', 'toyota-camry', 'toyota-corolla', 'toyota-rav4', 'toyota-rav4', 'toyota-land-cruiser',
  'toyota-land-cruiser-prado', 'toyota-highlander', 'toyota-hiace',
  'haval-jolion', 'haval-jolion', 'haval-f7', 'haval-dargo', 'haval-h9', 'tank-300', 'tank-500',
  'chery-tiggo-4-pro', 'chery-tiggo-7-pro-max', 'chery-tiggo-7-pro-max', 'chery-tiggo-8-pro-max',
  'chery-arrizo-8', 'omoda-c5', 'jaecoo-j7', 'exeed-txl', 'exeed-rx',
  'geely-coolray', 'geely-coolray', 'geely-monjaro', 'geely-atlas', 'geely-tugella', 'geely-emgrand',
  'changan-cs55-plus', 'changan-cs75-plus', 'changan-uni-v', 'changan-uni-k',
  'renault-logan', 'renault-sandero', 'renault-duster', 'renault-duster', 'renault-kaptur', 'renault-arkana',
  'nissan-qashqai', 'nissan-x-trail', 'nissan-almera', 'nissan-terrano', 'nissan-murano',
  'mitsubishi-outlander', 'mitsubishi-pajero-sport', 'mitsubishi-lancer', 'mitsubishi-asx',
  'mazda-cx-5', 'mazda-6', 'mazda-3',
  'bmw-3-serii', 'bmw-5-serii', 'bmw-x3', 'bmw-x5', 'bmw-x6',
  'mercedes-benz-c-klass', 'mercedes-benz-e-klass', 'mercedes-benz-glc', 'mercedes-benz-gle',
  'mercedes-benz-s-klass', 'mercedes-benz-vito', 'mercedes-benz-v-klass', 'mercedes-benz-sprinter',
  'audi-a4', 'audi-a6', 'audi-q5', 'audi-q7',
  'lexus-rx', 'lexus-nx', 'lexus-lx', 'ford-focus', 'ford-kuga', 'ford-transit',
  'chevrolet-niva', 'chevrolet-cruze', 'chevrolet-cobalt', 'chevrolet-spark', 'daewoo-matiz', 'daewoo-nexia',
  'honda-cr-v', 'subaru-forester', 'suzuki-vitara', 'suzuki-jimny', 'volvo-xc60', 'volvo-xc90',
  'land-rover-range-rover-sport', 'porsche-cayenne', 'porsche-macan', 'infiniti-qx50', 'genesis-g80',
  'tesla-model-3', 'zeekr-001', 'li-auto-l7', 'voyah-free', 'smart-fortwo', 'mini-cooper',
  'gaz-gazel-next', 'gaz-sobol', 'uaz-patriot', 'uaz-buhanka', 'datsun-on-do', 'peugeot-408',
  'citroen-c4', 'opel-astra', 'moskvich-3', 'belgee-x50', 'tenet-t7',
];

export interface DemoCar {
  brand: string;
  model: string;
  carClass: CarClass;
  bodyType: string;
}

const demoCars: DemoCar[] = demoCarIds.map((id) => {
  const model = carModelById(id);
  if (!model) throw new Error(`demo car ${id} is not in the car collection`);
  return { brand: model.brand, model: model.model, carClass: model.class, bodyType: model.ru_body_name };
});

export function pickDemoCar(rng: Rng): DemoCar {
  return rng.pick(demoCars);
}

/** Cyrillic letters allowed on Russian plates. */
const plateLetters = 'АВЕКМНОРСТУХ';
export const moscowRegions = ['77', '97', '99', '177', '197', '199', '777', '797', '799', '50', '150', '750'];
export const novosibirskRegions = ['54', '154'];

/** A valid Russian plate (S1 §5), e.g. «А123ВС777». */
export function randomPlate(rng: Rng, regions: readonly string[] = moscowRegions): string {
  const letter = () => plateLetters[rng.int(0, plateLetters.length - 1)]!;
  const digits = String(rng.int(1, 999)).padStart(3, '0');
  const plate = `${letter()}${digits}${letter()}${letter()}${rng.pick(regions)}`;
  if (!isValidPlate(plate)) throw new Error(`invalid demo plate ${plate}`);
  return plate;
}

const bodyColors = ['Белый', 'Чёрный', 'Серый', 'Серебристый', 'Синий', 'Красный', 'Коричневый', 'Зелёный'];

export function clientCarOf(car: DemoCar, plate: string, rng: Rng): ClientCar {
  return {
    brand: car.brand,
    model: car.model,
    plate_number: plate,
    body_type: car.bodyType,
    body_color: rng.chance(0.7) ? rng.pick(bodyColors) : '',
    car_class: car.carClass,
    category: car.carClass,
  };
}

/** Classes of a demo car by brand and model (a client's stored car names no class). */
export function demoCarByName(brand: string, model: string): DemoCar | undefined {
  return demoCars.find((c) => c.brand === brand && c.model === model);
}
