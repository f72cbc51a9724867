import { describe, expect, it } from 'vitest';
import {
  foldSearch,
  historyPageSizes,
  historyStatusOptions,
  isNearEmptyOrder,
  meaningfulFieldCount,
  statusesMatching,
  statusesOfOptions,
  type MeaningfulFields,
} from './history';

describe('page sizes (S1 §9)', () => {
  it('cards 12 of 12/24/48/96, table 25 of 25/50/100/200', () => {
    expect(historyPageSizes.cards).toEqual({ default: 12, options: [12, 24, 48, 96] });
    expect(historyPageSizes.table).toEqual({ default: 25, options: [25, 50, 100, 200] });
  });
});

describe('status multiselect (S1 §2)', () => {
  it('lists the live statuses one by one and the cancelled ones as one «Отменен»', () => {
    expect(historyStatusOptions.map((o) => [o.value, o.label])).toEqual([
      ['Accepted', 'Новый'],
      ['Booked', 'Забронирован'],
      ['Processing', 'В процессе'],
      ['Completed', 'Завершен'],
      ['cancelled', 'Отменен'],
    ]);
    expect(historyStatusOptions.at(-1)?.statuses).toEqual(['Canceled', 'StationCanceled', 'UserCanceled']);
  });

  it('every status is behind exactly one option', () => {
    const all = historyStatusOptions.flatMap((o) => o.statuses);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(7);
  });

  it('statusesOfOptions expands «Отменен» into the three cancelled statuses', () => {
    expect(statusesOfOptions(['cancelled'])).toEqual(['Canceled', 'StationCanceled', 'UserCanceled']);
    expect(statusesOfOptions(['Completed', 'cancelled'])).toEqual([
      'Completed',
      'Canceled',
      'StationCanceled',
      'UserCanceled',
    ]);
  });

  it('keeps the options order whatever the order of the choice', () => {
    expect(statusesOfOptions(['Completed', 'Accepted'])).toEqual(['Accepted', 'Completed']);
  });

  it('nothing chosen gives an empty list (the list call reads it as every status); unknown values are ignored', () => {
    expect(statusesOfOptions([])).toEqual([]);
    expect(statusesOfOptions(['Canceled', 'nonsense'])).toEqual([]);
  });
});

describe('foldSearch', () => {
  it('trims, lowercases (Cyrillic too) and folds ё into е', () => {
    expect(foldSearch('  ЁЛКА Ёж  ')).toBe('елка еж');
    expect(foldSearch('Toyota')).toBe('toyota');
    expect(foldSearch('А123ВС77')).toBe('а123вс77');
  });
});

describe('statusesMatching (search by a status’s Russian name)', () => {
  it('finds all three cancelled statuses by «отмен»', () => {
    expect(statusesMatching('отмен')).toEqual(['Canceled', 'StationCanceled', 'UserCanceled']);
  });

  it('ignores case and surrounding spaces', () => {
    expect(statusesMatching('  ЗАВЕРШЕН ')).toEqual(['Completed']);
    expect(statusesMatching('в ПРОЦЕССЕ')).toEqual(['Processing']);
  });

  it('treats ё as е both ways', () => {
    expect(statusesMatching('завершён')).toEqual(['Completed']);
    expect(statusesMatching('Отменён станцией')).toEqual(['StationCanceled']);
  });

  it('knows every label variant of S1 §4', () => {
    expect(statusesMatching('новый')).toEqual(['Accepted']);
    expect(statusesMatching('ожидание')).toEqual(['Accepted']);
    expect(statusesMatching('забронирован')).toEqual(['Booked']);
    expect(statusesMatching('клиентом')).toEqual(['UserCanceled']);
    expect(statusesMatching('пользователем')).toEqual(['UserCanceled']);
  });

  it('matches nothing for a plate, a brand or an empty search', () => {
    expect(statusesMatching('А123ВС77')).toEqual([]);
    expect(statusesMatching('Toyota')).toEqual([]);
    expect(statusesMatching('')).toEqual([]);
    expect(statusesMatching('   ')).toEqual([]);
  });
});

const empty: MeaningfulFields = {
  client_car: { brand: '', model: '', plate_number: '' },
  basket: { tariff_id: null },
  sum: 0,
  driver_id: null,
  phones: [],
  comment: '',
};

function order(patch: Partial<MeaningfulFields> & { car?: Partial<MeaningfulFields['client_car']> }) {
  const { car, ...rest } = patch;
  return { ...empty, ...rest, client_car: { ...empty.client_car, ...car } };
}

describe('near-empty orders (S1 §2: three or fewer meaningful fields are hidden)', () => {
  it('counts nothing on an empty order', () => {
    expect(meaningfulFieldCount(empty)).toBe(0);
    expect(isNearEmptyOrder(empty)).toBe(true);
  });

  it('counts every one of the eight fields', () => {
    const full = order({
      car: { brand: 'Kia', model: 'Rio', plate_number: 'А123ВС77' },
      basket: { tariff_id: 't1' },
      sum: 1500,
      driver_id: 'd1',
      phones: [{ redirection_phone: '+79990000000' }],
      comment: 'Без воска',
    });
    expect(meaningfulFieldCount(full)).toBe(8);
    expect(isNearEmptyOrder(full)).toBe(false);
  });

  it('three fields are still near-empty, four are not', () => {
    const three = order({ car: { brand: 'Kia', model: 'Rio' }, sum: 500 });
    expect(meaningfulFieldCount(three)).toBe(3);
    expect(isNearEmptyOrder(three)).toBe(true);
    const four = order({ car: { brand: 'Kia', model: 'Rio' }, sum: 500, comment: 'x' });
    expect(meaningfulFieldCount(four)).toBe(4);
    expect(isNearEmptyOrder(four)).toBe(false);
  });

  it('blank text, a zero sum and an empty phone list carry no information', () => {
    const blank = order({
      car: { brand: '  ', model: '\t', plate_number: ' ' },
      comment: '   ',
      sum: 0,
      phones: [],
    });
    expect(meaningfulFieldCount(blank)).toBe(0);
  });

  it('a tariff, a driver and phones each count even with no car', () => {
    const noCar = order({ basket: { tariff_id: 't1' }, driver_id: 'd1', phones: [{}], sum: 100 });
    expect(meaningfulFieldCount(noCar)).toBe(4);
    expect(isNearEmptyOrder(noCar)).toBe(false);
  });
});
