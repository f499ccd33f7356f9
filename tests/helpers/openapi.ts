// Responses in the integration tests are checked against the served OpenAPI documents — /v1's for
// /v1 paths, the application routes' (/openapi.json) for the others: the path and status must be
// documented, the body must match the documented schema, and the documented headers every
// response carries must be present. harness.call() checks every application route's answer.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { expect } from "vitest";
import { GET as getAppOpenApi } from "../../app/openapi.json/route";
import { GET as getOpenApi } from "../../app/v1/openapi.json/route";

interface Served {
  status: number;
  headers: Headers;
  json?: unknown;
  text?: string;
}

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      { responses: Record<string, { content?: Record<string, { schema: object }>; headers?: Record<string, unknown> }> }
    >
  >;
  components: Record<string, unknown>;
};

let docPromise: Promise<Doc> | undefined;
let appDocPromise: Promise<Doc> | undefined;
const validators = new Map<string, ValidateFunction>();
const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);

export function servedOpenApi(): Promise<Doc> {
  docPromise ??= Promise.resolve(getOpenApi()).then((res) => res.json() as Promise<Doc>);
  return docPromise;
}

export function servedAppOpenApi(): Promise<Doc> {
  appDocPromise ??= Promise.resolve(getAppOpenApi()).then((res) => res.json() as Promise<Doc>);
  return appDocPromise;
}

function templateFor(doc: Doc, path: string): string | undefined {
  const pathname = path.split("?")[0];
  // Static segments win over parameters, as in the router (/v1/verifications/batch vs /{id}).
  const templates = Object.keys(doc.paths).sort(
    (a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0),
  );
  return templates.find((template) => {
    const pattern = new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`);
    return pattern.test(pathname);
  });
}

export async function expectMatchesOpenApi(method: string, path: string, res: Served): Promise<void> {
  // /mcp is a /v1 route (withPublicApi), documented in /v1's document.
  const v1 = path.startsWith("/v1/") || path.split("?")[0] === "/mcp";
  const doc = v1 ? await servedOpenApi() : await servedAppOpenApi();
  const template = templateFor(doc, path);
  expect(template, `${path} is not in the OpenAPI document`).toBeDefined();
  const operation = doc.paths[template!][method.toLowerCase()];
  expect(operation, `${method} ${template} is not in the OpenAPI document`).toBeDefined();
  const response = operation.responses[String(res.status)];
  expect(response, `${method} ${template} does not document status ${res.status}`).toBeDefined();
  for (const header of Object.keys(response.headers ?? {})) {
    if (["X-Credits-Remaining", "X-Credits-Warning", "Idempotency-Status"].includes(header)) continue; // conditional
    // No token (401) or no API access (free plan): no bucket to report.
    const code = (res.json as { error?: { code?: string } } | undefined)?.error?.code;
    if (header.startsWith("X-RateLimit-") && (res.status === 401 || code === "plan_required")) continue;
    if (header === "X-Service-Environment" && !operation.responses["401"]) continue;
    expect(res.headers.get(header), `${method} ${template} ${res.status}: header ${header}`).not.toBeNull();
  }
  const schema = response.content?.["application/json"]?.schema;
  if (!schema) return;
  const type = res.headers.get("content-type")?.split(";")[0].trim();
  if (type && type !== "application/json" && response.content?.[type]) return; // the documented other type
  const key = `${v1 ? "v1" : "app"} ${method} ${template} ${res.status}`;
  let validate = validators.get(key);
  if (!validate) {
    const schemas = (doc.components as { schemas: Record<string, unknown> }).schemas;
    validate = ajv.compile({ ...(toDefs(schema) as object), $defs: toDefs(schemas) });
    validators.set(key, validate);
  }
  const body = res.json ?? JSON.parse(res.text ?? "null");
  const ok = validate(body);
  expect(
    ok,
    `${key} body does not match the OpenAPI schema: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`,
  ).toBe(true);
}

function toDefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toDefs);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        k === "$ref" && typeof v === "string" ? v.replace("#/components/schemas/", "#/$defs/") : toDefs(v),
      ]),
    );
  }
  return value;
}
