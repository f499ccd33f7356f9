// DESIGN.md, "Security and reliability": no IDOR. Every route the app serves has one row below
// with its access rule; each row's route handler is called as anonymous, another user, an admin,
// a super admin, the owner (application routes) or with no token, an application JWT, a free-plan
// token, a token lacking the scope, another user's / an admin's / a super admin's / the other
// mode's token and the owner's token (/v1). No refused call may write a row: a digest of every
// table is compared after each one (helpers/access-matrix/state.ts). A route served without a row
// fails the first test; rows are compared with shared/spec/routes.tsv when it is there (CI and
// developer machines have it beside the repo).
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createMagicLink } from "../../lib/auth/magic-link";
import { getDb } from "../../lib/db";
import { resetEnvCache } from "../../lib/env";
import { stopJobWorkers } from "../../lib/jobs/workers";
import { createCoupon } from "../../lib/coupons/create-coupon";
import { requestFingerprint } from "../../lib/verifications/anonymous-caller";
import { createVerification } from "../../lib/verifications/create-verification";
import { billingRows } from "../helpers/access-matrix/billing-rows";
import { disableBilling, enableBilling } from "../helpers/billing-env";
import { folderRows } from "../helpers/access-matrix/folder-rows";
import { gdprRows } from "../helpers/access-matrix/gdpr-rows";
import { holderCredentialRows } from "../helpers/access-matrix/holder-credential-rows";
import { holderProfileRows } from "../helpers/access-matrix/holder-profile-rows";
import { holderTimelineRows } from "../helpers/access-matrix/holder-timeline-rows";
import { issuerRows } from "../helpers/access-matrix/issuer-rows";
import { reviewRows } from "../helpers/access-matrix/review-rows";
import { probeCustomRoute } from "../helpers/access-matrix/probe-custom";
import { probeMcpRoute } from "../helpers/access-matrix/probe-mcp";
import { probeAppRoute } from "../helpers/access-matrix/probe-app";
import { probeV1Route } from "../helpers/access-matrix/probe-v1";
import { requestsSent } from "../helpers/access-matrix/send";
import { refusalsChecked } from "../helpers/access-matrix/state";
import { servedRoutes } from "../helpers/access-matrix/served-routes";
import { routeShape, SPEC_FILE, specRoutes } from "../helpers/access-matrix/spec-routes";
import {
  apiVerification,
  b64,
  batch,
  marker,
  ownedWebVerification,
  sharedDiploma,
  storedEvent,
  UNREACHABLE_HOOK,
  webhookDelivery,
  webhookEndpoint,
} from "../helpers/access-matrix/fixtures";
import type { AccessRow, AppRow, Fixture, V1Row } from "../helpers/access-matrix/types";
import { makeUser, randomEmail } from "../helpers/harness";

process.env.ADMIN_SECRET = `admin-secret-${randomBytes(12).toString("hex")}`;
process.env.FETCH_ALLOW_PRIVATE = "true"; // endpoints on 127.0.0.1, never contacted (no worker runs)
resetEnvCache();
// Billing on, against the Stripe stand-in: the paying routes answer as they do in production.
const stripe = await enableBilling();
afterAll(async () => {
  await disableBilling(stripe);
  await stopJobWorkers(); // enqueuing (pings, batches) opened the queue
  delete process.env.ADMIN_SECRET;
  delete process.env.FETCH_ALLOW_PRIVATE;
  resetEnvCache();
});

const app = (row: Omit<AppRow, "family">): AppRow => ({ family: "app", ...row });
const v1 = (row: Omit<V1Row, "family" | "access">): V1Row => ({ family: "v1", access: "api-token", ...row });
const db = () => getDb();

/** A public share route of one of the owner's web verifications. */
const share = (suffix: string, kind: "json" | "pdf" | "binary", extra: Record<string, string> = {}) =>
  app({
    access: "public",
    ok: 200,
    share: kind,
    build: async (owner) => {
      const id = await ownedWebVerification(owner.auth);
      return {
        path: `/dashboard/verification/${id}${suffix.replace("{page}", extra.page ?? "")}`,
        params: { verification_id: id, ...extra },
      };
    },
  });

const onEndpoint =
  (suffix: string, params: (endpoint: string, delivery: string) => Record<string, string>) =>
  async (owner: { userId: string }): Promise<Fixture> => {
    const endpoint = await webhookEndpoint(owner.userId);
    const delivery = await webhookDelivery(owner.userId, endpoint.id);
    return {
      path: `/v1/webhooks/${endpoint.id}${suffix.replace("{delivery_id}", delivery.id)}`,
      params: params(endpoint.id, delivery.id),
      resourceId: endpoint.id,
      secrets: [endpoint.url, endpoint.secretPrefix],
      snapshot: async () => (await db()).webhookDelivery.count({ where: { endpointId: endpoint.id } }),
    };
  };

// A browser without a proxy in front of the app: every visitor of the same browser build sends these.
const BROWSER = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36",
  "accept-language": "en-US,en;q=0.9",
};

const TABLE: Record<string, AccessRow> = {
  ...holderProfileRows,
  ...holderCredentialRows,
  ...holderTimelineRows,
  ...issuerRows,
  ...billingRows,
  ...folderRows,
  ...gdprRows,
  ...reviewRows,
  // Verification
  "POST /verify": app({
    access: "optional",
    ok: 200,
    build: async () => {
      const form = new FormData();
      form.append("file", new File([Buffer.from(await sharedDiploma())], "diploma.pdf", { type: "application/pdf" }));
      return { path: "/verify", body: form };
    },
  }),
  "GET /verify/{verification_id}/status": app({
    access: "public",
    ok: 200,
    share: "json",
    build: async (owner) => {
      const id = await ownedWebVerification(owner.auth);
      return { path: `/verify/${id}/status`, params: { verification_id: id } };
    },
  }),
  "POST /verify/calibrate/feedback": app({
    access: "user",
    others: "not_found", // feedback is about one's own verifications
    admins: "allowed", // reviewers annotate everyone's
    ok: 200,
    invalidBody: (fixture) => ({ ...(fixture.body as object), annotations: [] }),
    build: async (owner) => {
      const verification = await apiVerification(owner.user.id);
      return {
        path: "/verify/calibrate/feedback",
        body: {
          verification_id: verification.id,
          annotations: [{ page: 1, predicted: null, corrected: { x: 0.1, y: 0.1, width: 0.2, height: 0.1 } }],
        },
        resourceId: verification.id,
        snapshot: async () => (await db()).calibrationFeedback.count({ where: { verificationId: verification.id } }),
      };
    },
  }),
  "POST /report/generate": app({
    access: "user",
    ok: 200,
    build: async () => ({
      path: "/report/generate",
      body: { verdict: "VERIFIED", confidence: 0.9, summary: "Checked." },
    }),
  }),

  // Dashboard
  "GET /dashboard/verifications": app({
    access: "user",
    ok: 200,
    build: async (owner) => {
      const verification = await apiVerification(owner.user.id);
      return { path: "/dashboard/verifications", secrets: [verification.id, verification.fileName] };
    },
  }),
  "GET /dashboard/stats": app({ access: "user", ok: 200, build: async () => ({ path: "/dashboard/stats" }) }),
  "GET /dashboard/verification/{verification_id}": share("", "json"),
  "GET /dashboard/verification/{verification_id}/report": share("/report", "pdf"),
  "GET /dashboard/verification/{verification_id}/badged-document": share("/badged-document", "binary"),
  "GET /dashboard/verification/{verification_id}/image": share("/image", "binary"),
  "GET /dashboard/verification/{verification_id}/image/{page}": share("/image/{page}", "binary", { page: "1" }),
  "GET /dashboard/verification/{verification_id}/og-image": share("/og-image", "binary"),
  "POST /dashboard/sync-user": app({
    access: "user",
    ok: 200,
    build: async () => ({ path: "/dashboard/sync-user", body: { name: "Synced Name" } }),
  }),
  "GET /dashboard/referral": app({ access: "user", ok: 200, build: async () => ({ path: "/dashboard/referral" }) }),
  "POST /dashboard/complete-profile": app({
    access: "user",
    ok: 200,
    build: async () => ({ path: "/dashboard/complete-profile", body: { name: "Ada Example" } }),
  }),
  "GET /dashboard/tos-status": app({ access: "user", ok: 200, build: async () => ({ path: "/dashboard/tos-status" }) }),
  "POST /dashboard/accept-tos": app({
    access: "user",
    ok: 200,
    build: async () => ({ path: "/dashboard/accept-tos", body: { accepted: true } }),
  }),
  "POST /dashboard/ensure-tos": app({
    access: "user",
    ok: 200,
    build: async () => ({ path: "/dashboard/ensure-tos" }),
  }),
  "POST /dashboard/calibrate": app({
    access: "admin",
    ok: 200,
    build: async () => ({
      path: "/dashboard/calibrate",
      body: { corrections: [{ predicted_confidence: 0.8, correct: true }] },
    }),
  }),
  "POST /dashboard/claim-anonymous": app({
    access: "user",
    ok: 200,
    // The owner is the browser that verified while signed out: it alone holds the cookie. Everyone
    // uses the same popular browser and no proxy reports addresses.
    build: async () => {
      const cookie = randomBytes(18).toString("base64url");
      const fingerprint = requestFingerprint(new Request("http://localhost:3000/verify", { headers: BROWSER }));
      const verification = await createVerification(await db(), {
        userId: null,
        livemode: false,
        source: "web",
        document: {
          bytes: Buffer.from(`credence-test:VERIFIED:${marker("anonymous")}`),
          contentType: "application/pdf",
          fileName: "anonymous.pdf",
          mode: "standard",
        },
        anonymous: { cookie, fingerprint, ip: "unknown" },
      });
      return {
        path: "/dashboard/claim-anonymous",
        body: {},
        headers: BROWSER,
        ownerHeaders: { cookie: `credence_anon=${cookie}` },
        secrets: [verification.id],
        snapshot: async () =>
          (await (await db()).verification.findUniqueOrThrow({ where: { id: verification.id } })).userId,
      };
    },
  }),
  "POST /dashboard/admin/set-quota": app({
    access: "admin-secret",
    ok: 200,
    build: async (owner) => ({
      path: "/dashboard/admin/set-quota",
      body: { user_id: owner.user.id, monthly_quota: 7, plan: "business" },
      snapshot: async () =>
        (await db()).user.findUniqueOrThrow({
          where: { id: owner.user.id },
          select: { plan: true, monthlyQuota: true, creditBalance: true },
        }),
    }),
  }),
  "POST /dashboard/admin/create-coupon": app({
    access: "admin",
    ok: 201,
    build: async () => ({ path: "/dashboard/admin/create-coupon", body: { bonus_verifications: 1 } }),
  }),
  "POST /dashboard/admin/delete-coupon": app({
    access: "admin",
    ok: 200,
    oneShot: true,
    build: async (owner) => {
      const coupon = await createCoupon(await db(), {
        kind: "single_use",
        bonusVerifications: 1,
        createdById: owner.user.id,
      });
      return {
        path: "/dashboard/admin/delete-coupon",
        body: { code: coupon.code },
        snapshot: async () => (await (await db()).coupon.findUniqueOrThrow({ where: { code: coupon.code } })).deletedAt,
      };
    },
  }),
  "POST /dashboard/admin/clear-cache": app({
    access: "admin",
    ok: 200,
    build: async () => ({
      path: "/dashboard/admin/clear-cache",
      body: { file_sha256: randomBytes(32).toString("hex") },
    }),
  }),
  "POST /dashboard/admin/update-verification": app({
    access: "admin",
    ok: 200,
    build: async (owner) => {
      const verification = await apiVerification(owner.user.id);
      return {
        path: "/dashboard/admin/update-verification",
        body: { verification_id: verification.id, updates: { summary: "Reviewed by an administrator." } },
        snapshot: async () =>
          (await (await db()).verification.findUniqueOrThrow({ where: { id: verification.id } })).verdictJson,
      };
    },
  }),

  // Data protection and disputes
  "POST /gdpr/dispute/{verification_id}": app({
    access: "user-owner",
    ok: 201,
    invalidBody: () => ({ reason: "short" }),
    build: async (owner) => {
      const verification = await apiVerification(owner.user.id);
      return {
        path: `/gdpr/dispute/${verification.id}`,
        params: { verification_id: verification.id },
        body: { reason: "The diploma was issued by my university; the verdict is wrong." },
        resourceId: verification.id,
        snapshot: async () => (await db()).dispute.count({ where: { verificationId: verification.id } }),
      };
    },
  }),

  // Sign-in
  "POST /auth/send-magic-link": app({
    access: "public",
    ok: 200,
    build: async () => ({ path: "/auth/send-magic-link", body: { email: randomEmail("magic") } }),
  }),
  "POST /auth/verify-magic-link": app({
    access: "public",
    ok: 200,
    oneShot: true,
    build: async () => {
      const { secret } = await createMagicLink(await db(), {
        email: randomEmail("magic"),
        callbackUrl: null,
        ip: null,
      });
      return { path: "/auth/verify-magic-link", body: { token: secret } };
    },
  }),
  "POST /auth/register": app({
    access: "public",
    ok: 201,
    oneShot: true,
    build: async () => ({
      path: "/auth/register",
      body: { email: randomEmail("register"), password: "a-long-password-1" },
    }),
  }),
  "POST /auth/login": app({
    access: "public",
    ok: 200,
    build: async () => {
      const user = await makeUser({ password: "a-long-password-1" });
      return { path: "/auth/login", body: { email: user.email, password: "a-long-password-1" } };
    },
  }),

  // The public API
  "POST /v1/verifications": v1({
    kind: "create",
    scope: "verifications:write",
    ok: 200,
    build: async () => ({
      path: "/v1/verifications",
      body: { document_base64: b64("credence-test:VERIFIED"), content_type: "application/pdf" },
    }),
  }),
  "GET /v1/verifications": v1({
    kind: "own",
    scope: "verifications:read",
    ok: 200,
    build: async (owner) => {
      const verification = await apiVerification(owner.userId);
      return { path: "/v1/verifications", secrets: [verification.id, verification.fileName] };
    },
  }),
  "GET /v1/verifications/{id}": v1({
    kind: "resource",
    scope: "verifications:read",
    ok: 200,
    build: async (owner) => {
      const verification = await apiVerification(owner.userId);
      return {
        path: `/v1/verifications/${verification.id}`,
        params: { id: verification.id },
        resourceId: verification.id,
        secrets: [verification.fileName],
      };
    },
  }),
  "POST /v1/verifications/batch": v1({
    kind: "create",
    scope: "verifications:write",
    plan: "business",
    ok: 202,
    build: async () => ({
      path: "/v1/verifications/batch",
      body: { documents: [{ base64: b64("credence-test:VERIFIED"), content_type: "application/pdf" }] },
    }),
  }),
  "GET /v1/batches/{id}": v1({
    kind: "resource",
    scope: "batches:read",
    ok: 200,
    notInSpec: "public-api-v1.md decision (DESIGN.md): the batch object of POST /v1/verifications/batch",
    build: async (owner) => {
      const created = await batch(owner.userId);
      return {
        path: `/v1/batches/${created.id}`,
        params: { id: created.id },
        resourceId: created.id,
        secrets: [created.fileName],
      };
    },
  }),
  "POST /v1/webhooks": v1({
    kind: "create",
    scope: "webhooks:write",
    ok: 200,
    build: async () => ({ path: "/v1/webhooks", body: { url: UNREACHABLE_HOOK } }),
  }),
  "GET /v1/webhooks": v1({
    kind: "own",
    scope: "webhooks:read",
    ok: 200,
    build: async (owner) => {
      const endpoint = await webhookEndpoint(owner.userId);
      return { path: "/v1/webhooks", secrets: [endpoint.id, endpoint.url] };
    },
  }),
  "GET /v1/webhooks/{id}": v1({
    kind: "resource",
    scope: "webhooks:read",
    ok: 200,
    notInSpec: "public-api-v1.md, webhook endpoint management",
    build: onEndpoint("", (id) => ({ id })),
  }),
  "DELETE /v1/webhooks/{id}": v1({
    kind: "resource",
    scope: "webhooks:write",
    ok: 200,
    notInSpec: "public-api-v1.md, webhook endpoint management",
    build: async (owner) => {
      const endpoint = await webhookEndpoint(owner.userId);
      return {
        path: `/v1/webhooks/${endpoint.id}`,
        params: { id: endpoint.id },
        resourceId: endpoint.id,
        secrets: [endpoint.url],
        snapshot: async () => (await db()).webhookEndpoint.count({ where: { id: endpoint.id } }),
      };
    },
  }),
  "GET /v1/webhooks/{id}/deliveries": v1({
    kind: "resource",
    scope: "webhooks:read",
    ok: 200,
    notInSpec: "public-api-v1.md, webhook endpoint management",
    build: async (owner) => {
      const fixture = await onEndpoint("/deliveries", (id) => ({ id }))(owner);
      return {
        ...fixture,
        secrets: [
          ...(fixture.secrets ?? []),
          ...(await (await db()).webhookDelivery.findMany({ where: { endpointId: fixture.params!.id as string } })).map(
            (d) => d.id,
          ),
        ],
      };
    },
  }),
  "POST /v1/webhooks/{id}/ping": v1({
    kind: "resource",
    scope: "webhooks:write",
    ok: 202,
    notInSpec: "public-api-v1.md, webhook endpoint management",
    build: onEndpoint("/ping", (id) => ({ id })),
  }),
  "POST /v1/webhooks/{id}/rotate-secret": v1({
    kind: "resource",
    scope: "webhooks:write",
    ok: 200,
    notInSpec: "public-api-v1.md, webhook endpoint management",
    build: async (owner) => {
      const endpoint = await webhookEndpoint(owner.userId);
      return {
        path: `/v1/webhooks/${endpoint.id}/rotate-secret`,
        params: { id: endpoint.id },
        resourceId: endpoint.id,
        secrets: [endpoint.url, endpoint.secretPrefix],
        snapshot: async () =>
          (await (await db()).webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).secretEncrypted,
      };
    },
  }),
  "POST /v1/webhooks/{id}/deliveries/{delivery_id}/replay": v1({
    kind: "resource",
    scope: "webhooks:write",
    ok: 202,
    notInSpec: "public-api-v1.md, webhook endpoint management",
    build: onEndpoint("/deliveries/{delivery_id}/replay", (id, delivery_id) => ({ id, delivery_id })),
    // The other user's own endpoint does not make the owner's delivery replayable.
    cross: async (_owner, fixture, other) => {
      const own = await webhookEndpoint(other.userId);
      const params = { id: own.id, delivery_id: fixture.params!.delivery_id as string };
      return { path: `/v1/webhooks/${own.id}/deliveries/${params.delivery_id}/replay`, params };
    },
  }),
  "GET /v1/events": v1({
    kind: "own",
    scope: "webhooks:read",
    ok: 200,
    notInSpec: "public-api-v1.md, events (reconciling missed deliveries)",
    build: async (owner) => {
      const event = await storedEvent(owner.userId);
      return { path: "/v1/events", secrets: [event.id, event.message] };
    },
  }),
  "GET /v1/events/{id}": v1({
    kind: "resource",
    scope: "webhooks:read",
    ok: 200,
    notInSpec: "public-api-v1.md, events (reconciling missed deliveries)",
    build: async (owner) => {
      const event = await storedEvent(owner.userId);
      return {
        path: `/v1/events/${event.id}`,
        params: { id: event.id },
        resourceId: event.id,
        secrets: [event.message],
      };
    },
  }),
  "GET /v1/account": v1({ kind: "own", scope: "account:read", ok: 200, build: async () => ({ path: "/v1/account" }) }),
  "GET /v1/account/usage": v1({
    kind: "own",
    scope: "account:read",
    ok: 200,
    build: async () => ({ path: "/v1/account/usage" }),
  }),

  // Documentation
  "GET /v1/docs.md": app({ access: "public", ok: 200, build: async () => ({ path: "/v1/docs.md" }) }),
  "GET /v1/docs/reference": app({ access: "public", ok: 200, build: async () => ({ path: "/v1/docs/reference" }) }),
  "GET /v1/openapi.json": app({ access: "public", ok: 200, build: async () => ({ path: "/v1/openapi.json" }) }),
  "GET /openapi.json": app({
    access: "public",
    ok: 200,
    notInSpec: "the application routes' OpenAPI document (application-api.md, issue 13)",
    build: async () => ({ path: "/openapi.json" }),
  }),
  "GET /docs": app({
    access: "public",
    ok: 200,
    notInSpec: "the application routes' reference, rendered from /openapi.json",
    build: async () => ({ path: "/docs" }),
  }),

  // MCP: the /v1 wrapper's steps, then a scope and an owner per tool (probe-mcp.ts)
  "POST /mcp": { family: "custom", access: "api-token", probe: probeMcpRoute },
  "GET /mcp/docs": app({ access: "public", ok: 200, build: async () => ({ path: "/mcp/docs" }) }),
  "GET /.well-known/mcp-config": app({
    access: "public",
    ok: 200,
    build: async () => ({ path: "/.well-known/mcp-config" }),
  }),

  // Outside both wrappers
  "GET /healthz": app({
    access: "public",
    ok: 200,
    notInSpec: "operations: the load balancer's health probe",
    build: async () => ({ path: "/healthz" }),
  }),
  "GET /api/auth/{...nextauth}": {
    family: "custom",
    access: "next-auth",
    notInSpec: "next-auth's own endpoints (docs/app-routes.md)",
    probe: probeCustomRoute.nextAuthGet,
  },
  "POST /api/auth/{...nextauth}": {
    family: "custom",
    access: "next-auth",
    notInSpec: "next-auth's own endpoints (docs/app-routes.md)",
    probe: probeCustomRoute.nextAuthPost,
  },
  "GET /api/inngest": {
    family: "custom",
    access: "inngest-signature",
    notInSpec: "the Inngest server calls it, signed (DESIGN.md, Jobs)",
    probe: probeCustomRoute.inngest("GET"),
  },
  "POST /api/inngest": {
    family: "custom",
    access: "inngest-signature",
    notInSpec: "the Inngest server calls it, signed (DESIGN.md, Jobs)",
    probe: probeCustomRoute.inngest("POST"),
  },
  "PUT /api/inngest": {
    family: "custom",
    access: "inngest-signature",
    notInSpec: "the Inngest server calls it, signed (DESIGN.md, Jobs)",
    probe: probeCustomRoute.inngest("PUT"),
  },
};

const served = await servedRoutes();
const spec = specRoutes();

describe("the access table", () => {
  it("has a row for every route the app serves", () => {
    const missing = served.filter((route) => !(route.key in TABLE));
    const message = missing
      .map(
        (r) =>
          `${r.key} is served by ${r.file} but has no row in the TABLE of tests/integration/access-matrix.int.test.ts: add one with its access rule (shared/spec/routes.tsv) and a fixture that addresses an owner's resource.`,
      )
      .join("\n");
    expect(
      missing.map((r) => r.key),
      message,
    ).toEqual([]);
  });

  it("has no row for a route the app does not serve", () => {
    const servedKeys = new Set(served.map((r) => r.key));
    expect(
      Object.keys(TABLE).filter((key) => !servedKeys.has(key)),
      "rows without a route file (renamed or removed route?)",
    ).toEqual([]);
  });

  it.skipIf(spec === null)(`agrees with ${SPEC_FILE}`, () => {
    const specByShape = new Map(spec!.map((r) => [routeShape(r.method, r.path), r]));
    const disagreements: string[] = [];
    for (const [key, row] of Object.entries(TABLE)) {
      const [method, path] = key.split(" ");
      const decided = specByShape.get(routeShape(method, path));
      if (decided && row.notInSpec)
        disagreements.push(`${key}: routes.tsv lists it (${decided.access}); drop notInSpec`);
      if (!decided && !row.notInSpec)
        disagreements.push(`${key}: not in routes.tsv; add it there or say why in notInSpec`);
      if (decided && decided.access !== row.access)
        disagreements.push(`${key}: routes.tsv says "${decided.access}", the table "${row.access}"`);
    }
    expect(disagreements).toEqual([]);
  });
});

describe("access rules, route by route", () => {
  afterAll(() => {
    console.log(
      `access matrix: ${served.length} routes, ${requestsSent} requests, ${refusalsChecked} refused requests checked against a digest of every table`,
    );
  });
  for (const route of served) {
    const row = TABLE[route.key];
    if (!row) continue;
    it(`${route.key} (${row.access})`, async () => {
      if (row.family === "app") await probeAppRoute(route, row);
      else if (row.family === "v1") await probeV1Route(route, row);
      else await row.probe(route.handler);
    });
  }
});
