import type { DriverImportRow } from '@crm/shared';

// The file shape of clients, shared by export and import so an exported file imports back as it is.
// No exceljs here: this module is read by the page too; exceljs stays in the worker's chunk.

export type ImportField = keyof DriverImportRow;

/** Columns of the export, in order, and the header each import field is recognised by. */
export const clientColumns: { field: ImportField; header: string; aliases: string[] }[] = [
  { field: 'name', header: 'Имя', aliases: ['имя', 'name', 'first name', 'firstname'] },
  { field: 'surname', header: 'Фамилия', aliases: ['фамилия', 'surname', 'last name', 'lastname'] },
  { field: 'phone', header: 'Телефон', aliases: ['телефон', 'phone', 'тел', 'номер телефона', 'мобильный'] },
  { field: 'discount', header: 'Скидка, %', aliases: ['скидка', 'скидка, %', 'скидка %', 'discount'] },
  { field: 'car_brand', header: 'Марка', aliases: ['марка', 'brand', 'car_brand', 'марка авто'] },
  { field: 'car_model', header: 'Модель', aliases: ['модель', 'model', 'car_model', 'модель авто'] },
  {
    field: 'plate_number',
    header: 'Госномер',
    aliases: ['госномер', 'гос. номер', 'гос номер', 'номер авто', 'plate', 'plate_number'],
  },
];

/** A header cell read loosely: case, spaces, «ё». */
const foldHeader = (text: string) => text.trim().toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ');

/** «Автомобиль» / «car» holding «Kia Rio»: split into brand and model when there are no such columns. */
const carAliases = ['автомобиль', 'авто', 'машина', 'car'];

export type Cell = string | number | null;

/**
 * Rows of cells (the first row is the header) into import rows. Known headers pick their columns; a file
 * without a recognised header is read by position in the export's order. Blank rows are dropped.
 */
export function rowsToImport(table: Cell[][]): DriverImportRow[] {
  if (table.length === 0) return [];
  const header = table[0]!.map((c) => foldHeader(String(c ?? '')));
  const index = new Map<ImportField, number>();
  let carColumn = -1;
  header.forEach((h, i) => {
    const column = clientColumns.find((c) => c.aliases.includes(h) || foldHeader(c.header) === h);
    if (column && !index.has(column.field)) index.set(column.field, i);
    else if (carAliases.includes(h) && carColumn < 0) carColumn = i;
  });
  const hasHeader = index.size > 0 || carColumn >= 0;
  if (!hasHeader) clientColumns.forEach((c, i) => index.set(c.field, i));
  const body = hasHeader ? table.slice(1) : table;
  const rows: DriverImportRow[] = [];
  for (const cells of body) {
    if (cells.every((c) => c === null || String(c).trim() === '')) continue;
    const row: DriverImportRow = {};
    for (const { field } of clientColumns) {
      const i = index.get(field);
      const value = i === undefined ? null : (cells[i] ?? null);
      row[field] = typeof value === 'string' ? value.trim() : value;
    }
    if (carColumn >= 0 && !row.car_brand && !row.car_model) {
      const car = String(cells[carColumn] ?? '').trim();
      const space = car.indexOf(' ');
      if (car) {
        row.car_brand = space > 0 ? car.slice(0, space) : car;
        row.car_model = space > 0 ? car.slice(space + 1).trim() : null;
      }
    }
    rows.push(row);
  }
  return rows;
}

/**
 * CSV text (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes) into rows of cells. The
 * separator is the one of `;`, `,` or tab found most in the first line: Russian Excel saves with `;`.
 */
export function parseCsv(text: string): Cell[][] {
  const source = text.replace(/^\uFEFF/, '');
  const firstLine = source.slice(0, source.search(/\r?\n|$/));
  const separator = [';', ',', '\t'].reduce((best, s) =>
    firstLine.split(s).length > firstLine.split(best).length ? s : best,
  );
  const rows: Cell[][] = [];
  let row: Cell[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === separator) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.map((cells) => cells.map((c) => (c === '' ? null : c)));
}

/** The bytes of a CSV as text: UTF-8 (with or without BOM), else Windows-1251 (older Russian Excel). */
export function decodeCsv(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1251').decode(bytes);
  }
}

export function isCsvName(fileName: string): boolean {
  return /\.(csv|txt)$/i.test(fileName);
}

export function clientsExportFileName(today: Date = new Date()): string {
  const d = String(today.getDate()).padStart(2, '0');
  const m = String(today.getMonth() + 1).padStart(2, '0');
  return `Клиенты ${d}.${m}.${today.getFullYear()}.xlsx`;
}
