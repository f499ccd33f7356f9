// The OpenAPI 3.1 document of /v1, generated from the contracts of the served /v1 routes
// (lib/openapi/route-table.ts) and of the documentation routes.
import { API_VERSION } from "../events/event-types";
import { ERROR_CODES, type ErrorCode } from "../http/errors";
import { SCOPES } from "../tokens/scopes";
import type { RouteContract, RouteEntry } from "./contract";
import { V1_DOCS_ROUTES } from "./docs-contracts";
import { AUTH_ERRORS, errorEnvelopeSchema } from "./error-schema";
import { COMMON_HEADERS, RESPONSE_HEADERS, type ResponseHeader } from "./headers";
import { toSchema, type JsonSchema } from "./json-schema";
import { inputErrors, objectParameters, requestBody, schemaOfType } from "./operation-parts";

export function buildOpenApiDocument(serverUrl: string, served: readonly RouteEntry[]) {
  const components: Record<string, JsonSchema> = {};
  const errorRef = toSchema(errorEnvelopeSchema, "output", components);
  const paths: Record<string, Record<string, unknown>> = {};
  const routes = [...served, ...V1_DOCS_ROUTES].filter((r) => r.family === "v1");
  for (const route of routes) {
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(
      route.contract as RouteContract,
      components,
      errorRef,
    );
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Credence public API",
      version: API_VERSION,
      description:
        "Forensic document verification. Full reference: /v1/docs.md (markdown) and /v1/docs/reference (HTML). " +
        "Test tokens (svc_test_sk_…) are free and deterministic; live tokens (svc_live_sk_…) run the engine and charge credits.",
    },
    servers: [{ url: serverUrl }],
    security: [{ bearerAuth: [] }],
    tags: [...new Set(routes.map((r) => r.contract.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: `API token: Authorization: Bearer svc_test_sk_… or svc_live_sk_…. Scopes: ${Object.keys(SCOPES).join(", ")}.`,
        },
      },
      headers: Object.fromEntries(
        Object.entries(RESPONSE_HEADERS).map(([name, h]) => [name, { description: h.description, schema: h.schema }]),
      ),
    },
  };
}

function operation(route: RouteContract, components: Record<string, JsonSchema>, errorRef: JsonSchema) {
  const parameters = [
    ...objectParameters(route.params, "path", components),
    ...objectParameters(route.query, "query", components),
    ...(route.idempotent
      ? [
          {
            name: "Idempotency-Key",
            in: "header",
            required: false,
            description: "Makes retries safe: the same key within 24 h replays the stored response.",
            schema: { type: "string", maxLength: 255 },
          },
        ]
      : []),
  ];
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(route.responses)) {
    const headerNames = [
      ...(route.auth === false ? [] : COMMON_HEADERS),
      ...(route.auth === false ? ["X-Request-ID" as const] : []),
      ...(response.headers ?? []),
    ];
    if (route.idempotent) headerNames.push("Idempotency-Status");
    responses[status] = {
      description: response.description,
      headers: headerRefs(headerNames),
      content: response.schema
        ? { "application/json": { schema: toSchema(response.schema, "output", components) } }
        : { [response.contentType ?? "text/plain"]: { schema: schemaOfType(response.contentType ?? "text/plain") } },
    };
  }
  const codes = new Set<ErrorCode>([
    ...(route.auth === false ? [] : AUTH_ERRORS),
    ...(route.scope ? ["insufficient_scope" as const] : []),
    ...inputErrors(route),
    ...(route.errors ?? []),
  ]);
  for (const status of new Set([...codes].map((c) => ERROR_CODES[c].status))) {
    const here = [...codes].filter((c) => ERROR_CODES[c].status === status);
    // A protocol the route speaks may answer its own errors at a status the wrapper uses too (MCP's
    // JSON-RPC errors at 400): either body is documented.
    const own = responses[String(status)] as
      { description: string; content: { "application/json"?: { schema: unknown } } } | undefined;
    const ownSchema = own?.content["application/json"]?.schema;
    responses[String(status)] = {
      description: [own?.description, ...here.map((c) => `${c}: ${ERROR_CODES[c].description}`)]
        .filter(Boolean)
        .join(" "),
      headers: headerRefs([
        ...(route.auth === false ? ["X-Request-ID" as const] : COMMON_HEADERS),
        ...(status === 429 || status === 503 ? ["Retry-After" as const] : []),
      ]),
      content: { "application/json": { schema: ownSchema ? { anyOf: [errorRef, ownSchema] } : errorRef } },
    };
  }
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    ...(route.auth === false ? { security: [] } : {}),
    ...(route.scope ? { "x-scope": route.scope } : {}),
    ...(route.plan ? { "x-plan": route.plan } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body ? { requestBody: requestBody(route.body, components) } : {}),
    responses,
  };
}

function headerRefs(names: ResponseHeader[]) {
  return Object.fromEntries([...new Set(names)].map((n) => [n, { $ref: `#/components/headers/${n}` }]));
}
