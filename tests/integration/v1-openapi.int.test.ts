import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { GET as getOpenApi } from "../../app/v1/openapi.json/route";
import { ERROR_CODES } from "../../lib/http/errors";
import { expectMatchesOpenApi, servedOpenApi } from "../helpers/openapi";

const APP_V1 = path.resolve(__dirname, "../../app/v1");

/** Every route file under app/v1 as [METHOD, "/v1/path/{param}"]. */
function servedRoutes(dir = APP_V1, prefix = "/v1"): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      const segment = entry.replace(/^\[(.+)\]$/, "{$1}");
      out.push(...servedRoutes(full, `${prefix}/${segment}`));
    } else if (entry === "route.ts") {
      const source = readFileSync(full, "utf8");
      for (const match of source.matchAll(/export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b/g))
        out.push([match[1], prefix]);
    }
  }
  return out;
}

describe("GET /v1/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document, served without a token", async () => {
    const res = await getOpenApi();
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe("3.1.0");
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("documents every route file under app/v1", async () => {
    const doc = await servedOpenApi();
    const routes = servedRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(10);
    for (const [method, route] of routes) {
      expect(doc.paths[route]?.[method.toLowerCase()], `${method} ${route}`).toBeDefined();
    }
  });

  it("documents the headers, parameters and errors of the surface", async () => {
    const doc = (await servedOpenApi()) as unknown as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { name: string; in: string }[];
            responses: Record<string, { headers?: object }>;
            security?: unknown[];
          }
        >
      >;
      components: {
        headers: Record<string, unknown>;
        schemas: { Error: { properties: { error: { properties: { code: { enum: string[] } } } } } };
      };
    };
    for (const header of [
      "X-Request-ID",
      "X-Service-Environment",
      "X-RateLimit-Limit",
      "X-RateLimit-Remaining",
      "X-RateLimit-Reset",
      "X-Credits-Remaining",
      "X-Credits-Warning",
      "Idempotency-Status",
      "Retry-After",
    ]) {
      expect(doc.components.headers[header], header).toBeDefined();
    }
    expect(doc.components.schemas.Error.properties.error.properties.code.enum.sort()).toEqual(
      Object.keys(ERROR_CODES).sort(),
    );
    const create = doc.paths["/v1/verifications"].post;
    expect(create.parameters?.map((p) => `${p.in}:${p.name}`)).toContain("header:Idempotency-Key");
    expect(Object.keys(create.responses)).toEqual(
      expect.arrayContaining(["200", "400", "401", "403", "409", "413", "415", "429", "500"]),
    );
    expect(Object.keys(create.responses["429"].headers ?? {})).toContain("Retry-After");
    const list = doc.paths["/v1/verifications"].get;
    expect(list.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual([
      "query:limit",
      "query:starting_after",
      "query:verdict",
    ]);
    expect(doc.paths["/v1/verifications/{id}"].get.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(["path:id"]);
    expect(doc.paths["/v1/docs.md"].get.security).toEqual([]);
  });

  it("catches a response that does not match its schema", async () => {
    const headers = new Headers({
      "x-request-id": "req_x",
      "x-service-environment": "test",
      "x-ratelimit-limit": "1",
      "x-ratelimit-remaining": "1",
      "x-ratelimit-reset": "1",
    });
    await expect(
      expectMatchesOpenApi("GET", "/v1/account", { status: 200, headers, json: { object: "account" } }),
    ).rejects.toThrow(/does not match/);
    await expect(expectMatchesOpenApi("GET", "/v1/account", { status: 418, headers, json: {} })).rejects.toThrow(
      /does not document status 418/,
    );
    await expect(expectMatchesOpenApi("GET", "/v1/nowhere", { status: 200, headers, json: {} })).rejects.toThrow(
      /not in the OpenAPI document/,
    );
  });
});
