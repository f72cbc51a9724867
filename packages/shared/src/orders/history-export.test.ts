import { describe, expect, it } from 'vitest';
import {
  carTitle,
  exportMessages,
  formatHistoryDate,
  historyExport,
  historyExportFileName,
  historyExportRows,
  historyExportTotals,
  type ExportOrder,
} from './history-export';

describe('export format (S1 §9)', () => {
  it('sheet «История заказов», columns Дата/Автомобиль/Сумма/Статус, width 20', () => {
    expect(historyExport.sheet).toBe('История заказов');
    expect(historyExport.columns).toEqual(['Дата', 'Автомобиль', 'Сумма', 'Статус']);
    expect(historyExport.columnWidth).toBe(20);
  });

  it('quotes the S1 §8 export texts exactly', () => {
    expect(exportMessages).toEqual({
      loading: 'Загрузка данных и подготовка файла для экспорта...',
      empty: 'Нет данных для экспорта в выбранном диапазоне',
      done: 'Файл успешно экспортирован',
      failed: 'Произошла ошибка при экспорте данных',
      noStation: 'Необходимо выбрать станцию',
      noRange: 'Выберите диапазон дат для экспорта',
    });
  });
});

describe('historyExportFileName', () => {
  it('names the file after both inclusive range dates', () => {
    expect(historyExportFileName({ start: '2026-11-01', end: '2026-11-30' })).toBe(
      'История заказов 01.11.2026–30.11.2026.xlsx',
    );
    expect(historyExportFileName({ start: '2022-01-01', end: '2026-03-05' })).toBe(
      'История заказов 01.01.2022–05.03.2026.xlsx',
    );
  });

  it('uses one date for a one-day range', () => {
    expect(historyExportFileName({ start: '2026-11-22', end: '2026-11-22' })).toBe(
      'История заказов 22.11.2026.xlsx',
    );
  });

  it('has no character a file system refuses', () => {
    expect(historyExportFileName({ start: '2026-01-01', end: '2026-12-31' })).not.toMatch(/[/\\:*?"<>|]/);
  });
});

describe('carTitle', () => {
  it('joins brand, model and plate, skipping empty parts', () => {
    expect(carTitle({ brand: 'Toyota', model: 'Camry', plate_number: 'А123ВС77' })).toBe(
      'Toyota Camry А123ВС77',
    );
    expect(carTitle({ brand: 'Toyota', model: ' ', plate_number: 'А123ВС77' })).toBe('Toyota А123ВС77');
    expect(carTitle({ brand: '', model: '', plate_number: '' })).toBe('');
  });
});

describe('formatHistoryDate (DD.MM.YY HH:mm on the station clock)', () => {
  it('shows Moscow and Novosibirsk wall time of the same instant', () => {
    const instant = '2026-03-03T20:30:00.000Z';
    expect(formatHistoryDate(instant, 'Europe/Moscow')).toBe('03.03.26 23:30');
    // Novosibirsk (UTC+7) is already on the next day.
    expect(formatHistoryDate(instant, 'Asia/Novosibirsk')).toBe('04.03.26 03:30');
  });

  it('writes midnight as 00, not 24', () => {
    expect(formatHistoryDate('2026-12-31T21:00:00Z', 'Europe/Moscow')).toBe('01.01.27 00:00');
    expect(formatHistoryDate('2026-12-31T17:05:00Z', 'Asia/Novosibirsk')).toBe('01.01.27 00:05');
  });

  it('pads single digits', () => {
    expect(formatHistoryDate('2026-02-05T06:07:00Z', 'UTC')).toBe('05.02.26 06:07');
  });
});

const orders: ExportOrder[] = [
  {
    booking_start: '2026-11-30T16:30:00Z',
    status: 'Completed',
    sum: 1500,
    client_car: { brand: 'Kia', model: 'Rio', plate_number: 'А123ВС54' },
  },
  {
    booking_start: '2026-11-30T10:00:00Z',
    status: 'StationCanceled',
    sum: 700,
    client_car: { brand: 'Lada', model: 'Vesta', plate_number: '' },
  },
  {
    booking_start: '2026-11-01T02:00:00Z',
    status: 'Booked',
    sum: 1200,
    client_car: { brand: 'BMW', model: 'X5', plate_number: 'М999ОР154' },
  },
  {
    booking_start: '2026-11-01T01:00:00Z',
    status: 'Completed',
    sum: 2000,
    client_car: { brand: 'Haval', model: 'Jolion', plate_number: 'Х001ХХ54' },
  },
];

describe('historyExportRows', () => {
  it('keeps the order of the list, with station dates and Russian statuses (Novosibirsk)', () => {
    expect(historyExportRows(orders, 'Asia/Novosibirsk')).toEqual([
      { date: '30.11.26 23:30', car: 'Kia Rio А123ВС54', sum: 1500, status: 'Завершен' },
      { date: '30.11.26 17:00', car: 'Lada Vesta', sum: 700, status: 'Отменен станцией' },
      { date: '01.11.26 09:00', car: 'BMW X5 М999ОР154', sum: 1200, status: 'Забронирован' },
      { date: '01.11.26 08:00', car: 'Haval Jolion Х001ХХ54', sum: 2000, status: 'Завершен' },
    ]);
  });

  it('moves the date with the zone: the same order is on another day in Moscow', () => {
    const late = [{ ...orders[0]!, booking_start: '2026-11-30T18:30:00Z' }];
    expect(historyExportRows(late, 'Asia/Novosibirsk')[0]!.date).toBe('01.12.26 01:30');
    expect(historyExportRows(late, 'Europe/Moscow')[0]!.date).toBe('30.11.26 21:30');
  });

  it('gives no rows for no orders', () => {
    expect(historyExportRows([], 'Europe/Moscow')).toEqual([]);
  });
});

describe('historyExportTotals', () => {
  it('counts and sums every exported order, and the completed ones apart', () => {
    expect(historyExportTotals(orders)).toEqual({
      all: { count: 4, sum: 5400 },
      completed: { count: 2, sum: 3500 },
    });
  });

  it('is zero for nothing', () => {
    expect(historyExportTotals([])).toEqual({
      all: { count: 0, sum: 0 },
      completed: { count: 0, sum: 0 },
    });
  });

  it('names the two totals rows', () => {
    expect(historyExport.totalAll).toBe('Итого (все заказы)');
    expect(historyExport.totalCompleted).toBe('Итого (завершенные)');
  });
});
