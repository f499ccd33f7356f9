// zod → JSON Schema 2020-12 (the dialect of OpenAPI 3.1), with named schemas (`.meta({ id })`)
// hoisted into components.schemas so each appears once in the document.
import { z } from "zod";

export type JsonSchema = Record<string, unknown>;

export function toSchema(
  schema: z.ZodType,
  io: "input" | "output",
  components: Record<string, JsonSchema>,
): JsonSchema {
  const converted = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as JsonSchema;
  const { $defs, $schema: _dialect, ...root } = converted as JsonSchema & { $defs?: Record<string, JsonSchema> };
  for (const [name, def] of Object.entries($defs ?? {})) components[name] = rewriteRefs(def) as JsonSchema;
  const rewritten = rewriteRefs(root) as JsonSchema;
  // A named root schema becomes a reference to its component.
  const id = z.globalRegistry.get(schema)?.id;
  if (typeof id === "string") {
    // zod may already have put the root into $defs and answered a bare reference to it.
    if (rewritten.$ref !== `#/components/schemas/${id}`) components[id] = rewritten;
    return { $ref: `#/components/schemas/${id}` };
  }
  return rewritten;
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      out[key] =
        key === "$ref" && typeof inner === "string"
          ? inner.replace("#/$defs/", "#/components/schemas/")
          : rewriteRefs(inner);
    }
    // zod copies the registry id into the schema; it is not a JSON Schema keyword.
    if (typeof out.id === "string" && (out.type !== undefined || out.$ref !== undefined || out.anyOf !== undefined))
      delete out.id;
    return out;
  }
  return value;
}
