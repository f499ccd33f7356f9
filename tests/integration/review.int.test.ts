// Human review: an owner's or an admin's corrected verdict shows in the owner's own views and on no
// public surface; admins read override rates; the learning engine turns reviews into rule
// suggestions that, once approved, change what the real engine answers for a new verification.
import { describe, expect, it } from "vitest";
import { GET as exportCsv } from "../../app/folders/[folder_id]/export/route";
import { GET as getFolder } from "../../app/folders/[folder_id]/route";
import { GET as listHistory } from "../../app/dashboard/verifications/route";
import { GET as shared } from "../../app/dashboard/verification/[verification_id]/route";
import { GET as badgeRoute } from "../../app/holder/badge/[badge_hash]/route";
import { POST as claim } from "../../app/holder/claim/[verification_id]/route";
import { POST as preview } from "../../app/issuer-approval/preview/route";
import { GET as analytics } from "../../app/review/admin/analytics/route";
import { POST as approve } from "../../app/review/admin/approve/[suggestion_id]/route";
import { POST as generate } from "../../app/review/admin/generate-suggestions/route";
import { POST as reject } from "../../app/review/admin/reject/[suggestion_id]/route";
import { GET as suggestions } from "../../app/review/admin/suggestions/route";
import { GET as history } from "../../app/review/history/route";
import { POST as submit } from "../../app/review/submit/route";
import { getDb, Prisma } from "../../lib/db";
import { createFolder } from "../../lib/folders/create-folder";
import type { Finding, ForensicReport } from "../../lib/forensics/types";
import { refuseReport } from "../../lib/forensics/pipeline/refuse";
import { currentOverrides } from "../../lib/review/overrides/current-overrides";
import { reviewedVerdictOf } from "../../lib/review/reviewed-verdict";
import { createVerification } from "../../lib/verifications/create-verification";
import { call, makeSession } from "../helpers/harness";
import { makeCompletedVerification, makeHolderProfile } from "../helpers/holder-credentials";
import { webVerification } from "./app-flows";
import { diplomaPdf } from "./app-documents";

type Session = Awaited<ReturnType<typeof makeSession>>;

const review = (who: Session, body: object) =>
  call(submit, { method: "POST", path: "/review/submit", headers: who.auth, body });

const finding = (check: string, severity: Finding["severity"], score: number): Finding => ({
  check,
  severity,
  score,
  message: `${check} found something`,
  page: null,
  region: null,
});

/** A completed live verification whose stored report has these findings (the engine's verdict is not under test here). */
async function storedVerification(
  userId: string,
  verdict: "VERIFIED" | "SUSPECT",
  findings: Finding[],
  scope = { doc_type: "certificate", format: "pdf" },
) {
  const db = await getDb();
  const v = await makeCompletedVerification(userId, { verdict });
  const report = {
    engine_version: "credence-forensics/1.0.0",
    overrides_version: null,
    verdict,
    confidence: 0.6,
    ...scope,
    is_credential: true,
    page_count: 1,
    pages: [],
    fields: { holder_name: "Jane Example" },
    findings,
    summary: "",
    fusion_inputs: { checks_run: 5, checks_failed: 0, something_read: true, classification_confidence: 0.9 },
  };
  return db.verification.update({
    where: { id: v.id },
    data: { docType: scope.doc_type, verdictJson: report as unknown as Prisma.InputJsonValue },
  });
}

describe("submitting a review", () => {
  it("records the owner's correction and an admin's, refuses others with 404, and validates", async () => {
    const owner = await makeSession();
    const admin = await makeSession({ role: "admin" });
    const stranger = await makeSession();
    const v = await storedVerification(owner.user.id, "SUSPECT", [finding("pdf.producer", "high", 0.6)]);

    const mine = await review(owner, {
      verification_id: v.id,
      verdict: "VERIFIED",
      reason: "  The registrar confirmed it by phone. ",
      wrong_checks: ["pdf.producer", "pdf.producer"],
    });
    expect(mine.status).toBe(201);
    expect(mine.json).toMatchObject({
      object: "review",
      verification_id: v.id,
      reviewer: "owner",
      original_verdict: "SUSPECT",
      verdict: "VERIFIED",
      overrides: true,
      reason: "The registrar confirmed it by phone.",
      wrong_checks: ["pdf.producer"],
    });

    const byAdmin = await review(admin, { verification_id: v.id, verdict: "SUSPECT", reason: "Second look: keep." });
    expect(byAdmin.json).toMatchObject({ reviewer: "admin", overrides: false, wrong_checks: [] });

    const refused = await review(stranger, { verification_id: v.id, verdict: "VERIFIED", reason: "mine now" });
    expect(refused.status).toBe(404);
    const unknown = await review(owner, { verification_id: "ver_nope", verdict: "VERIFIED", reason: "nothing" });
    expect(unknown.status).toBe(404);
    expect(refused.json.detail).toBe(unknown.json.detail.replace("ver_nope", v.id));

    const notInReport = await review(owner, {
      verification_id: v.id,
      verdict: "VERIFIED",
      reason: "wrong check",
      wrong_checks: ["pixel.ela"],
    });
    expect(notInReport.status).toBe(422);
    expect(JSON.stringify(notInReport.json)).toMatch(/pixel\.ela, not among this report's findings \(pdf\.producer\)/);
    const confirmWithChecks = await review(owner, {
      verification_id: v.id,
      verdict: "SUSPECT",
      reason: "it is right",
      wrong_checks: ["pdf.producer"],
    });
    expect(confirmWithChecks.status).toBe(422);
    for (const body of [
      { verification_id: v.id, verdict: "VERIFIED SAMPLE", reason: "sample" },
      { verification_id: v.id, verdict: "VERIFIED", reason: " x " },
      { verification_id: v.id, verdict: "VERIFIED" },
    ]) {
      const res = await review(owner, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const db = await getDb();
    expect(await db.review.count({ where: { verificationId: v.id } })).toBe(2);
    // The latest review is the one the owner sees; an administrator is not named to them.
    expect(await reviewedVerdictOf(db, v)).toMatchObject({
      verdict: "SUSPECT",
      original_verdict: "SUSPECT",
      reviewer: "admin",
      reviewer_email: null,
      reason: "Second look: keep.",
    });

    const testMode = await createVerification(db, {
      userId: owner.user.id,
      livemode: false,
      source: "api",
      document: {
        bytes: Buffer.from("credence-test:SUSPECT"),
        contentType: "application/pdf",
        fileName: "t.pdf",
        mode: "standard",
      },
    });
    const simulated = await review(owner, { verification_id: testMode.id, verdict: "VERIFIED", reason: "test" });
    expect(simulated.status).toBe(409);
  });

  it("lists the reviewer's own reviews, newest first, a page at a time", async () => {
    const owner = await makeSession();
    const other = await makeSession();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const v = await storedVerification(owner.user.id, "VERIFIED", []);
      ids.push(v.id);
      expect((await review(owner, { verification_id: v.id, verdict: "REJECTED", reason: `forged ${i}` })).status).toBe(
        201,
      );
    }
    const first = await call(history, { path: "/review/history?limit=2", headers: owner.auth });
    expect(first.json).toMatchObject({ object: "list", total: 3, limit: 2, offset: 0, has_more: true });
    expect(first.json.data.map((r: { verification_id: string }) => r.verification_id)).toEqual([ids[2], ids[1]]);
    const second = await call(history, { path: "/review/history?limit=2&offset=2", headers: owner.auth });
    expect(second.json).toMatchObject({ has_more: false, data: [{ verification_id: ids[0], reason: "forged 0" }] });
    expect((await call(history, { path: "/review/history", headers: other.auth })).json).toMatchObject({
      total: 0,
      data: [],
    });
    for (const q of ["limit=0", "limit=101", "offset=-1", "limit=x"])
      expect((await call(history, { path: `/review/history?${q}`, headers: owner.auth })).status, q).toBe(422);
  });
});

describe("who sees a reviewed verdict", () => {
  it("the owner's result views, dashboard, folder and export show it; share, claim and badge keep the engine's", async () => {
    const owner = await makeSession();
    await makeHolderProfile(owner.user.id);
    const db = await getDb();
    const suspect = await storedVerification(owner.user.id, "SUSPECT", [finding("metadata.software", "high", 0.6)]);
    expect(
      (
        await review(owner, {
          verification_id: suspect.id,
          verdict: "VERIFIED",
          reason: "Seen the original paper",
          wrong_checks: ["metadata.software"],
        })
      ).status,
    ).toBe(201);

    // The owner's views.
    const dashboard = await call(listHistory, { path: "/dashboard/verifications", headers: owner.auth });
    const item = dashboard.json.items.find((i: { verification_id: string }) => i.verification_id === suspect.id);
    expect(item).toMatchObject({
      verdict: "VERIFIED",
      review: {
        verdict: "VERIFIED",
        original_verdict: "SUSPECT",
        reviewer: "owner",
        reason: "Seen the original paper",
      },
    });
    expect(item.review.reviewer_email).toBe(owner.user.email);
    const folder = await createFolder(db, owner.user.id, { name: "Applicant 9" });
    await db.folderVerification.create({ data: { folderId: folder.id, verificationId: suspect.id } });
    const params = { folder_id: folder.id };
    const detail = await call(getFolder, { path: `/folders/${folder.id}`, headers: owner.auth, params });
    expect(detail.json).toMatchObject({
      worst_verdict: "VERIFIED",
      verifications: [{ verdict: "VERIFIED", review: { original_verdict: "SUSPECT" } }],
      summary: { worst_verdict: "VERIFIED" },
    });
    const csv = await call(exportCsv, { path: `/folders/${folder.id}/export`, headers: owner.auth, params });
    const [header, row] = csv.text.replace(/^\uFEFF/, "").split("\r\n");
    const cells = Object.fromEntries(header.split(",").map((h, i) => [h, row.split(",")[i]]));
    expect(cells).toMatchObject({
      verdict: "VERIFIED",
      original_verdict: "SUSPECT",
      reviewed_by: owner.user.email,
      review_reason: "Seen the original paper",
    });

    // Everyone else's: the share projection, and a claim, which reads the verdict column.
    const share = await call(shared, {
      path: `/dashboard/verification/${suspect.id}`,
      params: { verification_id: suspect.id },
    });
    expect(share.json.verdict).toBe("SUSPECT");
    expect(share.text).not.toContain("Seen the original paper");
    const claimed = await call(claim, {
      method: "POST",
      path: `/holder/claim/${suspect.id}`,
      headers: owner.auth,
      params: { verification_id: suspect.id },
    });
    expect(claimed.status).toBe(409);
    expect(claimed.json.detail).toMatch(/this one's is SUSPECT/);
  });

  it("an owner's REJECTED on a real verification leaves its badge and its issuer request VERIFIED", async () => {
    const owner = await makeSession();
    await makeHolderProfile(owner.user.id);
    const id = await webVerification(owner.auth);
    const share = () => call(shared, { path: `/dashboard/verification/${id}`, params: { verification_id: id } });
    expect((await share()).json.verdict).toBe("VERIFIED");
    expect(
      (await review(owner, { verification_id: id, verdict: "REJECTED", reason: "The applicant admitted editing it." }))
        .status,
    ).toBe(201);
    expect((await share()).json.verdict).toBe("VERIFIED");

    const mail = await call(preview, {
      method: "POST",
      path: "/issuer-approval/preview",
      headers: owner.auth,
      body: {
        verification_id: id,
        institution_name: "University of Example",
        institution_email: "registrar@uni.example.edu",
      },
    });
    expect(mail.status).toBe(200);
    expect(mail.json.text).toContain("Credence's forensic analysis: VERIFIED");
    expect(mail.json.text).not.toContain("REJECTED");

    const claimed = await call(claim, {
      method: "POST",
      path: `/holder/claim/${id}`,
      headers: owner.auth,
      params: { verification_id: id },
    });
    expect(claimed.status).toBe(201);
    const hash = claimed.json.badge_hash as string;
    const badge = await call(badgeRoute, { path: `/holder/badge/${hash}`, params: { badge_hash: hash } });
    expect(badge.json.verdict).toBe("VERIFIED");
    expect(badge.text).not.toContain("admitted editing");
  });
});

describe("review analytics and rule suggestions", () => {
  it("counts override rates per type, check and verdict; one account alone suggests nothing; rejecting records why", async () => {
    const admin = await makeSession({ role: "admin" });
    const scope = { doc_type: "utility_bill", format: "png" };
    const sharp = [finding("pixel.sharp_text", "high", 0.7)];
    const run = () =>
      call(generate, { method: "POST", path: "/review/admin/generate-suggestions", headers: admin.auth });
    const pendingFor = (key: string) =>
      run().then((r) =>
        r.json.data.find((s: { rule: { check: string; doc_type: string } }) => s.rule.doc_type === key),
      );

    // One account overruling the check on four of its documents is no evidence for the engine.
    const solo = await makeSession();
    for (let i = 0; i < 4; i++) {
      const v = await storedVerification(solo.user.id, "SUSPECT", sharp, scope);
      await review(solo, {
        verification_id: v.id,
        verdict: "VERIFIED",
        reason: "fine",
        wrong_checks: ["pixel.sharp_text"],
      });
    }
    expect(await pendingFor("utility_bill")).toBeUndefined();

    // Two more accounts: three distinct reviewers.
    for (const who of [await makeSession(), await makeSession()]) {
      const v = await storedVerification(who.user.id, "SUSPECT", sharp, scope);
      await review(who, {
        verification_id: v.id,
        verdict: "VERIFIED",
        reason: "fine",
        wrong_checks: ["pixel.sharp_text"],
      });
    }
    // Two runs at once still leave one pending suggestion for the scope.
    const both = await Promise.all([run(), run()]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.map((r) => r.json.created).sort()).toEqual([0, 1]);
    const db = await getDb();
    const scopeKey = "pixel.sharp_text|utility_bill|png";
    expect(await db.ruleSuggestion.count({ where: { scopeKey } })).toBe(1);
    const suggestion = await pendingFor("utility_bill");
    expect(suggestion).toMatchObject({
      status: "pending",
      rule: { check: "pixel.sharp_text", doc_type: "utility_bill", format: "png", weight: 0.5 },
      support: 3,
      evidence: { reviewers: 3, verifications_reviewed: 6, verifications_overruled: 6, override_rate: 1 },
      effect: { overruled: { total: 6, changed: 6, match_review: 6 }, estimated: 0 },
    });
    // Generating again refreshes it rather than adding a second.
    const again = await run();
    expect(again.json.created).toBe(0);
    expect(again.json.data.filter((s: { id: number }) => s.id === suggestion.id)).toHaveLength(1);

    const stats = await call(analytics, { path: "/review/admin/analytics", headers: admin.auth });
    expect(stats.status).toBe(200);
    expect(stats.json.by_doc_type.find((r: { key: string }) => r.key === "utility_bill")).toEqual({
      key: "utility_bill",
      reviews: 6,
      overrides: 6,
      rate: 1,
    });
    expect(stats.json.by_check.find((r: { key: string }) => r.key === "pixel.sharp_text")).toMatchObject({
      overrides: 6,
    });
    expect(stats.json.by_verdict.find((r: { key: string }) => r.key === "SUSPECT").overrides).toBeGreaterThanOrEqual(6);

    const params = { suggestion_id: String(suggestion.id) };
    const path = `/review/admin/reject/${suggestion.id}`;
    const noReason = await call(reject, { method: "POST", path, headers: admin.auth, params, body: {} });
    expect(noReason.status).toBe(422);
    const rejected = await call(reject, {
      method: "POST",
      path,
      headers: admin.auth,
      params,
      body: { reason: "Utility bills are scanned at the counter; keep the weight." },
    });
    expect(rejected.json).toMatchObject({ status: "rejected", decision_note: expect.stringMatching(/counter/) });
    expect(
      (await call(reject, { method: "POST", path, headers: admin.auth, params, body: { reason: "twice" } })).status,
    ).toBe(409);
    const listed = await call(suggestions, { path: "/review/admin/suggestions", headers: admin.auth });
    expect(listed.json.data.some((s: { id: number }) => s.id === suggestion.id)).toBe(false);
    // The same support does not bring a rejected scope back; a new account does.
    expect(await pendingFor("utility_bill")).toBeUndefined();
    const fourth = await makeSession();
    const v = await storedVerification(fourth.user.id, "SUSPECT", sharp, scope);
    await review(fourth, {
      verification_id: v.id,
      verdict: "VERIFIED",
      reason: "fine",
      wrong_checks: ["pixel.sharp_text"],
    });
    expect(await pendingFor("utility_bill")).toMatchObject({ support: 4 });
  });

  it("an approved suggestion changes the verdict of a new verification as its replay predicted (real engine)", async () => {
    const admin = await makeSession({ role: "admin" });
    // A diploma re-saved by Photoshop long after issue: pdf.producer (high) makes it SUSPECT.
    const edited = (name: string) =>
      diplomaPdf(name, { producer: "Adobe Photoshop 24.0", modified: "2024-02-01T10:00:00Z" });
    const reviewers = [await makeSession(), await makeSession(), await makeSession()];
    const reviewed: string[] = [];
    for (const [i, who] of reviewers.entries()) {
      const id = await webVerification(who.auth, await edited(["Ann Lee", "Bo Park", "Cy Diaz"][i]));
      const res = await review(who, {
        verification_id: id,
        verdict: "VERIFIED",
        reason: "The registrar re-exports diplomas through Photoshop; confirmed genuine.",
        wrong_checks: ["pdf.producer"],
      });
      expect(res.json.original_verdict).toBe("SUSPECT");
      reviewed.push(id);
    }

    const owner = await makeSession();
    const db = await getDb();
    const inForce = (await currentOverrides(db))?.version ?? null;
    const before = await webVerification(owner.auth, await edited("Dee Moss"));
    const beforeRow = await db.verification.findUniqueOrThrow({ where: { id: before } });
    const beforeReport = beforeRow.verdictJson as unknown as ForensicReport;
    expect(beforeReport).toMatchObject({ verdict: "SUSPECT", overrides_version: inForce, doc_type: "diploma" });

    const generated = await call(generate, {
      method: "POST",
      path: "/review/admin/generate-suggestions",
      headers: admin.auth,
    });
    const suggestion = generated.json.data.find(
      (s: { rule: { check: string; doc_type: string } }) =>
        s.rule.check === "pdf.producer" && s.rule.doc_type === "diploma",
    );
    expect(suggestion).toMatchObject({
      rule: { check: "pdf.producer", doc_type: "diploma", format: "pdf", weight: 0.5 },
      support: 3,
      evidence: { reviewers: 3, verifications_overruled: 3 },
      effect: { overruled: { total: 3, changed: 3, match_review: 3 }, estimated: 0 },
    });
    expect(suggestion.effect.predicted).toEqual(
      expect.arrayContaining(reviewed.map((id) => ({ verification_id: id, from: "SUSPECT", to: "VERIFIED" }))),
    );

    const approved = await call(approve, {
      method: "POST",
      path: `/review/admin/approve/${suggestion.id}`,
      headers: admin.auth,
      params: { suggestion_id: String(suggestion.id) },
    });
    expect(approved.status).toBe(200);
    const version = approved.json.overrides_version as number;
    expect(version).toBe((inForce ?? 0) + 1);
    expect(approved.json.suggestion).toMatchObject({ status: "approved", overrides_version: version });
    expect(approved.json.rules).toContainEqual(suggestion.rule);
    const overrides = await currentOverrides(db);
    expect(overrides?.version).toBe(version);
    const again = await call(approve, {
      method: "POST",
      path: `/review/admin/approve/${suggestion.id}`,
      headers: admin.auth,
      params: { suggestion_id: String(suggestion.id) },
    });
    expect(again.status).toBe(409);

    // The prediction for a document the suggestion never saw, from its stored report...
    const predicted = refuseReport(beforeReport, overrides).verdict;
    expect(predicted).toBe("VERIFIED");
    // ...is what the engine now answers for the same document, on the web flow and the API path.
    const after = await webVerification(owner.auth, await edited("Dee Moss"));
    const afterRow = await db.verification.findUniqueOrThrow({ where: { id: after } });
    expect(afterRow.verdict).toBe(predicted);
    expect(afterRow.verdictJson).toMatchObject({ verdict: predicted, overrides_version: version });
    const api = await createVerification(db, {
      userId: owner.user.id,
      livemode: true,
      source: "api",
      document: {
        bytes: await edited("Eve Stone"),
        contentType: "application/pdf",
        fileName: "d.pdf",
        mode: "standard",
      },
    });
    expect(api.verdict).toBe("VERIFIED");
    expect(api.verdictJson).toMatchObject({ overrides_version: version });
    // The finding is still reported as the check found it: only its weight changed.
    expect((afterRow.verdictJson as unknown as ForensicReport).findings).toContainEqual(
      expect.objectContaining({ check: "pdf.producer", severity: "high", score: 0.6 }),
    );
  }, 180_000);
});
