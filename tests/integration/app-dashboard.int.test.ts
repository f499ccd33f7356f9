import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as claimAnonymous } from "../../app/dashboard/claim-anonymous/route";
import { POST as completeProfile } from "../../app/dashboard/complete-profile/route";
import { GET as referral } from "../../app/dashboard/referral/route";
import { GET as stats } from "../../app/dashboard/stats/route";
import { GET as publicResult } from "../../app/dashboard/verification/[verification_id]/route";
import { GET as badged } from "../../app/dashboard/verification/[verification_id]/badged-document/route";
import { GET as pageImage } from "../../app/dashboard/verification/[verification_id]/image/[page]/route";
import { GET as originalImage } from "../../app/dashboard/verification/[verification_id]/image/route";
import { GET as ogImage } from "../../app/dashboard/verification/[verification_id]/og-image/route";
import { GET as report } from "../../app/dashboard/verification/[verification_id]/report/route";
import { GET as history } from "../../app/dashboard/verifications/route";
import { POST as acceptTos } from "../../app/dashboard/accept-tos/route";
import { POST as ensureTos } from "../../app/dashboard/ensure-tos/route";
import { GET as tosStatus } from "../../app/dashboard/tos-status/route";
import { POST as generateReport } from "../../app/report/generate/route";
import { getDb } from "../../lib/db";
import { fromDbVerdict } from "../../lib/verifications/verdicts";
import { apiVerification } from "../helpers/access-matrix/fixtures";
import { call, makeSession } from "../helpers/harness";
import { diplomaPdf } from "./app-documents";
import { pdfText } from "../helpers/pdf-text";
import { webVerification } from "./app-flows";

let owner: Awaited<ReturnType<typeof makeSession>>;
let id: string;

beforeAll(async () => {
  owner = await makeSession({ plan: "pro" });
  id = await webVerification(owner.auth);
});

const at = (verification_id: string) => ({ params: { verification_id } });

describe("history and stats", () => {
  it("lists the owner's verifications newest first, pages them, and hides them from others", async () => {
    const second = await webVerification(owner.auth, await diplomaPdf("Second Person"));
    const res = await call(history, { path: "/dashboard/verifications?limit=1&offset=0", headers: owner.auth });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ total: 2, limit: 1, offset: 0 });
    expect(res.json.items.map((i: { verification_id: string }) => i.verification_id)).toEqual([second]);
    const page2 = await call(history, { path: "/dashboard/verifications?limit=1&offset=1", headers: owner.auth });
    expect(page2.json.items[0]).toMatchObject({
      verification_id: id,
      status: "completed",
      source: "web",
      file_name: "diploma.pdf",
    });

    const other = await makeSession();
    expect((await call(history, { path: "/dashboard/verifications", headers: other.auth })).json.total).toBe(0);
    expect((await call(history, { path: "/dashboard/verifications" })).status).toBe(401);
    expect((await call(history, { path: "/dashboard/verifications?limit=101", headers: owner.auth })).status).toBe(422);
    expect((await call(history, { path: "/dashboard/verifications?offset=-1", headers: owner.auth })).status).toBe(422);
  });

  it("counts by verdict, per day and against the quota", async () => {
    const res = await call(stats, { path: "/dashboard/stats", headers: owner.auth });
    expect(res.status).toBe(200);
    expect(res.json.total).toBeGreaterThanOrEqual(1);
    expect(Object.values(res.json.by_verdict as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(
      res.json.completed,
    );
    expect(res.json.last_30_days).toHaveLength(30);
    expect(res.json.last_30_days.at(-1).count).toBe(res.json.total);
    expect(res.json.quota).toMatchObject({ plan: "pro", web_verifications_this_month: res.json.total });
    expect((await call(stats, { path: "/dashboard/stats" })).status).toBe(401);
  });
});

describe("public result and downloads", () => {
  it("shows the result to anyone, without the owner and the storage path", async () => {
    const res = await call(publicResult, { path: `/dashboard/verification/${id}`, ...at(id) });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ verification_id: id, status: "completed", share_url: `/share/${id}` });
    expect(res.text).not.toContain(owner.user.id);
    expect(res.text).not.toContain("originals/");
    expect(res.json).not.toHaveProperty("user_id");
    expect(res.json).not.toHaveProperty("document_image_path");
    expect(res.json.report.findings).toBeInstanceOf(Array);
    expect(
      (await call(publicResult, { path: "/dashboard/verification/ver_unknown", ...at("ver_unknown") })).status,
    ).toBe(404);
  });

  it("serves the PDF report with the verdict in its text", async () => {
    const res = await report(
      new Request(`http://localhost:3000/dashboard/verification/${id}/report`, {
        headers: { "x-forwarded-for": "192.0.2.10" },
      }),
      {
        params: Promise.resolve({ verification_id: id }),
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="credence-report-ver_/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
    const row = await (await getDb()).verification.findUniqueOrThrow({ where: { id } });
    const text = await pdfText(bytes);
    expect(text).toContain(fromDbVerdict(row.verdict!));
    expect(text).toContain(id);
    expect(text).toContain("Page 1");
  });

  it("serves the original, page JPEGs and the badged document", async () => {
    const original = await call(originalImage, { path: `/dashboard/verification/${id}/image`, ...at(id) });
    expect(original.status).toBe(200);
    expect(original.headers.get("content-type")).toBe("application/pdf");
    expect(original.text.startsWith("%PDF-")).toBe(true);

    const page = await pageImage(new Request(`http://localhost:3000/dashboard/verification/${id}/image/1`), {
      params: Promise.resolve({ verification_id: id, page: "1" }),
    });
    expect(page.status).toBe(200);
    expect(await sharp(Buffer.from(await page.arrayBuffer())).metadata()).toMatchObject({
      format: "jpeg",
      width: expect.any(Number),
    });
    const missing = await call(pageImage, {
      path: `/dashboard/verification/${id}/image/9`,
      params: { verification_id: id, page: "9" },
    });
    expect(missing.status).toBe(404);
    expect(
      (
        await call(pageImage, {
          path: `/dashboard/verification/${id}/image/0`,
          params: { verification_id: id, page: "0" },
        })
      ).status,
    ).toBe(422);

    const png = await badged(new Request(`http://localhost:3000/dashboard/verification/${id}/badged-document`), {
      params: Promise.resolve({ verification_id: id }),
    });
    expect(png.status).toBe(200);
    expect(await sharp(Buffer.from(await png.arrayBuffer())).metadata()).toMatchObject({ format: "png" });
  });

  it("answers 422 for the pages of an original that cannot be rendered, never 500 (found by http-fuzz)", async () => {
    // A test-mode verification keeps whatever bytes it was sent, under the type it was given.
    const { id: unreadable } = await apiVerification((await makeSession()).user.id);
    for (const [handler, path, params] of [
      [pageImage, "image/1", { verification_id: unreadable, page: "1" }],
      [badged, "badged-document", { verification_id: unreadable }],
    ] as const) {
      const answer = await call(handler as typeof badged, {
        path: `/dashboard/verification/${unreadable}/${path}`,
        params: params as { verification_id: string },
      });
      expect([answer.status, answer.json?.code], path).toEqual([422, "unprocessable_document"]);
    }
  });

  it("rate-limits the public downloads per IP", async () => {
    const headers = { "x-forwarded-for": "192.0.2.99" };
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await report(new Request(`http://localhost:3000/dashboard/verification/${id}/report`, { headers }), {
        params: Promise.resolve({ verification_id: id }),
      });
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Another address has its own bucket.
    const other = await report(
      new Request(`http://localhost:3000/dashboard/verification/${id}/report`, {
        headers: { "x-forwarded-for": "192.0.2.100" },
      }),
      {
        params: Promise.resolve({ verification_id: id }),
      },
    );
    expect(other.status).toBe(200);
  });

  it("caches the social image and regenerates it for a new v", async () => {
    const get = (v?: string) =>
      ogImage(new Request(`http://localhost:3000/dashboard/verification/${id}/og-image${v ? `?v=${v}` : ""}`), {
        params: Promise.resolve({ verification_id: id }),
      });
    const first = await get();
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/png");
    expect(first.headers.get("cache-control")).toMatch(/max-age/);
    const a = Buffer.from(await first.arrayBuffer());
    expect(await sharp(a).metadata()).toMatchObject({ width: 1200, height: 630 });
    const t0 = performance.now();
    const again = Buffer.from(await (await get()).arrayBuffer());
    const cachedMs = performance.now() - t0;
    expect(again.equals(a)).toBe(true);
    expect(cachedMs).toBeLessThan(1000);
    expect((await get("5")).status).toBe(200);
  });
});

describe("POST /report/generate", () => {
  it("turns a verdict JSON into a PDF for a signed-in user", async () => {
    const body = {
      verification_id: "ver_example",
      verdict: "SUSPECT",
      confidence: 0.64,
      doc_type: "payslip",
      summary: "The net pay does not match the sum of its items.",
      fields: { employer: "Example GmbH" },
      findings: [
        {
          check: "content.sum",
          severity: "high",
          score: 0.8,
          message: "Net pay differs from gross minus deductions by 120.00.",
          page: 1,
          region: { x: 0.5, y: 0.6, width: 0.3, height: 0.05 },
        },
      ],
    };
    const res = await generateReport(
      new Request("http://localhost:3000/report/generate", {
        method: "POST",
        headers: { ...owner.auth, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
    expect(res.status).toBe(200);
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain("SUSPECT");
    expect(text).toContain("Net pay differs from gross minus deductions");
    expect(text).toContain("Example GmbH");

    const publicShape = await call(publicResult, { path: `/dashboard/verification/${id}`, ...at(id) });
    const fromPublic = await call(generateReport, {
      method: "POST",
      path: "/report/generate",
      headers: owner.auth,
      body: publicShape.json,
    });
    expect(fromPublic.status).toBe(200);
  });

  it("needs a user and a verdict", async () => {
    expect(
      (
        await call(generateReport, {
          method: "POST",
          path: "/report/generate",
          body: { verdict: "VERIFIED", confidence: 1 },
        })
      ).status,
    ).toBe(401);
    const bad = await call(generateReport, {
      method: "POST",
      path: "/report/generate",
      headers: owner.auth,
      body: { verdict: "GREAT", confidence: 2 },
    });
    expect(bad.status).toBe(422);
  });
});

describe("account routes", () => {
  it("grants the profile bonus once", async () => {
    const s = await makeSession({ plan: "free" });
    const first = await call(completeProfile, {
      method: "POST",
      path: "/dashboard/complete-profile",
      headers: s.auth,
      body: { name: "Ada", company: "Acme" },
    });
    expect(first.json).toMatchObject({
      bonus_granted: true,
      user: { profile_completed: true, bonus_verifications: 3, name: "Ada" },
    });
    const second = await call(completeProfile, {
      method: "POST",
      path: "/dashboard/complete-profile",
      headers: s.auth,
      body: { name: "Ada B" },
    });
    expect(second.json).toMatchObject({ bonus_granted: false, user: { bonus_verifications: 3, name: "Ada B" } });
    const row = await (await getDb()).user.findUniqueOrThrow({ where: { id: s.user.id } });
    expect(row.creditBalance).toBe(s.user.creditBalance + 3);
    expect(
      (await call(completeProfile, { method: "POST", path: "/dashboard/complete-profile", body: { name: "x" } }))
        .status,
    ).toBe(401);
  });

  it("reports, accepts and ensures the terms of service", async () => {
    const s = await makeSession();
    expect((await call(tosStatus, { path: "/dashboard/tos-status", headers: s.auth })).json).toMatchObject({
      accepted: false,
      accepted_at: null,
    });
    const ensured = await call(ensureTos, { method: "POST", path: "/dashboard/ensure-tos", headers: s.auth });
    expect(ensured.json).toMatchObject({ accepted: true, auto_accepted: true });
    expect(
      (await call(ensureTos, { method: "POST", path: "/dashboard/ensure-tos", headers: s.auth })).json.auto_accepted,
    ).toBe(false);
    const t = await makeSession();
    expect(
      (
        await call(acceptTos, {
          method: "POST",
          path: "/dashboard/accept-tos",
          headers: t.auth,
          body: { accepted: false },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await call(acceptTos, {
          method: "POST",
          path: "/dashboard/accept-tos",
          headers: t.auth,
          body: { accepted: true, version: "1999" },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await call(acceptTos, {
          method: "POST",
          path: "/dashboard/accept-tos",
          headers: t.auth,
          body: { accepted: true },
        })
      ).json.accepted,
    ).toBe(true);
    expect((await call(tosStatus, { path: "/dashboard/tos-status" })).status).toBe(401);
  });

  it("shows the referral link and counts", async () => {
    const s = await makeSession();
    const res = await call(referral, { path: "/dashboard/referral", headers: s.auth });
    expect(res.json).toEqual({
      referral_code: s.user.referralCode,
      referral_url: `http://localhost:3000/register?ref=${encodeURIComponent(s.user.referralCode)}`,
      referred_count: 0,
      rewarded_count: 0,
      credits_earned: 0,
      reward_credits: 50,
      reward_on: "first_payment",
    });
  });

  it("claims the verifications made while signed out in this browser, and nobody else's", async () => {
    const browser = { "x-forwarded-for": "203.0.113.77", "user-agent": "claim-browser" };
    const mine = await webVerification(browser, await diplomaPdf("Claim Me"));
    const someoneElse = await webVerification(
      { "x-forwarded-for": "203.0.113.78", "user-agent": "other-browser" },
      await diplomaPdf("Not Mine"),
    );
    const s = await makeSession();
    const res = await call(claimAnonymous, {
      method: "POST",
      path: "/dashboard/claim-anonymous",
      headers: { ...s.auth, ...browser },
      body: {},
    });
    expect(res.status).toBe(200);
    expect(res.json.verification_ids).toEqual([mine]);
    const db = await getDb();
    expect((await db.verification.findUniqueOrThrow({ where: { id: mine } })).userId).toBe(s.user.id);
    expect((await db.verification.findUniqueOrThrow({ where: { id: someoneElse } })).userId).toBeNull();
    expect(
      (await call(claimAnonymous, { method: "POST", path: "/dashboard/claim-anonymous", headers: browser, body: {} }))
        .status,
    ).toBe(401);
  });
});
