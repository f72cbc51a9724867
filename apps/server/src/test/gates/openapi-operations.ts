/**
 * The operations of the served OpenAPI document: the gates read only this, so a route added tomorrow is
 * fuzzed and tenancy-checked without a line of test code.
 */

/** The subset of OpenAPI 3.0 schema keywords the zod → JSON-schema transform emits. */
export interface Schema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  nullable?: boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Schema;
}

export interface Operation {
  method: string;
  /** The OpenAPI path, `{name}` for parameters: how operations are named in reports and allow-lists. */
  path: string;
  parameters: Parameter[];
  /** The JSON body schema, when the operation takes a body. */
  body: Schema | null;
  bodyRequired: boolean;
  /** `x-positions`: the network positions the route admits (the rights convention, see tenancy.test.ts). */
  positions: string[] | null;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}

const httpMethods = new Set(['get', 'post', 'put', 'patch', 'delete']);

export function operationsOf(document: unknown): Operation[] {
  const doc = document as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      if (!httpMethods.has(method)) continue;
      const requestBody = raw.requestBody as
        { required?: boolean; content?: Record<string, { schema?: Schema }> } | undefined;
      const positions = raw['x-positions'];
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: ((raw.parameters ?? []) as Parameter[]).map((p) => ({ ...p, required: !!p.required })),
        body: requestBody?.content?.['application/json']?.schema ?? null,
        bodyRequired: !!requestBody?.required,
        positions: Array.isArray(positions) ? (positions as string[]) : null,
      });
    }
  }
  return operations;
}

export const operationName = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`;
