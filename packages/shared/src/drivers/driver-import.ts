import { z } from 'zod';
import { isValidPlate, normalizePlate } from '../orders/order-rules';
import { orderMessages } from '../orders/order-status';
import { clientMessages } from './drivers-messages';
import { normalizePhone } from './phone';

/** Rows per import call: 10 000 clients take a few seconds; more should be split by the client. */
export const driverImportMaxRows = 20_000;

/** A cell as a spreadsheet gives it: text, a number (phones and discounts often are), or empty. */
const cell = z
  .union([z.string().max(200), z.number()])
  .nullable()
  .optional();

export const driverImportRowSchema = z.object({
  name: cell,
  surname: cell,
  phone: cell,
  discount: cell,
  car_brand: cell,
  car_model: cell,
  plate_number: cell,
});
export type DriverImportRow = z.input<typeof driverImportRowSchema>;

/**
 * `POST /api/drivers/import/{networkId}`. Each row is judged on its own (a bad row is skipped with a
 * reason, never a 400 for the file); `dry_run` only reports, otherwise every valid row is created in one
 * transaction.
 */
export const driverImportRequestSchema = z.object({
  rows: z
    .array(driverImportRowSchema)
    .min(1, clientMessages.importEmpty)
    .max(driverImportMaxRows, clientMessages.importTooManyRows),
  dry_run: z.boolean().optional().default(false),
});
export type DriverImportRequest = z.input<typeof driverImportRequestSchema>;

/**
 * `create`: a new client; `car`: another car of the client on an earlier row of the file (same phone and
 * name — the export writes one row per car, issue 38); `skip`: left out, with the reason.
 */
export const driverImportStatuses = ['create', 'car', 'skip'] as const;
export const driverImportResultSchema = z.object({
  /** 1-based position of the row in `rows`. */
  row: z.number().int(),
  status: z.enum(driverImportStatuses),
  /** Why the row is skipped (Russian, for the operator); null for a row to create or a car to add. */
  reason: z.string().nullable(),
});
export type DriverImportResult = z.infer<typeof driverImportResultSchema>;

export const driverImportResponseSchema = z.object({
  results: z.array(driverImportResultSchema),
  /** Rows created (0 on a dry run). */
  created: z.number().int(),
  /** Rows that would be / were created, and rows skipped. */
  to_create: z.number().int(),
  skipped: z.number().int(),
  dry_run: z.boolean(),
});
export type DriverImportResponse = z.infer<typeof driverImportResponseSchema>;

export interface ImportedDriver {
  name: string;
  surname: string;
  phone: string;
  discount: number;
  cars: { brand: string; model: string; plate_number?: string }[];
}

const text = (v: string | number | null | undefined) =>
  v === null || v === undefined ? '' : String(v).trim();

/**
 * One import row checked with the client form's rules (S2 §5). Duplicates (in the file, in the network)
 * are the caller's to find, since they need the other rows and the database.
 */
export function validateImportRow(row: DriverImportRow): { ok: ImportedDriver } | { reason: string } {
  const name = text(row.name);
  if (!name) return { reason: clientMessages.nameRequired };
  const surname = text(row.surname);
  if (name.length > 100 || surname.length > 100) return { reason: clientMessages.nameTooLong };
  const phone = normalizePhone(text(row.phone));
  if (!phone) return { reason: clientMessages.phoneInvalid };
  const rawDiscount = text(row.discount).replace(/\s*%$/, '').replace(',', '.');
  const discount = rawDiscount === '' ? 0 : Number(rawDiscount);
  if (!Number.isInteger(discount) || discount < 0 || discount > 100)
    return { reason: clientMessages.discountInvalid };
  const brand = text(row.car_brand);
  const model = text(row.car_model);
  const rawPlate = text(row.plate_number);
  const cars: ImportedDriver['cars'] = [];
  if (brand || model || rawPlate) {
    if (!brand) return { reason: clientMessages.carBrandRequired };
    if (!model) return { reason: clientMessages.carModelRequired };
    if (brand.length > 60 || model.length > 60) return { reason: clientMessages.nameTooLong };
    const plate = rawPlate ? normalizePlate(rawPlate) : '';
    if (rawPlate && !isValidPlate(plate)) return { reason: orderMessages.plateFormat };
    cars.push({ brand, model, ...(plate ? { plate_number: plate } : {}) });
  }
  return { ok: { name, surname, phone, discount, cars } };
}

/** A client of the import: the file rows (0-based) that made it — its own first, then its other cars. */
export interface ImportedClient {
  rows: number[];
  driver: ImportedDriver;
}

const sameName = (a: ImportedDriver, b: ImportedDriver) =>
  a.name.toLocaleLowerCase('ru') === b.name.toLocaleLowerCase('ru') &&
  a.surname.toLocaleLowerCase('ru') === b.surname.toLocaleLowerCase('ru');

const sameCar = (a: ImportedDriver['cars'][number], b: ImportedDriver['cars'][number]) =>
  a.brand.toLocaleLowerCase('ru') === b.brand.toLocaleLowerCase('ru') &&
  a.model.toLocaleLowerCase('ru') === b.model.toLocaleLowerCase('ru') &&
  (a.plate_number ?? '') === (b.plate_number ?? '');

/**
 * The file's rows as clients: each row checked (`validateImportRow`); a later row with the phone and name
 * of an earlier one is that client's next car (status `car`), as the export writes a client with two cars
 * on two rows; a later row with the phone of another name, or repeating a car, is a duplicate to skip.
 * The network's clients are the caller's to check.
 */
export function groupImportRows(rows: readonly DriverImportRow[]): {
  results: DriverImportResult[];
  clients: ImportedClient[];
} {
  const results: DriverImportResult[] = [];
  const clients: ImportedClient[] = [];
  const byPhone = new Map<string, ImportedClient>();
  rows.forEach((row, index) => {
    const checked = validateImportRow(row);
    if ('reason' in checked) {
      results.push({ row: index + 1, status: 'skip', reason: checked.reason });
      return;
    }
    const earlier = byPhone.get(checked.ok.phone);
    if (!earlier) {
      const client = { rows: [index], driver: checked.ok };
      byPhone.set(checked.ok.phone, client);
      clients.push(client);
      results.push({ row: index + 1, status: 'create', reason: null });
      return;
    }
    const cars = checked.ok.cars.filter((car) => !earlier.driver.cars.some((had) => sameCar(had, car)));
    if (!sameName(earlier.driver, checked.ok) || cars.length === 0) {
      results.push({ row: index + 1, status: 'skip', reason: clientMessages.importDuplicateInFile });
      return;
    }
    earlier.driver.cars.push(...cars);
    earlier.rows.push(index);
    results.push({ row: index + 1, status: 'car', reason: null });
  });
  return { results, clients };
}
