// The dispute queue and its resolution: an upheld dispute corrects the verdict on every surface,
// marked as an admin's correction, and tells the owner by e-mail and by webhook
// (verification.updated); rejected leaves it; a resolution stands; the owner may withdraw.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as share } from "../../app/dashboard/verification/[verification_id]/route";
import { GET as report } from "../../app/dashboard/verification/[verification_id]/report/route";
import { POST as resolve } from "../../app/gdpr/admin/disputes/[dispute_id]/resolve/route";
import { GET as queue } from "../../app/gdpr/admin/disputes/route";
import { GET as v1Get } from "../../app/v1/verifications/[id]/route";
import { getDb } from "../../lib/db";
import { disputeMailJob } from "../../lib/disputes/dispute-mail-job";
import { fileDispute } from "../../lib/disputes/file-dispute";
import { withdrawDispute } from "../../lib/disputes/withdraw-dispute";
import { resetEnvCache } from "../../lib/env";
import { stopJobWorkers } from "../../lib/jobs/workers";
import { createEndpoint } from "../../lib/webhooks/create-endpoint";
import { call, callV1, makeSession, makeToken } from "../helpers/harness";
import { makeCompletedVerification } from "../helpers/holder-credentials";
import { pdfText } from "../helpers/pdf-text";
import { startSmtpReceiver } from "../helpers/smtp";

let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  process.env.SMTP_URL = smtp.url;
  process.env.FETCH_ALLOW_PRIVATE = "true"; // the webhook endpoint is only stored
  resetEnvCache();
});
afterAll(async () => {
  await stopJobWorkers();
  await smtp.close();
  delete process.env.SMTP_URL;
  delete process.env.FETCH_ALLOW_PRIVATE;
  resetEnvCache();
});

async function disputed(verdict: "SUSPECT" | "REJECTED" = "SUSPECT") {
  const owner = await makeSession();
  const db = await getDb();
  const verification = await makeCompletedVerification(owner.user.id, { verdict });
  const dispute = await fileDispute(db, {
    userId: owner.user.id,
    verificationId: verification.id,
    reason: "The registrar confirmed this diploma by phone.",
  });
  return { owner, verification, dispute };
}

const resolveAs = (auth: Record<string, string>, id: number, body: object) =>
  call(resolve, {
    method: "POST",
    path: `/gdpr/admin/disputes/${id}/resolve`,
    headers: auth,
    params: { dispute_id: String(id) },
    body,
  });

describe("POST /gdpr/admin/disputes/{dispute_id}/resolve", () => {
  it("upheld: the verdict is corrected everywhere, marked, and the owner is told by e-mail and webhook", async () => {
    const { owner, verification, dispute } = await disputed("SUSPECT");
    const admin = await makeSession({ role: "admin" });
    const db = await getDb();
    const endpoint = await createEndpoint(
      db,
      { userId: owner.user.id, livemode: true },
      { url: "https://127.0.0.1:9/hook", events: ["verification.updated"] },
    );
    const res = await resolveAs(admin.auth, dispute.id, {
      outcome: "upheld",
      corrected_verdict: "VERIFIED",
      resolution_note: "The registrar confirmed the degree.",
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      dispute_id: dispute.id,
      status: "upheld",
      original_verdict: "SUSPECT",
      corrected_verdict: "VERIFIED",
      resolved_by: admin.user.email,
      verification: { verification_id: verification.id, verdict: "VERIFIED" },
    });

    // The share JSON (public): corrected, and marked as an admin's correction.
    const shared = await call(share, {
      path: `/dashboard/verification/${verification.id}`,
      params: { verification_id: verification.id },
    });
    expect(shared.json.verdict).toBe("VERIFIED");
    expect(shared.json.report.dispute_correction).toMatchObject({
      dispute_id: dispute.id,
      original_verdict: "SUSPECT",
      corrected_verdict: "VERIFIED",
      note: "The registrar confirmed the degree.",
    });
    // The PDF report says so.
    const pdf = await report(new Request(`http://localhost:3000/dashboard/verification/${verification.id}/report`), {
      params: Promise.resolve({ verification_id: verification.id }),
    });
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toMatch(/Corrected after review/);
    // The API.
    const token = await makeToken({ userId: owner.user.id, mode: "live" });
    const api = await callV1(v1Get, {
      path: `/v1/verifications/${verification.id}`,
      headers: token.auth,
      params: { id: verification.id },
    });
    expect(api.json).toMatchObject({
      verdict: "VERIFIED",
      report: { dispute_correction: { original_verdict: "SUSPECT" } },
    });

    // The webhook event, with a delivery for the subscribed endpoint.
    const event = await db.event.findFirstOrThrow({ where: { userId: owner.user.id, type: "verification.updated" } });
    expect(event.data).toMatchObject({
      verification: { id: verification.id, verdict: "VERIFIED" },
      dispute: { dispute_id: dispute.id, status: "upheld" },
    });
    expect(await db.webhookDelivery.count({ where: { eventId: event.id, endpointId: endpoint.id } })).toBe(1);

    // The e-mail: its job was queued with the resolution; run it as the engine would.
    await disputeMailJob.handle({ disputeId: dispute.id }, { attempt: 1 });
    const mail = await smtp.waitFor(owner.user.email);
    expect(mail.text).toMatch(/upheld: the verdict was corrected/);
    expect(mail.text).toMatch(/from SUSPECT to VERIFIED/);
    expect(mail.text).toContain("The registrar confirmed the degree.");

    // A resolution stands.
    const again = await resolveAs(admin.auth, dispute.id, { outcome: "rejected" });
    expect(again.status).toBe(409);
  });

  it("rejected: the verdict stands, no event, the owner is e-mailed", async () => {
    const { owner, verification, dispute } = await disputed("REJECTED");
    const admin = await makeSession({ role: "admin" });
    const res = await resolveAs(admin.auth, dispute.id, { outcome: "rejected", resolution_note: "Fonts differ." });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "rejected", original_verdict: null, corrected_verdict: null });
    const db = await getDb();
    expect((await db.verification.findUniqueOrThrow({ where: { id: verification.id } })).verdict).toBe("REJECTED");
    expect(await db.event.count({ where: { userId: owner.user.id, type: "verification.updated" } })).toBe(0);
    await disputeMailJob.handle({ disputeId: dispute.id }, { attempt: 1 });
    expect((await smtp.waitFor(owner.user.email)).text).toMatch(/rejected: the verdict stands/);
  });

  it("withdrawn by an admin on the owner's behalf", async () => {
    const { dispute } = await disputed();
    const admin = await makeSession({ role: "admin" });
    const res = await resolveAs(admin.auth, dispute.id, { outcome: "withdrawn" });
    expect(res.json.status).toBe("withdrawn");
  });

  it("validates: upheld needs a different verdict, the others none, the id a number", async () => {
    const { dispute } = await disputed("SUSPECT");
    const admin = await makeSession({ role: "admin" });
    for (const [body, message] of [
      [{ outcome: "upheld" }, "corrected_verdict is required"],
      [{ outcome: "rejected", corrected_verdict: "VERIFIED" }, "only for an upheld dispute"],
      [{ outcome: "upheld", corrected_verdict: "SUSPECT" }, "must differ from the current verdict"],
      [{ outcome: "approved" }, "outcome must be upheld, rejected or withdrawn"],
    ] as const) {
      const res = await resolveAs(admin.auth, dispute.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(res.json), JSON.stringify(body)).toContain(message);
    }
    const bad = await call(resolve, {
      method: "POST",
      path: "/gdpr/admin/disputes/abc/resolve",
      headers: admin.auth,
      params: { dispute_id: "abc" },
      body: { outcome: "rejected" },
    });
    expect(bad.status).toBe(422);
    const unknown = await resolveAs(admin.auth, 2_000_000_000, { outcome: "rejected" });
    expect(unknown.status).toBe(404);
  });
});

describe("GET /gdpr/admin/disputes", () => {
  it("filters by status, pending oldest first, limit 1-1000", async () => {
    const admin = await makeSession({ role: "admin" });
    const first = await disputed();
    const second = await disputed();
    const closed = await disputed();
    await resolveAs(admin.auth, closed.dispute.id, { outcome: "rejected" });
    const pending = await call(queue, { path: "/gdpr/admin/disputes?status=pending&limit=1000", headers: admin.auth });
    expect(pending.status).toBe(200);
    const ids = pending.json.items.map((d: { dispute_id: number }) => d.dispute_id);
    expect(ids).toContain(first.dispute.id);
    expect(ids.indexOf(first.dispute.id)).toBeLessThan(ids.indexOf(second.dispute.id));
    expect(ids).not.toContain(closed.dispute.id);
    expect(pending.json.items.every((d: { status: string }) => d.status === "pending")).toBe(true);
    const rejected = await call(queue, { path: "/gdpr/admin/disputes?status=rejected", headers: admin.auth });
    expect(rejected.json.items.map((d: { dispute_id: number }) => d.dispute_id)).toContain(closed.dispute.id);
    expect(rejected.json.limit).toBe(200);
    const one = await call(queue, { path: "/gdpr/admin/disputes?limit=1", headers: admin.auth });
    expect(one.json.items).toHaveLength(1);
    expect(one.json.total).toBeGreaterThanOrEqual(3);
    for (const query of ["limit=0", "limit=1001", "limit=many", "status=open"]) {
      const res = await call(queue, { path: `/gdpr/admin/disputes?${query}`, headers: admin.auth });
      expect(res.status, query).toBe(422);
    }
  });
});

describe("withdrawal by the owner", () => {
  it("closes the owner's own pending dispute; another user's answers like none", async () => {
    const { owner, dispute } = await disputed();
    const stranger = await makeSession();
    const db = await getDb();
    await expect(withdrawDispute(db, stranger.user.id, dispute.id)).rejects.toMatchObject({ code: "not_found" });
    await withdrawDispute(db, owner.user.id, dispute.id);
    expect(await db.dispute.findUniqueOrThrow({ where: { id: dispute.id } })).toMatchObject({
      status: "withdrawn",
      resolvedById: null,
    });
    await expect(withdrawDispute(db, owner.user.id, dispute.id)).rejects.toMatchObject({ code: "not_found" });
  });
});
