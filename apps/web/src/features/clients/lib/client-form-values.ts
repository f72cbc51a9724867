import {
  displayPhone,
  driverCreateSchema,
  driverUpdateSchema,
  type Driver,
  type DriverCreate,
  type DriverUpdate,
} from '@crm/shared';

export interface ClientCarValues {
  brand?: string;
  model?: string;
  plate_number?: string;
}

/** The client form's fields; the phone as typed through the mask. */
export interface ClientFormValues {
  name: string;
  surname: string;
  phone: string;
  discount: number | null;
  cars: ClientCarValues[];
}

export function clientFormValues(driver: Driver | null): ClientFormValues {
  if (!driver) return { name: '', surname: '', phone: '', discount: 0, cars: [] };
  return {
    name: driver.name,
    surname: driver.surname,
    phone: displayPhone(driver.phone),
    discount: driver.discount,
    cars: driver.cars.map((c) => ({ brand: c.brand, model: c.model, plate_number: c.plate_number ?? '' })),
  };
}

/** What the form holds, comparable: submit stays disabled until this differs from the start (S2 §5). */
export function formSnapshot(values: Partial<ClientFormValues>): string {
  return JSON.stringify({
    name: (values.name ?? '').trim(),
    surname: (values.surname ?? '').trim(),
    phone: (values.phone ?? '').replace(/\D/g, ''),
    discount: values.discount ?? 0,
    cars: (values.cars ?? []).map((c) => [
      (c?.brand ?? '').trim(),
      (c?.model ?? '').trim(),
      (c?.plate_number ?? '').trim().toUpperCase(),
    ]),
  });
}

function bodyOf(values: ClientFormValues) {
  return {
    name: values.name,
    surname: values.surname ?? '',
    phone: values.phone,
    discount: values.discount ?? 0,
    cars: (values.cars ?? []).map((c) => ({
      brand: c?.brand ?? '',
      model: c?.model ?? '',
      ...(c?.plate_number?.trim() ? { plate_number: c.plate_number } : {}),
    })),
  };
}

type Checked<T> = { ok: true; body: T } | { ok: false; fields: Record<string, string> };

function issuesToFields(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join('.')] ??= issue.message;
  return fields;
}

/** The create body checked with the same schema the server validates with (DESIGN §3). */
export function createBody(values: ClientFormValues, networkId: string): Checked<DriverCreate> {
  const raw = { network_id: networkId, ...bodyOf(values) };
  const parsed = driverCreateSchema.safeParse(raw);
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, fields: issuesToFields(parsed.error.issues) };
}

export function updateBody(values: ClientFormValues): Checked<DriverUpdate> {
  const parsed = driverUpdateSchema.safeParse(bodyOf(values));
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, fields: issuesToFields(parsed.error.issues) };
}

/** `cars.0.plate_number` → ['cars', 0, 'plate_number'] for antd's setFields. */
export function fieldPath(key: string): (string | number)[] {
  return key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}
