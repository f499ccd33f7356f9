// The application routes' OpenAPI document (/openapi.json) and its rendering (/docs): a valid
// OpenAPI 3.1 document generated from the routes' contracts, listing exactly the routes served,
// and checked against routes.tsv (shared/spec, beside the repository).
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { GET as getDocs } from "../../app/docs/route";
import { GET as getAppOpenApi } from "../../app/openapi.json/route";
import { servedRoutes } from "../helpers/access-matrix/served-routes";
import { routeShape, SPEC_FILE, specRoutes } from "../helpers/access-matrix/spec-routes";
import { expectMatchesOpenApi, servedAppOpenApi } from "../helpers/openapi";

const TAGS = [
  "verify",
  "report",
  "dashboard",
  "billing",
  "gdpr",
  "review",
  "auth",
  "folders",
  "marketplace",
  "holder",
  "issuer-approval",
  "coupons",
];

type Operation = {
  tags: string[];
  security?: Record<string, string[]>[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
  "x-access": string;
};
type Doc = {
  info: { title: string; version: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, Record<string, string>> };
};

const doc = () => servedAppOpenApi() as unknown as Promise<Doc>;

/** "GET /dashboard/verification/{}" for every documented operation. */
async function documented(): Promise<Set<string>> {
  const { paths } = await doc();
  return new Set(
    Object.entries(paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => routeShape(method.toUpperCase(), path)),
    ),
  );
}

/** The application routes the app serves: every route file outside /v1, /mcp and next-auth's. */
async function servedApplicationRoutes() {
  // POST /mcp is a /v1-family route (withPublicApi); /mcp/docs is an application route.
  return (await servedRoutes()).filter((r) => !/^\/(v1|api)(\/|$)|^\/mcp$/.test(r.path));
}

describe("GET /openapi.json", () => {
  it("is a valid OpenAPI 3.1 document with the specification's title, version, tags and security schemes", async () => {
    const res = await getAppOpenApi();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const document = (await res.json()) as Doc;
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.info.title).toMatch(/document fraud detection API/);
    expect(document.info.version).toBe("1.0.0-phase1");
    expect(document.tags.map((t) => t.name)).toEqual(expect.arrayContaining(TAGS));
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(document.components.securitySchemes.bearerAuth.bearerFormat).toBe("JWT");
    expect(document.components.securitySchemes.sessionCookie).toMatchObject({ type: "apiKey", in: "cookie" });
    expect(document.components.securitySchemes.adminSecret).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "X-Admin-Secret",
    });
  });

  it("gives every operation a declared tag, its access rule, a success and the error answers it can give", async () => {
    const { paths, tags } = await doc();
    const declared = new Set(tags.map((t) => t.name));
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(
          op.tags.every((t) => declared.has(t)),
          `${where} tags ${op.tags}`,
        ).toBe(true);
        expect(
          Object.keys(op.responses).some((s) => s.startsWith("2")),
          `${where} success`,
        ).toBe(true);
        if (op["x-access"] === "public") expect(op.security, where).toEqual([]);
        if (["user", "admin", "super_admin"].includes(op["x-access"])) expect(op.responses["401"], where).toBeDefined();
        if (op.requestBody) expect(op.responses["422"], `${where} validation`).toBeDefined();
      }
    }
    const setQuota = paths["/dashboard/admin/set-quota"].post;
    expect(setQuota.security).toEqual([{ adminSecret: [] }]);
    expect(Object.keys(paths["/verify"].post.security?.[0] ?? { x: 1 })).toEqual([]); // optional sign-in
  });

  it("documents every application route served, and serves every route documented", async () => {
    const served = new Set((await servedApplicationRoutes()).map((r) => routeShape(r.method, r.path)));
    const listed = await documented();
    const undocumented = [...served].filter(
      (key) => !listed.has(key) && !["GET /healthz"].includes(key), // the load balancer's probe, outside both wrappers
    );
    expect(undocumented, "served application routes missing from /openapi.json").toEqual([]);
    expect(
      [...listed].filter((key) => !served.has(key)),
      "documented in /openapi.json but not served",
    ).toEqual([]);
  });

  it.skipIf(specRoutes() === null)(
    `agrees with ${SPEC_FILE}: a route listed there is served iff documented`,
    async () => {
      const served = new Set((await servedApplicationRoutes()).map((r) => routeShape(r.method, r.path)));
      const listed = await documented();
      const application = specRoutes()!.filter((r) => !/^\/(v1|mcp|\.well-known)(\/|$)/.test(r.path));
      expect(application.length).toBeGreaterThan(100);
      const disagreements = application.flatMap((r) => {
        const key = routeShape(r.method, r.path);
        if (served.has(key) && !listed.has(key)) return [`${r.method} ${r.path}: served but not in /openapi.json`];
        if (!served.has(key) && listed.has(key)) return [`${r.method} ${r.path}: in /openapi.json but not served`];
        return [];
      });
      expect(disagreements).toEqual([]);
    },
  );

  it("catches a response that does not match its document", async () => {
    const headers = new Headers({ "x-request-id": "req_x" });
    await expect(
      expectMatchesOpenApi("GET", "/dashboard/tos-status", { status: 200, headers, json: { accepted: "yes" } }),
    ).rejects.toThrow(/does not match/);
    await expect(
      expectMatchesOpenApi("GET", "/dashboard/tos-status", {
        status: 401,
        headers,
        json: { error: { code: "authentication_required" } },
      }),
    ).rejects.toThrow(/does not match/);
    await expect(
      expectMatchesOpenApi("GET", "/dashboard/tos-status", { status: 418, headers, json: {} }),
    ).rejects.toThrow(/does not document status 418/);
    await expect(
      expectMatchesOpenApi("GET", "/dashboard/tos-status", { status: 200, headers: new Headers(), json: {} }),
    ).rejects.toThrow(/X-Request-ID/);
    await expect(expectMatchesOpenApi("GET", "/nowhere", { status: 200, headers, json: {} })).rejects.toThrow(
      /not in the OpenAPI document/,
    );
  });
});

describe("GET /docs", () => {
  it("renders every documented operation as one self-contained page that links the /v1 reference", async () => {
    const res = await getDocs();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    const { paths } = await doc();
    for (const [path, methods] of Object.entries(paths)) {
      for (const method of Object.keys(methods)) {
        expect(html, `${method} ${path}`).toContain(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(html).toContain('href="/v1/docs/reference"');
    expect(html).toContain('href="/openapi.json"');
    expect(html).toContain('id="signin"');
    // Nothing off-site, nothing to fetch: no script, no stylesheet or font link, no absolute URL.
    expect(html).not.toMatch(/<script|<link|<img|@import|url\(/i);
    expect(html).not.toMatch(/(src|href)\s*=\s*["']?(https?:)?\/\//i);
  });
});
