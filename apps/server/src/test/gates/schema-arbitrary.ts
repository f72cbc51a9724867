import fc from 'fast-check';
import type { RequestParts } from './example-value';
import type { Operation, Schema } from './openapi-operations';

/**
 * fast-check arbitraries derived from the operation's JSON schema: values the schema ACCEPTS, bounds
 * included (the longest string, the largest integer, an empty list). They pass validation and probe the
 * handlers and the database, where a 5xx hides behind a check the schema does not make (an int4 column
 * behind a "safe integer", a date the code cannot place).
 */
export function arbitraryOf(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const value = valueArbitrary(schema, depth);
  return schema.nullable ? fc.oneof(value, fc.constant(null)) : value;
}

function valueArbitrary(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return fc.oneof(...options.map((o) => arbitraryOf(o, depth)));
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer': {
      const min = Math.max(schema.minimum ?? Number.MIN_SAFE_INTEGER, Number.MIN_SAFE_INTEGER);
      const max = Math.min(schema.maximum ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
      if (!(min <= max)) throw new Error(`integer schema with no value: ${JSON.stringify(schema)}`);
      return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
    }
    case 'number': {
      const min = schema.minimum ?? -1e308;
      const max = schema.maximum ?? 1e308;
      return fc.oneof(
        fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(min, max),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const maxLength = Math.min(schema.maxItems ?? 3, 3);
      const minLength = Math.min(schema.minItems ?? 0, maxLength);
      return fc.array(arbitraryOf(schema.items ?? {}, depth + 1), { minLength, maxLength });
    }
    case 'object':
      return objectArbitrary(schema, depth);
    default:
      return depth > 2 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 200;
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.pattern) {
    // At the default size a pattern's strings seldom reach a long minLength (push keys: 80 characters)
    // and the filter would spin for ever; a larger size gets there at once.
    return fc
      .stringMatching(new RegExp(schema.pattern), minLength > 10 ? { size: 'large' } : {})
      .filter((s) => s.length >= minLength && s.length <= maxLength);
  }
  const longest = fc.constant('я'.repeat(maxLength));
  const shortMax = Math.max(minLength, Math.min(maxLength, 40));
  return fc.oneof(
    fc.string({ minLength, maxLength: shortMax, unit: 'grapheme' }),
    fc.string({ minLength, maxLength: shortMax, unit: 'binary-ascii' }),
    longest,
  );
}

function objectArbitrary(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if (schema.properties) {
    const model = Object.fromEntries(
      Object.entries(schema.properties).map(([k, s]) => [k, arbitraryOf(s, depth + 1)]),
    );
    return fc.record(model, { requiredKeys: schema.required ?? [] });
  }
  const extra = schema.additionalProperties;
  if (extra && typeof extra === 'object') {
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), arbitraryOf(extra, depth + 1), {
      maxKeys: 3,
    });
  }
  return fc.constant({});
}

/**
 * Valid requests around the base: each field keeps the base's (realistic, real-id) value or takes any
 * value its schema accepts, so the handler sees combinations no one wrote down.
 */
export function validVariants(
  op: Operation,
  base: RequestParts,
  seed: number,
  count: number,
): RequestParts[] {
  if (count === 0) return [];
  const around = (value: unknown, schema: Schema | undefined): fc.Arbitrary<unknown> => {
    if (!schema) return fc.constant(value);
    if (
      schema.type === 'object' &&
      schema.properties &&
      value &&
      typeof value === 'object' &&
      !Array.isArray(value)
    ) {
      const record = value as Record<string, unknown>;
      const model = Object.fromEntries(
        Object.entries(schema.properties).map(([k, s]) => [
          k,
          k in record ? around(record[k], s) : arbitraryOf(s),
        ]),
      );
      const kept = Object.keys(record);
      return fc.record(model, { requiredKeys: [...new Set([...(schema.required ?? []), ...kept])] });
    }
    // The base's value twice as likely: most fields stay realistic, so the request gets past the service's checks.
    return fc.oneof(
      { weight: 2, arbitrary: fc.constant(value) },
      { weight: 1, arbitrary: arbitraryOf(schema) },
    );
  };
  const query = fc.record(
    Object.fromEntries(
      op.parameters
        .filter((p) => p.in === 'query')
        .map((p) => [
          p.name,
          p.name in base.query ? around(base.query[p.name], p.schema) : arbitraryOf(p.schema),
        ]),
    ),
    { requiredKeys: op.parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name) },
  );
  const body = op.body ? around(base.body, op.body) : fc.constant(undefined);
  const arb = fc.record({ query, body });
  return fc
    .sample(arb, { seed, numRuns: count })
    .map(({ query: q, body: b }) => ({ path: base.path, query: q, body: b }));
}
