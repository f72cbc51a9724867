import type { Database } from '../../db/client';
import { drivers } from '../../db/schema';
import { moscowRegions, novosibirskRegions, pickDemoCar, randomPlate, type DemoCar } from './demo-cars';
import type { Rng } from './prng';

// Demo clients (drivers) of a network: Russian names, +7 9xx mobile numbers, one or two cars with valid plates,
// a few with a discount and a few deleted (S2 §3 Client).

// prettier-ignore
const maleNames = [
  'Александр', 'Андрей', 'Артём', 'Владимир', 'Дмитрий', 'Евгений', 'Иван', 'Игорь', 'Кирилл', 'Максим',
  'Михаил', 'Никита', 'Николай', 'Павел', 'Роман', 'Денис', 'Антон', 'Виктор', 'Константин', 'Юрий',
  'Илья', 'Тимур', 'Руслан', 'Вадим', 'Станислав', 'Георгий', 'Егор', 'Фёдор',
];
// prettier-ignore
const femaleNames = [
  'Анна', 'Мария', 'Елена', 'Ольга', 'Наталья', 'Татьяна', 'Екатерина', 'Светлана', 'Юлия', 'Анастасия',
  'Дарья', 'Ксения', 'Виктория', 'Алина', 'Полина', 'Вера',
];
// prettier-ignore
const surnames = [
  'Иванов', 'Петров', 'Сидоров', 'Кузьмин', 'Попов', 'Васильев', 'Соколов', 'Михайлов', 'Новиков', 'Фёдоров',
  'Морозов', 'Алексеев', 'Лебедев', 'Семёнов', 'Егоров', 'Павлов', 'Козлов', 'Степанов', 'Николаев',
  'Андреев', 'Макаров', 'Никитин', 'Захаров', 'Зайцев', 'Соловьёв', 'Борисов', 'Яковлев', 'Григорьев',
  'Романов', 'Воробьёв', 'Сергеев', 'Фролов', 'Александров', 'Дмитриев', 'Королёв', 'Гусев', 'Киселёв',
  'Ильин', 'Максимов', 'Поляков', 'Сорокин', 'Виноградов', 'Ковалёв', 'Белов', 'Медведев', 'Антонов',
  'Тарасов', 'Жуков', 'Баранов', 'Филиппов', 'Комаров', 'Давыдов', 'Беляев', 'Герасимов', 'Богданов',
  'Осипов', 'Калинин', 'Ершов', 'Крылов', 'Маслов', 'Вишневский', 'Ковальский', 'Шевченко', 'Ткаченко',
];

/** Russian surnames agree with gender: Иванов → Иванова, Вишневский → Вишневская; -енко stays. */
function femaleSurname(surname: string): string {
  if (surname.endsWith('ский')) return `${surname.slice(0, -4)}ская`;
  if (/(ов|ев|ёв|ин)$/.test(surname)) return `${surname}а`;
  return surname;
}

export interface DemoDriverCar extends DemoCar {
  plate: string;
}

export interface DemoDriver {
  id: string;
  name: string;
  surname: string;
  phone: string;
  discount: number;
  deleted: boolean;
  cars: DemoDriverCar[];
}

export interface DemoDriversOptions {
  networkId: string;
  count: number;
  /** How many of them were deleted (soft delete, S2 §4). */
  deleted: number;
  now: Date;
  /** Phones not to hand out again (demo users' numbers, other networks' clients). */
  usedPhones: Set<string>;
  /** Share of clients from Novosibirsk (plates of region 54). */
  novosibirskShare?: number;
}

/** Builds the clients of one network; deterministic for the rng's seed. */
export function demoDriverRows(rng: Rng, options: DemoDriversOptions) {
  const { networkId, count, now, usedPhones } = options;
  const people = new Set<string>();
  const list: DemoDriver[] = [];
  const rows: (typeof drivers.$inferInsert)[] = [];
  const deletedAt = new Set<number>();
  while (deletedAt.size < options.deleted) deletedAt.add(rng.int(0, count - 1));
  for (let i = 0; i < count; i++) {
    let name: string;
    let surname: string;
    do {
      const female = rng.chance(0.3);
      name = rng.pick(female ? femaleNames : maleNames);
      const base = rng.pick(surnames);
      surname = female ? femaleSurname(base) : base;
    } while (people.has(`${name} ${surname}`));
    people.add(`${name} ${surname}`);
    let phone: string;
    do {
      phone = `+79${String(rng.int(0, 99)).padStart(2, '0')}${String(rng.int(0, 9_999_999)).padStart(7, '0')}`;
    } while (usedPhones.has(phone));
    usedPhones.add(phone);
    const regions = rng.chance(options.novosibirskShare ?? 0) ? novosibirskRegions : moscowRegions;
    const cars: DemoDriverCar[] = Array.from({ length: rng.chance(0.25) ? 2 : 1 }, () => ({
      ...pickDemoCar(rng),
      plate: randomPlate(rng, regions),
    }));
    const driver: DemoDriver = {
      id: rng.uuid(),
      name,
      surname,
      phone,
      discount: rng.chance(0.12) ? rng.pick([5, 10, 15]) : 0,
      deleted: deletedAt.has(i),
      cars,
    };
    list.push(driver);
    rows.push({
      id: driver.id,
      networkId,
      name,
      surname,
      phone,
      discount: driver.discount,
      cars: cars.map((c) => ({ brand: c.brand, model: c.model, plate_number: c.plate })),
      deleted: driver.deleted,
      createdAt: new Date(now.getTime() - rng.int(20, 540) * 24 * 60 * 60_000),
    });
  }
  return { list, rows };
}

export async function insertDemoDrivers(db: Database, rows: (typeof drivers.$inferInsert)[]) {
  if (rows.length) await db.insert(drivers).values(rows);
}
