import fc from 'fast-check';
import { carClasses } from '@crm/shared';
import type { IdKind } from './demo-ids';
import { idKindOf } from './id-kinds';
import type { Operation, Schema } from './openapi-operations';

/**
 * A VALID-looking request built from the schema, so that mutations of it get past the first type check
 * and reach the deep validation, the handlers and the database. The document carries no meaning for a
 * bare `string` (zod refinements do not survive the JSON-schema transform), so common field names get a
 * realistic value; ids get real ids of the demo data.
 */
export interface ExampleContext {
  /** The operation's path: a bare `id` is named by it (id-kinds.ts). */
  path: string;
  /** A real id of this kind (the caller's tenant, or another's for the tenancy matrix). */
  idOf: (kind: IdKind) => string | undefined;
  /** `full` fills every optional field; `minimal` only the required ones. */
  variant: 'full' | 'minimal';
  /** Values from the demo data by normalized field name (known-values.ts); they win over the hints. */
  known?: Record<string, unknown>;
}

const day = 24 * 60 * 60 * 1000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Realistic values by normalized field name (lower case, no `_`/`-`). */
const normalized = (name: string) => name.toLowerCase().replace(/[_-]/g, '');

/** Records keyed by car class: `class_to_price`, `class_to_duration`, `duration_minutes`, extras' `price`. */
const carClassKeyed = /^(classto|durationminutes$|price$)/;

function hinted(name: string, known: Record<string, unknown> = {}): unknown {
  const n = normalized(name);
  if (n in known) return known[n];
  const hints: Record<string, unknown> = {
    sdate: isoDate(Date.now() - 7 * day),
    datestart: isoDate(Date.now() - 7 * day),
    edate: isoDate(Date.now()),
    // The dashboard's compared period (analytics): the week before, or a full request fails its range check.
    prevsdate: isoDate(Date.now() - 14 * day),
    prevedate: isoDate(Date.now() - 8 * day),
    dateend: isoDate(Date.now() + day),
    timezone: 'Europe/Moscow',
    platenumber: 'а123вс77',
    email: 'gate@example.ru',
    number: '+79161112233',
    lat: 55.70753,
    lon: 37.58632,
    coordinates: [37.58632, 55.70753],
    worktimebyday: Object.fromEntries(
      weekdays.flatMap((d) => [
        [`start_${d}`, '08:00'],
        [`end_${d}`, '22:00'],
      ]),
    ),
    redirecturi: 'http://localhost:8080/auth/callback',
    // Tariffs: services the product knows, and the history of the additional services.
    mainoption: ['body_wash'],
    extraoption: ['wax'],
    recordkey: 'wax',
    tariffkey: 'addition_service',
    // Station settings (issue 13): min < max with a step that fits, the demo station's own box count,
    // and every day open, so the full update passes and later bookings still find the station working.
    daysofwork: weekdays,
    limitmincost: 0,
    limitmaxcost: 50000,
    stepcost: 50,
    boxes: 4,
    // Legal info (issue 13): the form's rules check control digits, which no random string passes.
    inn: '7707083893',
    // The БИК lookup (issue 38): a Russian bank's 9 digits starting 04, which the stand-in directory knows.
    bik: '044525225',
    // A browser's push subscription (issue 14): a real P-256 key; an endpoint that refuses at once.
    endpoint: 'http://127.0.0.1:9/push/gate',
    p256dh: 'BMlO85aNe1sqkl3BBRIor-1yAvYlOkcJuu9MgLfWyOZX95oSzy3Tb8XevHHdAFeG2DasmQDcEHmaalVBycsDLqw',
    auth: '9a0_4lzqkHCbEHjz5xqwVg',
    legalinfo: {
      type: 'LEGAL',
      inn: '7707083893',
      ogrn: '1027700132195',
      ogrnip: '',
      okpo: '00032537',
      kpp: '773601001',
      fias: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5',
      nameOrg: 'ПАО СБЕРБАНК',
      fullNameOrg: 'ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО «СБЕРБАНК РОССИИ»',
      addressOrg: '117312, г Москва, ул Вавилова, д 19',
      commentToAddress: '',
      name: '',
      surname: '',
      lastname: '',
      certificateNumber: '',
      certificateDate: '',
      bankAccount: {
        bik: '044525225',
        bank: 'ПАО Сбербанк',
        addressBank: '117312, г Москва, ул Вавилова, д 19',
        account: '40702810938000000001',
        corrAccount: '30101810400000000225',
      },
    },
  };
  if (n in hints) return hints[n];
  if (n.includes('phone')) return '+79161112233';
  if (/(date|timestamp)$/.test(n)) return new Date().toISOString();
  return undefined;
}

function fitString(s: string, schema: Schema): string {
  let out = s;
  while (out.length < (schema.minLength ?? 0)) out += s || 'x';
  return schema.maxLength !== undefined ? out.slice(0, schema.maxLength) : out;
}

function exampleString(schema: Schema, name: string): string {
  if (schema.format === 'uri') return 'http://localhost:8080/auth/callback';
  if (schema.format === 'uuid') return '5b0a3d1e-7c2f-4e8a-9b1d-2f3c4d5e6f70';
  if (schema.pattern) {
    // fast-check writes a string the pattern accepts; a fixed seed keeps the request reproducible.
    const [sample] = fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { seed: 9, numRuns: 1 });
    if (sample !== undefined) return sample;
  }
  return fitString(name.toLowerCase().includes('search') || name === 'query' ? 'Иванов' : 'Москва', schema);
}

function exampleNumber(schema: Schema): number {
  const min = schema.minimum ?? -Infinity;
  const max = schema.maximum ?? Infinity;
  const want = 1;
  return Math.min(Math.max(want, min), max);
}

/** A hint is used only where the schema takes that kind of value (`number` is a phone, not a count). */
function fits(value: unknown, schema: Schema): boolean {
  switch (schema.type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
    case 'number':
      return typeof value === 'number';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      return true;
  }
}

export function exampleOf(schema: Schema, name: string, ctx: ExampleContext): unknown {
  const kind = idKindOf(name, ctx.path);
  if (kind && (schema.type === 'string' || schema.anyOf)) {
    const id = ctx.idOf(kind);
    if (id !== undefined) return id;
  }
  if (schema.enum?.length) return schema.enum[0];
  // The rows of a slot request (`POST /api/time-slots`) are slots: their bare `id` is a slot id.
  const hint = hinted(normalized(name) === 'id' && ctx.path.includes('slot') ? 'slotid' : name, ctx.known);
  if (hint !== undefined && fits(hint, schema)) return hint;
  if (schema.anyOf?.length) return exampleOf(schema.anyOf[0]!, name, ctx);
  if (schema.oneOf?.length) return exampleOf(schema.oneOf[0]!, name, ctx);
  switch (schema.type) {
    case 'string':
      return exampleString(schema, name);
    case 'integer':
    case 'number':
      return exampleNumber(schema);
    case 'boolean':
      // true: `enable: false` would switch the demo station off and every later booking would stop early.
      return true;
    case 'array': {
      const count = Math.min(
        Math.max(schema.minItems ?? 0, ctx.variant === 'full' ? 1 : 0),
        schema.maxItems ?? 1,
      );
      return Array.from({ length: count }, () => exampleOf(schema.items ?? {}, name, ctx));
    }
    case 'object':
      return exampleObject(schema, name, ctx);
    default:
      // An unconstrained value (`request_data: unknown`).
      return { note: 'gate' };
  }
}

function exampleObject(schema: Schema, name: string, ctx: ExampleContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const required = new Set(schema.required ?? []);
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    if (ctx.variant === 'minimal' && !required.has(key)) continue;
    out[key] = exampleOf(prop, key, ctx);
  }
  const extra = schema.additionalProperties;
  if (!schema.properties && extra && typeof extra === 'object' && ctx.variant === 'full') {
    // The document loses a record's key enum (OpenAPI 3.0 has no propertyNames), so the field name tells:
    // prices and durations per car class get every class — the rules want each class priced; any other
    // record gets the name of a service the demo station sells (prices per service).
    const keys = carClassKeyed.test(normalized(name))
      ? [...carClasses]
      : [String(hinted('recordkey', ctx.known) ?? 'key')];
    for (const key of keys) out[key] = exampleOf(extra, key, ctx);
  }
  return out;
}

/** The parts of one request, before it is encoded. */
export interface RequestParts {
  path: Record<string, string>;
  query: Record<string, unknown>;
  /** undefined: no body at all. */
  body: unknown;
}

export function exampleRequest(op: Operation, ctx: ExampleContext): RequestParts {
  const path: Record<string, string> = {};
  const query: Record<string, unknown> = {};
  for (const p of op.parameters) {
    if (p.in === 'path') path[p.name] = String(exampleOf(p.schema, p.name, ctx));
    if (p.in === 'query' && (p.required || ctx.variant === 'full'))
      query[p.name] = exampleOf(p.schema, p.name, ctx);
  }
  return { path, query, body: op.body ? exampleOf(op.body, '', ctx) : undefined };
}
