import { describe, expect, it } from 'vitest';
import {
  carTitle,
  exportMessages,
  formatHistoryDate,
  historyDetailExport,
  historyDetailRows,
  historyExport,
  historyExportFileName,
  historyExportRows,
  historyExportTotals,
  type ExportOrder,
  type SpecExportOrder,
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

const orders: SpecExportOrder[] = [
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

describe('«Подробно» rows (issue 10: a sheet an accountant can pivot)', () => {
  const base: ExportOrder = {
    number: 10042,
    booking_start: '2026-05-31T20:30:00.000Z',
    status: 'Completed',
    source: 'Own',
    box_number: 3,
    sum: 2500,
    sum_completed: 2500,
    payment_method: 'paid_sbp',
    paid_at: '2026-05-31T21:05:00.000Z',
    driver: { name: 'Иван', surname: 'Петров', phone: '+79161234567' },
    phones: [],
    basket: { tariff_id: 't1', additional_service_amounts: { wax: 300, mats: 150 } },
    client_car: { brand: 'Kia', model: 'Rio', plate_number: 'А123ВС54' },
  };

  it('has the columns in order, under its own name', () => {
    expect(historyDetailExport.sheet).toBe('Подробно');
    expect(historyDetailExport.columns.map((c) => c.header)).toEqual([
      '№',
      'Дата',
      'Бокс',
      'Источник',
      'Клиент',
      'Телефон',
      'Автомобиль',
      'Госномер',
      'Тариф',
      'Услуги',
      'Сумма',
      'Способ оплаты',
      'Оплачено',
      'Оплачено (дата)',
      'Статус',
    ]);
  });

  it('writes dates as the station’s wall clock and names what ids stand for', () => {
    // Novosibirsk is UTC+7: 20:30 UTC on 31 May is 03:30 on 1 June there.
    const [row] = historyDetailRows([base], 'Asia/Novosibirsk', { t1: 'Комплекс' });
    expect(row).toEqual({
      number: 10042,
      date: new Date(Date.UTC(2026, 5, 1, 3, 30)),
      box: 3,
      source: 'Станция',
      client: 'Иван Петров',
      phone: '+79161234567',
      car: 'Kia Rio',
      plate: 'А123ВС54',
      tariff: 'Комплекс',
      services: 'Горячий воск, Мойка ковриков',
      sum: 2500,
      paymentMethod: 'Оплачено по СБП',
      paid: 2500,
      paidAt: new Date(Date.UTC(2026, 5, 1, 4, 5)),
      status: 'Завершен',
    });
  });

  it('leaves unknown and missing facts empty: a partner’s client, an unpaid order, a deleted tariff', () => {
    const [row] = historyDetailRows(
      [
        {
          ...base,
          source: 'Yandex',
          driver: null,
          phones: [{ redirection_phone: '+74950000000', ext: '123' }],
          payment_method: 'not_paid',
          sum_completed: 0,
          paid_at: null,
          basket: { tariff_id: 'gone', additional_service_amounts: {} },
        },
      ],
      'Europe/Moscow',
      {},
    );
    expect(row).toMatchObject({
      source: 'Яндекс',
      client: '',
      phone: '+74950000000 доб. 123',
      tariff: '',
      services: '',
      paymentMethod: 'Не оплачено',
      paid: 0,
      paidAt: null,
    });
  });

  it('names the tariff as the order kept it, before the current list (issue 38)', () => {
    const kept = { ...base, basket: { ...base.basket, tariff_name: 'Комплекс (старый)' } };
    const rows = historyDetailRows([kept, base], 'Europe/Moscow', { t1: 'Комплекс плюс' });
    expect(rows.map((r) => r.tariff)).toEqual(['Комплекс (старый)', 'Комплекс плюс']);
  });
});
