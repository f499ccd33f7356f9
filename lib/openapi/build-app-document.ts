// The OpenAPI 3.1 document of the application routes (everything outside /v1), generated from the
// contracts the served routes pass to withApp (lib/openapi/route-table.ts), served at /openapi.json
// and rendered at /docs.
import { errorStatus, ERROR_CODES, type ErrorCode } from "../http/errors";
import type { Access, AppRouteContract, RouteEntry } from "./contract";
import { accessErrors, appErrorSchema, validationErrorSchema } from "./app-error-schema";
import { toSchema, type JsonSchema } from "./json-schema";
import { inputErrors, objectParameters, requestBody, schemaOfType } from "./operation-parts";

export const APP_API_VERSION = "1.0.0-phase1";

export const APP_TAGS = {
  verify: "Upload a document and follow its verification.",
  report: "PDF forensic reports.",
  dashboard: "History, statistics, sharing, account settings and administration.",
  billing: "Subscriptions and payments.",
  gdpr: "Data protection: export, erasure, disputes.",
  review: "Human review and rule suggestions.",
  auth: "Sign-in: password, magic link.",
  folders: "Applicant folders.",
  marketplace: "Credit packs.",
  holder: "Holder profiles, credentials and badges.",
  "issuer-approval": "Requests for an institution's confirmation.",
  coupons: "Coupon codes.",
  docs: "This document and its rendering.",
} as const;

type AppEntry = RouteEntry & { family: "app" };

const SIGNED_IN: Record<string, string[]>[] = [{ bearerAuth: [] }, { sessionCookie: [] }];

const SECURITY: Record<Access, Record<string, string[]>[]> = {
  public: [],
  optional: [{}, ...SIGNED_IN],
  user: SIGNED_IN,
  admin: SIGNED_IN,
  super_admin: SIGNED_IN,
  "admin-secret": [{ adminSecret: [] }],
};

/** The document's own routes: plain handlers (they serve what is generated from the others). */
export const APP_DOCS_ROUTES: AppEntry[] = [
  {
    family: "app",
    method: "GET",
    path: "/openapi.json",
    contract: {
      operationId: "getAppOpenApi",
      summary: "This OpenAPI 3.1 document",
      tag: "docs",
      access: "public",
      responses: { 200: { description: "The OpenAPI document.", contentType: "application/json" } },
    },
  },
  {
    family: "app",
    method: "GET",
    path: "/docs",
    contract: {
      operationId: "getAppDocs",
      summary: "This document as HTML",
      tag: "docs",
      access: "public",
      responses: { 200: { description: "Rendered on the server, no external assets.", contentType: "text/html" } },
    },
  },
];

export function buildAppDocument(serverUrl: string, served: readonly RouteEntry[]) {
  const components: Record<string, JsonSchema> = {};
  const errors = {
    app: toSchema(appErrorSchema, "output", components),
    validation: toSchema(validationErrorSchema, "output", components),
  };
  const routes = [...served, ...APP_DOCS_ROUTES].filter((r): r is AppEntry => r.family === "app");
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(
      route.method,
      route.contract,
      components,
      errors,
    );
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Credence document fraud detection API (application routes)",
      version: APP_API_VERSION,
      description:
        "The routes of the Credence web application: sign-in, verification with streamed progress, dashboard, " +
        "sharing, reports, disputes and administration. Rendered at /docs. The public integration API (/v1, " +
        "API tokens) has its own reference at /v1/docs/reference and /v1/openapi.json. Validation failures " +
        "answer 422 {detail:[{loc,msg,type}], request_id}; other errors {detail, code, request_id}; every " +
        "response carries X-Request-ID.",
    },
    servers: [{ url: serverUrl }],
    security: SIGNED_IN,
    tags: Object.entries(APP_TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "The access_token from POST /auth/login, /auth/register or /auth/verify-magic-link.",
        },
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "authjs.session-token",
          description: "The browser's session (next-auth); __Secure-authjs.session-token over HTTPS.",
        },
        adminSecret: {
          type: "apiKey",
          in: "header",
          name: "X-Admin-Secret",
          description: "The server's ADMIN_SECRET, for /dashboard/admin/set-quota.",
        },
      },
      headers: {
        "X-Request-ID": { description: "Identifier of this request (req_…).", schema: { type: "string" } },
        "Retry-After": { description: "Seconds to wait before retrying.", schema: { type: "integer" } },
      },
    },
  };
}

function operation(
  method: string,
  route: AppRouteContract,
  components: Record<string, JsonSchema>,
  errors: { app: JsonSchema; validation: JsonSchema },
) {
  const parameters = [
    ...objectParameters(route.params, "path", components),
    ...objectParameters(route.query, "query", components),
  ];
  const requestId = { "X-Request-ID": { $ref: "#/components/headers/X-Request-ID" } };
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(route.responses)) {
    responses[status] = {
      description: response.description,
      headers: requestId,
      content: {
        ...(response.schema && { "application/json": { schema: toSchema(response.schema, "output", components) } }),
        // A JSON answer with a contentType beside it may also come as that type (a CSV export).
        ...((!response.schema || response.contentType) && {
          [response.contentType ?? "text/plain"]: { schema: schemaOfType(response.contentType ?? "text/plain") },
        }),
      },
    };
  }
  const codes = errorCodes(method, route);
  for (const status of new Set(codes.map((c) => errorStatus(c, "app")))) {
    const here = codes.filter((c) => errorStatus(c, "app") === status);
    const shapes = [
      ...(here.includes("invalid_request") ? [errors.validation] : []),
      ...(here.some((c) => c !== "invalid_request") ? [errors.app] : []),
    ];
    responses[String(status)] = {
      description: here.map((c) => `${c}: ${ERROR_CODES[c].description}`).join(" "),
      headers: {
        ...requestId,
        ...(status === 429 || status === 503 ? { "Retry-After": { $ref: "#/components/headers/Retry-After" } } : {}),
      },
      content: { "application/json": { schema: shapes.length === 1 ? shapes[0] : { anyOf: shapes } } },
    };
  }
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    security: SECURITY[route.access],
    "x-access": route.access,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body ? { requestBody: requestBody(route.body, components) } : {}),
    responses,
  };
}

/** Every code the route can answer: its access rule's, its input's, its own, and internal_error. */
function errorCodes(method: string, route: AppRouteContract): ErrorCode[] {
  return [
    ...new Set<ErrorCode>([
      ...accessErrors(route.access, method),
      ...inputErrors(route),
      ...(route.errors ?? []),
      "internal_error",
    ]),
  ];
}
