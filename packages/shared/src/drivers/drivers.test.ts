import { describe, expect, it } from 'vitest';
import { applyDiscount, clampDiscount } from './discount';
import { compareDrivers, plateQueryOf, searchTrigrams } from './driver-list';
import { displayPhone, maskPhone, normalizePhone } from './phone';
import { clientMessages, phoneTakenBy } from './drivers-messages';
import { driverCreateSchema, driverListQuerySchema, driverUpdateSchema } from './driver.schema';
import { groupImportRows, validateImportRow } from './driver-import';

describe('client phones', () => {
  it.each([
    ['+7 (916) 555-12-34', '+79165551234'],
    ['9165551234', '+79165551234'],
    ['8 916 555 12 34', '+79165551234'],
    ['79165551234', '+79165551234'],
    [9165551234, '+79165551234'],
  ])('normalises %s', (raw, stored) => expect(normalizePhone(raw)).toBe(stored));

  it.each(['', '12345', '+1 916 555 12 34', '991655512345', '+7 916 555 12 3', null, undefined])(
    'refuses %s',
    (raw) => expect(normalizePhone(raw)).toBeNull(),
  );

  it('masks while typing as +7 (000) 000-00-00', () => {
    expect(maskPhone('')).toBe('');
    expect(maskPhone('9')).toBe('+7 (9');
    expect(maskPhone('9165')).toBe('+7 (916) 5');
    expect(maskPhone('9165551')).toBe('+7 (916) 555-1');
    expect(maskPhone('916555123')).toBe('+7 (916) 555-12-3');
    expect(maskPhone('+7 916 555 12 34 99')).toBe('+7 (916) 555-12-34');
    expect(maskPhone('89165551234')).toBe('+7 (916) 555-12-34');
    expect(displayPhone('+79165551234')).toBe('+7 (916) 555-12-34');
    expect(displayPhone('+4930123')).toBe('+4930123');
  });
});

describe('discount maths', () => {
  it('rounds the discounted price down to the 50 ₽ step of order amounts', () => {
    expect(applyDiscount(1000, 10)).toEqual({
      sum: 900,
      sum_before_discount: 1000,
      discount_percent: 10,
      discount_amount: 100,
    });
    expect(applyDiscount(1050, 15).sum).toBe(850); // 892.50 → 850
    expect(applyDiscount(1000, 3).sum).toBe(950); // 970 → 950
    expect(applyDiscount(1000, 5).sum).toBe(950); // exact
    expect(applyDiscount(1000, 0).sum).toBe(1000);
    expect(applyDiscount(1030, 0).sum).toBe(1030); // no discount: the list price as it is
    expect(applyDiscount(1000, 100).sum).toBe(0);
    expect(applyDiscount(40, 10).sum).toBe(0);
  });

  it('never charges more than the percent says, nor a step less, nor below zero', () => {
    for (let price = 0; price <= 3000; price += 37) {
      for (let pct = 1; pct <= 100; pct += 7) {
        const d = applyDiscount(price, pct);
        const exact = (price * (100 - pct)) / 100;
        expect(d.sum % 50).toBe(0);
        expect(d.sum).toBeGreaterThanOrEqual(0);
        expect(d.sum).toBeLessThanOrEqual(exact);
        expect(exact - d.sum).toBeLessThan(50);
        expect(d.sum + d.discount_amount).toBe(price);
      }
    }
    expect(clampDiscount(150)).toBe(100);
    expect(clampDiscount(-3)).toBe(0);
    expect(clampDiscount(Number.NaN)).toBe(0);
  });
});

describe('client order and search pieces', () => {
  const d = (
    id: string,
    name: string,
    extra: Partial<Parameters<ReturnType<typeof compareDrivers>>[0]> = {},
  ) => ({
    id,
    name,
    surname: '',
    discount: 0,
    deleted: false,
    date_created: '2026-01-01T00:00:00.000Z',
    ...extra,
  });

  it('puts deleted clients last whatever the sort', () => {
    const list = [
      d('1', 'Яков', { deleted: true }),
      d('2', 'Борис'),
      d('3', 'Анна', { deleted: true }),
      d('4', 'Ёжик'),
    ];
    expect([...list].sort(compareDrivers('name_asc')).map((x) => x.id)).toEqual(['2', '4', '3', '1']);
    expect([...list].sort(compareDrivers('name_desc')).map((x) => x.id)).toEqual(['4', '2', '1', '3']);
  });

  it('sorts by discount, then by name', () => {
    const list = [
      d('1', 'Вера', { discount: 5 }),
      d('2', 'Анна', { discount: 5 }),
      d('3', 'Юрий', { discount: 10 }),
    ];
    expect([...list].sort(compareDrivers('discount_desc')).map((x) => x.id)).toEqual(['3', '2', '1']);
    expect([...list].sort(compareDrivers('discount_asc')).map((x) => x.id)).toEqual(['2', '1', '3']);
  });

  it('sorts by creation date both ways', () => {
    const list = [
      d('1', 'А', { date_created: '2026-02-01T00:00:00Z' }),
      d('2', 'Б', { date_created: '2026-01-01T00:00:00Z' }),
    ];
    expect([...list].sort(compareDrivers('created_desc')).map((x) => x.id)).toEqual(['1', '2']);
    expect([...list].sort(compareDrivers('created_asc')).map((x) => x.id)).toEqual(['2', '1']);
  });

  it('cuts a folded text into distinct trigrams by code point', () => {
    expect(searchTrigrams('иван')).toEqual(['ива', 'ван']);
    expect(searchTrigrams('аааа')).toEqual(['ааа']);
    expect(searchTrigrams('ab')).toEqual([]);
    expect(searchTrigrams('a😀bc')).toEqual(['a😀b', '😀bc']);
  });
});

describe('client schemas', () => {
  it('normalises the form and reports the spec texts', () => {
    const ok = driverCreateSchema.parse({
      network_id: '00000000-0000-4000-8000-000000000000',
      name: ' Иван ',
      phone: '8 (916) 555-12-34',
      cars: [{ brand: 'Kia', model: 'Rio', plate_number: 'a123bc77' }],
    });
    expect(ok).toMatchObject({ name: 'Иван', surname: '', phone: '+79165551234', discount: 0 });
    expect(ok.cars[0]!.plate_number).toBe('А123ВС77');
    const bad = driverCreateSchema.safeParse({ network_id: 'x', name: '', phone: '123', discount: 101 });
    const messages = Object.fromEntries(bad.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toMatchObject({
      name: clientMessages.nameRequired,
      phone: clientMessages.phoneInvalid,
      discount: clientMessages.discountInvalid,
    });
    expect(driverUpdateSchema.parse({ discount: 15 })).toEqual({ discount: 15 });
  });

  it('reads the list query from strings', () => {
    expect(driverListQuerySchema.parse({ page: '2', page_size: '50', sort: 'discount_desc' })).toEqual({
      page: 2,
      page_size: 50,
      sort: 'discount_desc',
    });
    expect(driverListQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(driverListQuerySchema.safeParse({ page_size: '201' }).success).toBe(false);
    expect(driverListQuerySchema.safeParse({ filter: 'gone' }).success).toBe(false);
  });

  it('names the client who has the phone', () => {
    expect(phoneTakenBy({ name: 'Иван', surname: 'Петров' })).toBe(
      'Клиент с таким телефоном уже есть: Иван Петров',
    );
    expect(phoneTakenBy({ name: 'Иван', surname: '' })).toBe('Клиент с таким телефоном уже есть: Иван');
  });
});

describe('import rows', () => {
  it('accepts spreadsheet cells and explains a skip', () => {
    expect(
      validateImportRow({
        name: 'Анна',
        phone: 9165551234,
        discount: '10 %',
        car_brand: 'Kia',
        car_model: 'Rio',
      }),
    ).toEqual({
      ok: {
        name: 'Анна',
        surname: '',
        phone: '+79165551234',
        discount: 10,
        cars: [{ brand: 'Kia', model: 'Rio' }],
      },
    });
    expect(validateImportRow({ name: '', phone: '9165551234' })).toEqual({
      reason: clientMessages.nameRequired,
    });
    expect(validateImportRow({ name: 'А', phone: '555' })).toEqual({ reason: clientMessages.phoneInvalid });
    expect(validateImportRow({ name: 'А', phone: '9165551234', discount: 120 })).toEqual({
      reason: clientMessages.discountInvalid,
    });
    expect(validateImportRow({ name: 'А', phone: '9165551234', discount: 'пять' })).toEqual({
      reason: clientMessages.discountInvalid,
    });
    expect(validateImportRow({ name: 'А', phone: '9165551234', car_model: 'Rio' })).toEqual({
      reason: clientMessages.carBrandRequired,
    });
  });
});

describe('a plate in the clients search (issue 38)', () => {
  it.each([
    ['А123ВС77', 'А123ВС77'],
    ['а123вс', 'А123ВС'],
    ['A123BC 77', 'А123ВС77'],
    ['е 321-км', 'Е321КМ'],
    ['123вс', '123ВС'],
  ])('reads %s as the plate %s, as the order form writes it', (query, plate) =>
    expect(plateQueryOf(query)).toBe(plate),
  );

  it.each(['Иванов', 'Иванов2', '9161234567', '+7 916', 'а1', 'авс', 'кмх', 'Rio'])(
    'leaves %s to the name and phone search',
    (query) => expect(plateQueryOf(query)).toBeNull(),
  );
});

describe('import rows as clients (issue 38)', () => {
  const client = { name: 'Анна', surname: 'Два', phone: '+79160000001' };
  it('makes a client’s further rows his cars, and skips what repeats', () => {
    const { results, clients } = groupImportRows([
      { ...client, car_brand: 'Kia', car_model: 'Rio' },
      { ...client, name: 'анна', car_brand: 'Lada', car_model: 'Vesta', plate_number: 'а001аа77' },
      { ...client, car_brand: 'Lada', car_model: 'Vesta', plate_number: 'А001АА77' },
      { ...client, name: 'Борис', car_brand: 'BMW', car_model: 'X5' },
      { ...client },
      { name: 'Вера', phone: '+79160000002' },
    ]);
    expect(results.map((r) => r.status)).toEqual(['create', 'car', 'skip', 'skip', 'skip', 'create']);
    expect(results[2]!.reason).toBe(clientMessages.importDuplicateInFile);
    expect(clients).toHaveLength(2);
    expect(clients[0]).toEqual({
      rows: [0, 1],
      driver: {
        name: 'Анна',
        surname: 'Два',
        phone: '+79160000001',
        discount: 0,
        cars: [
          { brand: 'Kia', model: 'Rio' },
          { brand: 'Lada', model: 'Vesta', plate_number: 'А001АА77' },
        ],
      },
    });
  });
});
