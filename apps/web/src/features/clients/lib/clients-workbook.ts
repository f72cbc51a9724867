import ExcelJS from 'exceljs';
import { displayPhone, type Driver } from '@crm/shared';
import { workbookBytes } from '../../../lib/excel';
import { clientColumns, decodeCsv, isCsvName, parseCsv, rowsToImport, type Cell } from './clients-sheet';
import type { DriverImportRow } from '@crm/shared';

type Progress = (done: number, total: number) => void;

/**
 * «Клиенты»: one row per client and car (a client without a car gets one row), in the import's columns,
 * plus «Удалён» and «Добавлен». Runs in the clients worker.
 */
export async function buildClientsWorkbook(
  drivers: readonly Driver[],
  onProgress?: Progress,
): Promise<ArrayBuffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('Клиенты');
  sheet.columns = [
    ...clientColumns.map((c) => ({ header: c.header, key: c.field, width: c.field === 'phone' ? 20 : 16 })),
    { header: 'Удалён', key: 'deleted', width: 10 },
    { header: 'Добавлен', key: 'created', width: 14 },
  ];
  sheet.getRow(1).font = { bold: true };
  drivers.forEach((d, i) => {
    const cars = d.cars.length ? d.cars : [null];
    for (const car of cars) {
      sheet.addRow({
        name: d.name,
        surname: d.surname,
        phone: displayPhone(d.phone),
        discount: d.discount,
        car_brand: car?.brand ?? '',
        car_model: car?.model ?? '',
        plate_number: car?.plate_number ?? '',
        deleted: d.deleted ? 'да' : '',
        created: new Date(d.date_created),
      });
    }
    if ((i + 1) % 500 === 0) onProgress?.(i + 1, drivers.length);
  });
  sheet.getColumn('created').numFmt = 'dd.mm.yyyy';
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: clientColumns.length + 2 } };
  onProgress?.(drivers.length, drivers.length);
  return workbookBytes(workbook);
}

/** A cell of exceljs as text or number: formulas by their result, rich text joined, dates as DD.MM.YYYY. */
function cellValue(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'да' : '';
  if (value instanceof Date) return value.toLocaleDateString('ru-RU');
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('result' in value) return cellValue(value.result as ExcelJS.CellValue);
  return String(value as unknown);
}

/** The rows of an .xlsx (first sheet) or .csv file as import rows; progress over the sheet's rows. */
export async function parseClientsFile(
  bytes: ArrayBuffer,
  fileName: string,
  onProgress?: Progress,
): Promise<DriverImportRow[]> {
  if (isCsvName(fileName)) {
    onProgress?.(0, 1);
    const rows = rowsToImport(parseCsv(decodeCsv(bytes)));
    onProgress?.(1, 1);
    return rows;
  }
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const table: Cell[][] = [];
  const total = sheet.rowCount;
  for (let r = 1; r <= total; r++) {
    const row = sheet.getRow(r);
    const cells: Cell[] = [];
    for (let c = 1; c <= Math.max(row.cellCount, 1); c++) cells.push(cellValue(row.getCell(c).value));
    table.push(cells);
    if (r % 500 === 0) onProgress?.(r, total);
  }
  onProgress?.(total, total);
  return rowsToImport(table);
}
