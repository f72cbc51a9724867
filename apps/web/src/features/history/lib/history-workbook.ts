import ExcelJS from 'exceljs';
import {
  historyDetailExport,
  historyDetailRows,
  historyExport,
  historyExportRows,
  historyExportTotals,
  type ExportOrder,
} from '@crm/shared';
import { rubFormat, workbookBytes } from '../../../lib/excel';

/** Called every this many rows, so the page can show how far the file has got. */
const progressStep = 1000;

type Progress = (done: number, total: number) => void;

/**
 * The history workbook. First the sheet of S1 §9, exactly: «История заказов», columns Дата, Автомобиль,
 * Сумма, Статус, one row per order (dates DD.MM.YY HH:mm text on the station's clock), then two totals
 * rows (every order, the completed ones), every column 20 wide, an autofilter over the header and the
 * order rows (not the totals, so filtering never hides them). Then «Подробно» (issue 10): one column per
 * fact with real date cells and numbers, no totals row, so an accountant can pivot it.
 * Pure and synchronous up to the final write: the export worker runs it off the page's thread, the
 * tests run it directly and read the file back. Progress counts the rows of both sheets.
 */
export async function buildHistoryWorkbook(
  orders: readonly ExportOrder[],
  timeZone: string,
  tariffNames: Readonly<Record<string, string>>,
  onProgress?: Progress,
): Promise<ArrayBuffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const total = orders.length * 2;
  addSpecSheet(workbook, orders, timeZone, (done) => onProgress?.(done, total));
  addDetailSheet(workbook, orders, timeZone, tariffNames, (done) =>
    onProgress?.(orders.length + done, total),
  );
  return workbookBytes(workbook);
}

function addSpecSheet(
  workbook: ExcelJS.Workbook,
  orders: readonly ExportOrder[],
  timeZone: string,
  onRows: (done: number) => void,
) {
  const sheet = workbook.addWorksheet(historyExport.sheet, {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = historyExport.columns.map((header) => ({ header, width: historyExport.columnWidth }));
  sheet.getRow(1).font = { bold: true };
  sheet.getColumn(3).numFmt = rubFormat;

  const rows = historyExportRows(orders, timeZone);
  for (let from = 0; from < rows.length; from += progressStep) {
    sheet.addRows(rows.slice(from, from + progressStep).map((r) => [r.date, r.car, r.sum, r.status]));
    onRows(Math.min(from + progressStep, rows.length));
  }

  const totals = historyExportTotals(orders);
  const totalAll = sheet.addRow([historyExport.totalAll, `Заказов: ${totals.all.count}`, totals.all.sum, '']);
  const totalCompleted = sheet.addRow([
    historyExport.totalCompleted,
    `Заказов: ${totals.completed.count}`,
    totals.completed.sum,
    '',
  ]);
  totalAll.font = { bold: true };
  totalCompleted.font = { bold: true };

  sheet.autoFilter = {
    from: { row: 1, column: 1 },
    to: { row: rows.length + 1, column: historyExport.columns.length },
  };
}

/** Columns (1-based) of «Подробно» that hold dates and rubles. */
const detailDateColumns = [2, 14];
const detailRubColumns = [11, 13];

function addDetailSheet(
  workbook: ExcelJS.Workbook,
  orders: readonly ExportOrder[],
  timeZone: string,
  tariffNames: Readonly<Record<string, string>>,
  onRows: (done: number) => void,
) {
  const sheet = workbook.addWorksheet(historyDetailExport.sheet, {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = historyDetailExport.columns.map(({ header, width }) => ({ header, width }));
  sheet.getRow(1).font = { bold: true };
  for (const c of detailDateColumns) sheet.getColumn(c).numFmt = historyDetailExport.dateFormat;
  for (const c of detailRubColumns) sheet.getColumn(c).numFmt = rubFormat;

  const rows = historyDetailRows(orders, timeZone, tariffNames);
  for (let from = 0; from < rows.length; from += progressStep) {
    sheet.addRows(
      rows
        .slice(from, from + progressStep)
        .map((r) => [
          r.number,
          r.date,
          r.box,
          r.source,
          r.client,
          r.phone,
          r.car,
          r.plate,
          r.tariff,
          r.services,
          r.sum,
          r.paymentMethod,
          r.paid,
          r.paidAt,
          r.status,
        ]),
    );
    onRows(Math.min(from + progressStep, rows.length));
  }
  sheet.autoFilter = {
    from: { row: 1, column: 1 },
    to: { row: rows.length + 1, column: historyDetailExport.columns.length },
  };
}
