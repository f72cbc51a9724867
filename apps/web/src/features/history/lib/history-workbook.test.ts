import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { ExportOrder, OrderStatus } from '@crm/shared';
import { buildHistoryWorkbook } from './history-workbook';
import { toExportOrder } from './export-protocol';

let seq = 10000;
const order = (
  booking_start: string,
  status: OrderStatus,
  sum: number,
  car: Partial<ExportOrder['client_car']> = {},
): ExportOrder => ({
  number: ++seq,
  booking_start,
  status,
  source: 'Own',
  box_number: 2,
  sum,
  sum_completed: status === 'Completed' ? sum : 0,
  payment_method: status === 'Completed' ? 'paid_cash' : 'not_paid',
  paid_at: status === 'Completed' ? booking_start : null,
  driver: null,
  phones: [],
  basket: { tariff_id: 't1', additional_service_amounts: {} },
  client_car: { brand: 'Kia', model: 'Rio', plate_number: 'А123ВС54', ...car },
});
const names = { t1: 'Комплекс' };
const build = (list: readonly ExportOrder[], zone: string, onProgress?: (d: number, t: number) => void) =>
  buildHistoryWorkbook(list, zone, names, onProgress);

async function readBack(file: ArrayBuffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file);
  return workbook;
}

const values = (sheet: ExcelJS.Worksheet, row: number) => (sheet.getRow(row).values as unknown[]).slice(1);

describe('history workbook (S1 §9)', () => {
  // Novosibirsk is UTC+7: 20:30 UTC on 31 May is 03:30 on 1 June there.
  const orders = [
    order('2026-05-31T20:30:00.000Z', 'Completed', 2500),
    order('2026-05-31T08:00:00.000Z', 'StationCanceled', 1200, {
      brand: 'Lada',
      model: '',
      plate_number: '',
    }),
    order('2026-05-30T03:00:00.000Z', 'Completed', 1500, { brand: 'Hyundai', model: 'Solaris' }),
    order('2026-05-29T03:00:00.000Z', 'Booked', 900),
  ];

  it('writes the spec’s sheet «История заказов» first: header, a row per order on the station clock, two totals rows', async () => {
    const workbook = await readBack(await build(orders, 'Asia/Novosibirsk'));
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['История заказов', 'Подробно']);
    const sheet = workbook.getWorksheet('История заказов')!;

    expect(values(sheet, 1)).toEqual(['Дата', 'Автомобиль', 'Сумма', 'Статус']);
    expect(values(sheet, 2)).toEqual(['01.06.26 03:30', 'Kia Rio А123ВС54', 2500, 'Завершен']);
    // Empty parts of the car are skipped, not left as double spaces.
    expect(values(sheet, 3)).toEqual(['31.05.26 15:00', 'Lada', 1200, 'Отменен станцией']);
    expect(values(sheet, 4)).toEqual(['30.05.26 10:00', 'Hyundai Solaris А123ВС54', 1500, 'Завершен']);
    expect(values(sheet, 5)).toEqual(['29.05.26 10:00', 'Kia Rio А123ВС54', 900, 'Забронирован']);
    // Totals: every exported order (cancelled included), then the completed ones.
    expect(values(sheet, 6)).toEqual(['Итого (все заказы)', 'Заказов: 4', 6100, '']);
    expect(values(sheet, 7)).toEqual(['Итого (завершенные)', 'Заказов: 2', 4000, '']);
    expect(sheet.rowCount).toBe(7);
  });

  it('sets every column 20 wide, sums as numbers in rubles, and filters the header and order rows only', async () => {
    const sheet = (await readBack(await build(orders, 'Asia/Novosibirsk'))).getWorksheet('История заказов')!;
    expect([1, 2, 3, 4].map((c) => sheet.getColumn(c).width)).toEqual([20, 20, 20, 20]);
    expect(typeof sheet.getCell('C2').value).toBe('number');
    expect(sheet.getCell('C2').numFmt).toContain('₽');
    // The totals rows (6 and 7) stay outside the filter, so filtering never hides them.
    expect(sheet.autoFilter).toBe('A1:D5');
    expect(sheet.getRow(1).font?.bold).toBe(true);
  });

  it('reports progress as rows are written, and ends at every row', async () => {
    const many = Array.from({ length: 2500 }, (_, i) =>
      order(new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(), 'Completed', 100),
    );
    const steps: [number, number][] = [];
    const sheet = (
      await readBack(await build(many, 'Europe/Moscow', (done, total) => steps.push([done, total])))
    ).getWorksheet('История заказов')!;
    // Both sheets' rows: the spec's sheet, then «Подробно».
    expect(steps).toEqual([
      [1000, 5000],
      [2000, 5000],
      [2500, 5000],
      [3500, 5000],
      [4500, 5000],
      [5000, 5000],
    ]);
    expect(sheet.rowCount).toBe(2503);
    expect(values(sheet, 2502)).toEqual(['Итого (все заказы)', 'Заказов: 2500', 250_000, '']);
    expect(sheet.autoFilter).toBe('A1:D2501');
  });

  it('still writes the header and zero totals for no orders', async () => {
    const sheet = (await readBack(await build([], 'Europe/Moscow'))).getWorksheet('История заказов')!;
    expect(values(sheet, 1)).toEqual(['Дата', 'Автомобиль', 'Сумма', 'Статус']);
    expect(values(sheet, 2)).toEqual(['Итого (все заказы)', 'Заказов: 0', 0, '']);
    expect(sheet.autoFilter).toBe('A1:D1');
  });

  it('keeps of a full order only the fields the two sheets need', () => {
    const full = {
      ...order('2026-05-29T03:00:00.000Z', 'Booked', 900),
      id: 'o1',
      comment: 'у входа',
      phones: [{ redirection_phone: '+79990000000', ext: '12' }],
      driver: { name: 'Иван', surname: 'Петров', phone: '+79161234567', id: 'd1' },
      basket: { tariff_id: 't1', additional_service_amounts: { wax: 300 }, slot_id: 'x', total_amount: 900 },
      client_car: { brand: 'Kia', model: 'Rio', plate_number: 'А1', body_color: 'red' },
    };
    expect(toExportOrder(full)).toEqual({
      number: full.number,
      booking_start: '2026-05-29T03:00:00.000Z',
      status: 'Booked',
      source: 'Own',
      box_number: 2,
      sum: 900,
      sum_completed: 0,
      payment_method: 'not_paid',
      paid_at: null,
      driver: { name: 'Иван', surname: 'Петров', phone: '+79161234567' },
      phones: [{ redirection_phone: '+79990000000', ext: '12' }],
      basket: { tariff_id: 't1', additional_service_amounts: { wax: 300 } },
      client_car: { brand: 'Kia', model: 'Rio', plate_number: 'А1' },
    });
  });

  it('writes «Подробно» with real date cells, numbers and names an accountant can pivot', async () => {
    const paid: ExportOrder = {
      ...order('2026-05-31T20:30:00.000Z', 'Completed', 2500),
      number: 10501,
      source: 'Own',
      payment_method: 'paid_sbp',
      paid_at: '2026-05-31T21:10:00.000Z',
      driver: { name: 'Иван', surname: 'Петров', phone: '+79161234567' },
      basket: { tariff_id: 't1', additional_service_amounts: { wax: 300 } },
    };
    const open = { ...order('2026-05-29T03:00:00.000Z', 'Booked', 900), number: 10502 };
    const sheet = (await readBack(await build([paid, open], 'Asia/Novosibirsk'))).getWorksheet('Подробно')!;
    expect(values(sheet, 1)).toEqual([
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
    // Dates are Date cells on the station's clock (03:30 on 1 June in Novosibirsk), shown as dates.
    expect(values(sheet, 2)).toEqual([
      10501,
      new Date(Date.UTC(2026, 5, 1, 3, 30)),
      2,
      'Станция',
      'Иван Петров',
      '+79161234567',
      'Kia Rio',
      'А123ВС54',
      'Комплекс',
      'Горячий воск',
      2500,
      'Оплачено по СБП',
      2500,
      new Date(Date.UTC(2026, 5, 1, 4, 10)),
      'Завершен',
    ]);
    expect(sheet.getCell('B2').numFmt).toBe('dd.mm.yyyy hh:mm');
    expect(sheet.getCell('N2').numFmt).toBe('dd.mm.yyyy hh:mm');
    expect(sheet.getCell('K2').numFmt).toContain('₽');
    // Not paid: no amount date, nothing paid; no totals row, so a pivot counts orders only.
    expect(sheet.getCell('N3').value).toBeNull();
    expect(sheet.getCell('M3').value).toBe(0);
    expect(sheet.rowCount).toBe(3);
    expect(sheet.autoFilter).toBe('A1:O3');
  });
});
