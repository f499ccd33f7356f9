import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as clearCache } from "../../app/dashboard/admin/clear-cache/route";
import { POST as createCoupon } from "../../app/dashboard/admin/create-coupon/route";
import { POST as deleteCoupon } from "../../app/dashboard/admin/delete-coupon/route";
import { POST as setQuota } from "../../app/dashboard/admin/set-quota/route";
import { POST as updateVerification } from "../../app/dashboard/admin/update-verification/route";
import { POST as calibrate } from "../../app/dashboard/calibrate/route";
import { POST as feedback } from "../../app/verify/calibrate/feedback/route";
import { getDb } from "../../lib/db";
import { resetEnvCache } from "../../lib/env";
import { BENCHMARK_CALIBRATION, benchmarkSamples } from "../../lib/calibration/benchmark-model";
import { currentCalibration } from "../../lib/calibration/current-model";
import { applyCalibration } from "../../lib/forensics";
import { newId } from "../../lib/ids";
import { call, makeSession } from "../helpers/harness";
import { makeCompletedVerification } from "../helpers/holder-credentials";
import { diplomaPdf } from "./app-documents";
import { webVerification } from "./app-flows";

const SECRET = "admin-secret-for-tests-0123456789";
let admin: Awaited<ReturnType<typeof makeSession>>;
let owner: Awaited<ReturnType<typeof makeSession>>;
let other: Awaited<ReturnType<typeof makeSession>>;
let id: string;

beforeAll(async () => {
  process.env.ADMIN_SECRET = SECRET;
  resetEnvCache();
  admin = await makeSession({ role: "admin" });
  owner = await makeSession({ plan: "pro" });
  other = await makeSession({ plan: "pro" });
  id = await webVerification(owner.auth, await diplomaPdf("Admin Case"));
});

afterAll(async () => {
  delete process.env.ADMIN_SECRET;
  resetEnvCache();
  // Later test files analyse with the calibration a fresh server states again.
  await (
    await getDb()
  ).calibrationModel.create({
    data: { id: newId("calibration"), kind: "confidence", parameters: BENCHMARK_CALIBRATION as object, samples: 0 },
  });
});

type Route = (req: Request, ctx: { params: Promise<Record<string, never>> }) => Promise<Response>;
const adminRoutes: Array<[string, Route, object]> = [
  ["/dashboard/admin/create-coupon", createCoupon, { bonus_verifications: 5 }],
  ["/dashboard/admin/delete-coupon", deleteCoupon, { code: "NOPE-NOPE" }],
  ["/dashboard/admin/clear-cache", clearCache, { file_sha256: "a".repeat(64) }],
  ["/dashboard/admin/update-verification", updateVerification, { verification_id: "ver_x", updates: { summary: "x" } }],
  ["/dashboard/calibrate", calibrate, { corrections: [{ predicted_confidence: 0.5, correct: true }] }],
];

describe("admin access", () => {
  it.each(adminRoutes)("%s: 401 signed out, 403 for a user", async (path, route, body) => {
    expect((await call(route, { method: "POST", path, body })).status).toBe(401);
    const res = await call(route, { method: "POST", path, headers: owner.auth, body });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("forbidden");
  });

  it("set-quota takes the admin secret, not an admin session", async () => {
    const body = { user_id: owner.user.id, monthly_quota: 50, plan: "pro" };
    expect((await call(setQuota, { method: "POST", path: "/dashboard/admin/set-quota", body })).status).toBe(403);
    expect(
      (await call(setQuota, { method: "POST", path: "/dashboard/admin/set-quota", headers: admin.auth, body })).status,
    ).toBe(403);
    expect(
      (
        await call(setQuota, {
          method: "POST",
          path: "/dashboard/admin/set-quota",
          headers: { "x-admin-secret": "wrong-secret-0123456789" },
          body,
        })
      ).status,
    ).toBe(403);
  });
});

describe("admin routes", () => {
  it("sets a user's quota and plan, adjusting the balance on the ledger", async () => {
    const before = (await (await getDb()).user.findUniqueOrThrow({ where: { id: other.user.id } })).creditBalance;
    const res = await call(setQuota, {
      method: "POST",
      path: "/dashboard/admin/set-quota",
      headers: { "x-admin-secret": SECRET },
      body: { email: other.user.email, monthly_quota: 10, plan: "business" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ user_id: other.user.id, plan: "business", monthly_quota: 10 });
    // pro's included credits (500 by default) became 10: the balance drops by the difference, not below 0.
    expect(res.json.credit_balance).toBe(Math.max(0, before - 490));
    const bad = await call(setQuota, {
      method: "POST",
      path: "/dashboard/admin/set-quota",
      headers: { "x-admin-secret": SECRET },
      body: { monthly_quota: 1 },
    });
    expect(bad.status).toBe(422);
  });

  it("creates coupons (generating a code when none is given) and deletes them", async () => {
    const generated = await call(createCoupon, {
      method: "POST",
      path: "/dashboard/admin/create-coupon",
      headers: admin.auth,
      body: { bonus_verifications: 5 },
    });
    expect(generated.status).toBe(201);
    expect(generated.json).toMatchObject({ kind: "single_use", bonus_verifications: 5, max_redemptions: 1 });
    expect(generated.json.code).toMatch(/^CRED-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const named = await call(createCoupon, {
      method: "POST",
      path: "/dashboard/admin/create-coupon",
      headers: admin.auth,
      body: { code: "spring-2026", kind: "multi_use", bonus_verifications: 2, max_redemptions: 100 },
    });
    expect(named.json).toMatchObject({ code: "SPRING-2026", kind: "multi_use", max_redemptions: 100 });
    expect(
      (
        await call(createCoupon, {
          method: "POST",
          path: "/dashboard/admin/create-coupon",
          headers: admin.auth,
          body: { code: "SPRING-2026", bonus_verifications: 1 },
        })
      ).status,
    ).toBe(409);
    const deleted = await call(deleteCoupon, {
      method: "POST",
      path: "/dashboard/admin/delete-coupon",
      headers: admin.auth,
      body: { code: "spring-2026" },
    });
    expect(deleted.json).toEqual({ deleted: true, code: "SPRING-2026" });
    expect(
      (
        await call(deleteCoupon, {
          method: "POST",
          path: "/dashboard/admin/delete-coupon",
          headers: admin.auth,
          body: { code: "SPRING-2026" },
        })
      ).status,
    ).toBe(404);
  });

  it("clears the cached analysis of a file", async () => {
    const db = await getDb();
    const { fileSha256 } = await db.verification.findUniqueOrThrow({ where: { id } });
    expect(await db.analysisCache.count({ where: { fileSha256 } })).toBe(1);
    const res = await call(clearCache, {
      method: "POST",
      path: "/dashboard/admin/clear-cache",
      headers: admin.auth,
      body: { file_sha256: fileSha256 },
    });
    expect(res.json).toEqual({ file_sha256: fileSha256, deleted: 1 });
    expect(await db.analysisCache.count({ where: { fileSha256 } })).toBe(0);
  });

  it("updates fields inside verdict_json and the columns that mirror them", async () => {
    const res = await call(updateVerification, {
      method: "POST",
      path: "/dashboard/admin/update-verification",
      headers: admin.auth,
      body: {
        verification_id: id,
        updates: {
          verdict: "MANUAL_REVIEW",
          confidence: 0.5,
          summary: "Sent to a human.",
          fields: { holder_name: "Corrected Name" },
        },
      },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      verdict: "MANUAL_REVIEW",
      confidence: 0.5,
      report: { summary: "Sent to a human.", verdict: "MANUAL_REVIEW" },
    });
    expect(res.json.report.fields.holder_name).toBe("Corrected Name");
    expect(res.json.report.fields.institution).toBe("University of Example");
    expect(res.json.og_image_url).not.toMatch(/v=4$/);
    const missing = await call(updateVerification, {
      method: "POST",
      path: "/dashboard/admin/update-verification",
      headers: admin.auth,
      body: { verification_id: "ver_nope", updates: { summary: "x" } },
    });
    expect(missing.status).toBe(404);
  });
});

describe("calibration", () => {
  it("stores annotation feedback from the owner only, and suggests recalibration from 20 entries", async () => {
    const region = { x: 0.1, y: 0.1, width: 0.2, height: 0.1 };
    const body = {
      verification_id: id,
      annotations: [{ check: "pixel.ela", page: 1, predicted: region, corrected: { ...region, x: 0.15 } }],
    };
    expect((await call(feedback, { method: "POST", path: "/verify/calibrate/feedback", body })).status).toBe(401);
    expect(
      (await call(feedback, { method: "POST", path: "/verify/calibrate/feedback", headers: other.auth, body })).status,
    ).toBe(404);
    // Feedback is global (one calibration for the server): other test files may have stored some.
    const first = await call(feedback, {
      method: "POST",
      path: "/verify/calibrate/feedback",
      headers: owner.auth,
      body,
    });
    const prior = (first.json.total_feedback as number) - 1;
    expect(first.json).toMatchObject({ stored: 1, recalibration_suggested: prior + 1 >= 20 });
    const many = { verification_id: id, annotations: Array.from({ length: 19 }, () => body.annotations[0]) };
    const after = await call(feedback, {
      method: "POST",
      path: "/verify/calibrate/feedback",
      headers: owner.auth,
      body: many,
    });
    expect(after.json).toMatchObject({ stored: 19, total_feedback: prior + 20, recalibration_suggested: true });
    const bad = await call(feedback, {
      method: "POST",
      path: "/verify/calibrate/feedback",
      headers: owner.auth,
      body: { verification_id: id, annotations: [{ page: 1, predicted: { ...region, x: 2 }, corrected: null }] },
    });
    expect(bad.status).toBe(422);
  });

  it("states the benchmark's calibration until the first refit", async () => {
    const db = await getDb();
    const rollback = new Error("rollback");
    let model: Awaited<ReturnType<typeof currentCalibration>> | undefined;
    await db
      .$transaction(async (tx) => {
        await tx.calibrationModel.deleteMany({});
        model = await currentCalibration(tx);
        throw rollback;
      })
      .catch((e: unknown) => {
        if (e !== rollback) throw e;
      });
    expect(model).toEqual(BENCHMARK_CALIBRATION);
    expect(benchmarkSamples.length).toBeGreaterThan(100);
    // Fitted on right and wrong verdicts: not the identity, and monotone.
    expect(model!.points).not.toEqual([
      { x: 0, y: 0 },
      { x: 1, y: 1 },
    ]);
    expect(model!.points.every((p, i) => i === 0 || p.y >= model!.points[i - 1].y)).toBe(true);
  });

  it("takes no correction of a test-mode verification: nothing analysed it", async () => {
    const sample = await makeCompletedVerification(owner.user.id, { livemode: false });
    const res = await call(calibrate, {
      method: "POST",
      path: "/dashboard/calibrate",
      headers: admin.auth,
      body: { corrections: [{ verification_id: sample.id, correct: true }] },
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.json.detail)).toMatch(/test-mode verification/);
  });

  it("refits the piecewise-linear model from the benchmark and all feedback, and live analyses use it", async () => {
    const db = await getDb();
    const pdf = await diplomaPdf("Calibrated Person");
    const before = await db.verification.findUniqueOrThrow({ where: { id: await webVerification(owner.auth, pdf) } });
    const raw = (before.verdictJson as { raw_confidence: number }).raw_confidence;
    expect(raw).toBeGreaterThan(0);

    const prior = await db.calibrationFeedback.count({ where: { kind: "confidence" } });
    // Thirty reports at this document's own confidence, two in three of them wrong: whatever the
    // benchmark's samples say there, the refit must move this confidence.
    const corrections = Array.from({ length: 30 }, (_, i) => ({ predicted_confidence: raw, correct: i % 3 === 0 }));
    const res = await call(calibrate, {
      method: "POST",
      path: "/dashboard/calibrate",
      headers: admin.auth,
      body: { corrections: [...corrections, { verification_id: id, correct: false }] },
    });
    expect(res.status).toBe(200);
    expect(res.json.stored).toBe(31);
    expect(res.json.feedback_samples).toBe(prior + 31);
    expect(res.json.samples).toBe(benchmarkSamples.length + prior + 31);
    // A correction naming a verification is fitted on that report's raw confidence.
    const stored = await db.calibrationFeedback.findFirstOrThrow({
      where: { kind: "confidence", verificationId: id },
      orderBy: { createdAt: "desc" },
    });
    const named = await db.verification.findUniqueOrThrow({ where: { id } });
    expect(stored.predicted).toEqual({ confidence: (named.verdictJson as { raw_confidence: number }).raw_confidence });
    expect(res.json.model_id).toMatch(/^cal_/);
    const model = res.json.model as { points: Array<{ x: number; y: number }> };
    expect(model.points.length).toBeGreaterThanOrEqual(2);
    expect(
      model.points.every((p, i) => i === 0 || (p.x >= model.points[i - 1].x && p.y >= model.points[i - 1].y)),
    ).toBe(true);

    // The same document analysed again (cache cleared) gets the calibrated confidence.
    await db.analysisCache.deleteMany({ where: { fileSha256: before.fileSha256 } });
    const after = await db.verification.findUniqueOrThrow({ where: { id: await webVerification(owner.auth, pdf) } });
    expect(after.confidence).toBeCloseTo(applyCalibration(model, raw), 2);
    expect((after.verdictJson as { raw_confidence: number }).raw_confidence).toBe(raw);
    expect(after.confidence).not.toBeCloseTo(before.confidence!, 2);
  });
});
