// Values that match a JSON Schema of the served OpenAPI documents (zod's output: type, properties,
// required, enum, const, anyOf/oneOf/allOf, formats, lengths, bounds, $ref to components), as
// fast-check arbitraries. Valid inputs take the fuzzer past validation into the handlers; the
// hostile variants (hostile-values.ts) start from them.
import fc from "fast-check";

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

export type Components = Record<string, JsonSchema>;

const MAX_DEPTH = 6;

/** At most this many characters or items beyond a schema's minimum: big inputs are the hostile side's. */
const SPAN = 24;

export function arbitraryFor(schema: JsonSchema, components: Components, depth = 0): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(null);
  const next = (s: JsonSchema) => arbitraryFor(s, components, depth + 1);
  if (schema.$ref) {
    const target = components[schema.$ref.replace(/^#\/(components\/schemas|\$defs)\//, "")];
    return target ? arbitraryFor(target, components, depth + 1) : fc.jsonValue({ maxDepth: 2 });
  }
  if ("const" in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map(next));
  if (schema.allOf) return next(mergeAll(schema.allOf, components));
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => next({ ...schema, type })));
  switch (schema.type) {
    case "string":
      return stringFor(schema);
    case "integer":
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case "number":
      return fc.double({
        min: schema.minimum ?? schema.exclusiveMinimum ?? -1e6,
        max: schema.maximum ?? schema.exclusiveMaximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
        minExcluded: schema.exclusiveMinimum !== undefined,
        maxExcluded: schema.exclusiveMaximum !== undefined,
      });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(schema.maxItems ?? minLength + 3, minLength + 3);
      if (schema.prefixItems) return fc.tuple(...schema.prefixItems.map(next));
      return fc.array(schema.items ? next(schema.items) : fc.jsonValue({ maxDepth: 1 }), { minLength, maxLength });
    }
    case "object":
      return objectFor(schema, next);
    default:
      return schema.properties ? objectFor(schema, next) : fc.jsonValue({ maxDepth: 2 });
  }
}

function objectFor(schema: JsonSchema, next: (s: JsonSchema) => fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  if (names.length === 0) {
    return typeof schema.additionalProperties === "object"
      ? fc.dictionary(fc.string({ maxLength: 12 }), next(schema.additionalProperties), { maxKeys: 3 })
      : fc.constant({});
  }
  return fc.record(Object.fromEntries(names.map((name) => [name, next(properties[name])])), {
    requiredKeys: (schema.required ?? []).filter((name) => name in properties),
  });
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? minLength + SPAN, minLength + SPAN);
  const fitted = (arbitrary: fc.Arbitrary<string>) =>
    arbitrary.filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity));
  switch (schema.format) {
    case "email":
      return fitted(fc.emailAddress());
    case "uri":
    case "url":
      return fitted(fc.webUrl());
    case "date-time":
      return fc
        .date({ min: new Date("1970-01-01"), max: new Date("2100-01-01"), noInvalidDate: true })
        .map((d) => d.toISOString());
    case "date":
      return fc
        .date({ min: new Date("1970-01-01"), max: new Date("2100-01-01"), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case "uuid":
      return fc.uuid();
  }
  if (schema.pattern) {
    try {
      return fitted(fc.stringMatching(new RegExp(schema.pattern)));
    } catch {
      // A pattern fast-check cannot generate from: plain strings, mostly refused.
    }
  }
  return fc.string({ minLength, maxLength });
}

function mergeAll(parts: JsonSchema[], components: Components): JsonSchema {
  const resolved = parts.map((part) =>
    part.$ref ? (components[part.$ref.replace(/^#\/(components\/schemas|\$defs)\//, "")] ?? {}) : part,
  );
  return resolved.reduce<JsonSchema>(
    (merged, part) => ({
      ...merged,
      ...part,
      properties: { ...merged.properties, ...part.properties },
      required: [...(merged.required ?? []), ...(part.required ?? [])],
    }),
    {},
  );
}
