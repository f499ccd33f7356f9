// The operations of the served OpenAPI documents, read from the documents themselves (as a client
// generator would): method, path template, parameters, request body schemas, and which error
// envelope answers for them (the /v1 document's or the application routes').
import type { Components, JsonSchema } from "./schema-arbitrary";

export type Family = "v1" | "app";

export interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  family: Family;
  method: string;
  template: string;
  key: string;
  parameters: Parameter[];
  json?: JsonSchema;
  multipart?: JsonSchema;
  bodyRequired: boolean;
  /** The application route's access rule (x-access), or "api-token" / "public" on /v1. */
  access: string;
  components: Components;
}

interface Document {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
        security?: unknown[];
        "x-access"?: string;
      }
    >
  >;
  components?: { schemas?: Components };
}

export function operationsOf(document: Document, family: Family): Operation[] {
  const components = document.components?.schemas ?? {};
  return Object.entries(document.paths).flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      family,
      method: method.toUpperCase(),
      template,
      key: `${method.toUpperCase()} ${template}`,
      parameters: operation.parameters ?? [],
      json: operation.requestBody?.content["application/json"]?.schema,
      multipart: operation.requestBody?.content["multipart/form-data"]?.schema,
      bodyRequired: operation.requestBody?.required ?? false,
      access:
        operation["x-access"] ??
        (family === "v1" && !(Array.isArray(operation.security) && operation.security.length === 0)
          ? "api-token"
          : "public"),
      components,
    })),
  );
}
