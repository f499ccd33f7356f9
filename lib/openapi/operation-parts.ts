// Parts of an OpenAPI operation both documents build the same way: parameters from a zod object,
// the request body from the JSON and multipart schemas.
import type { z } from "zod";
import type { ErrorCode } from "../http/errors";
import type { BodyContract } from "./contract";
import { toSchema, type JsonSchema } from "./json-schema";

export function objectParameters(
  schema: z.ZodObject | undefined,
  location: "path" | "query",
  components: Record<string, JsonSchema>,
) {
  if (!schema) return [];
  const json = toSchema(schema, "input", components) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property as JsonSchema & { description?: string };
    return {
      name,
      in: location,
      required: location === "path" || (json.required ?? []).includes(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

export function requestBody(body: BodyContract, components: Record<string, JsonSchema>) {
  const content: Record<string, unknown> = {};
  if (body.json) content["application/json"] = { schema: toSchema(body.json, "input", components) };
  if (body.multipart) content["multipart/form-data"] = { schema: toSchema(body.multipart, "input", components) };
  return { required: body.required ?? true, content };
}

/** Codes the wrappers answer from a route's declared input before its handler runs. */
export function inputErrors(route: { params?: unknown; query?: unknown; body?: BodyContract }): ErrorCode[] {
  const validates = Boolean(route.params || route.query || route.body);
  return [
    ...(validates ? ["invalid_request" as const] : []),
    ...(route.body ? ["payload_too_large" as const, "unsupported_media_type" as const] : []),
  ];
}

/**
 * The schema of a response body the contract gives only a content type for: a JSON document (the
 * OpenAPI documents themselves) is an object; anything else is text or bytes.
 */
export function schemaOfType(contentType: string): JsonSchema {
  return contentType === "application/json" ? { type: "object", additionalProperties: true } : { type: "string" };
}
