import ExcelJS from 'exceljs';
import { historyExport, historyExportRows, historyExportTotals, type ExportOrder } from '@crm/shared';
import { rubFormat, workbookBytes } from '../../../lib/excel';

/** Called every this many rows, so the page can show how far the file has got. */
const progressStep = 1000;

/**
 * The history workbook of S1 §9: sheet «История заказов», columns Дата, Автомобиль, Сумма, Статус, one row
 * per order (dates DD.MM.YY HH:mm on the station's clock), then two totals rows (every order, the
 * completed ones), every column 20 wide, an autofilter over the header and the order rows (not the
 * totals, so filtering never hides them). Pure and synchronous up to the final write: the export worker
 * runs it off the page's thread, the tests run it directly and read the file back.
 */
export async function buildHistoryWorkbook(
  orders: readonly ExportOrder[],
  timeZone: string,
  onProgress?: (done: number, total: number) => void,
): Promise<ArrayBuffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(historyExport.sheet, {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = historyExport.columns.map((header) => ({ header, width: historyExport.columnWidth }));
  sheet.getRow(1).font = { bold: true };
  sheet.getColumn(3).numFmt = rubFormat;

  const rows = historyExportRows(orders, timeZone);
  for (let from = 0; from < rows.length; from += progressStep) {
    sheet.addRows(rows.slice(from, from + progressStep).map((r) => [r.date, r.car, r.sum, r.status]));
    onProgress?.(Math.min(from + progressStep, rows.length), rows.length);
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

  return workbookBytes(workbook);
}
