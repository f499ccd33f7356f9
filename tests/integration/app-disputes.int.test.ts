import { describe, expect, it } from "vitest";
import { POST as dispute } from "../../app/gdpr/dispute/[verification_id]/route";
import { getDb } from "../../lib/db";
import { createVerification } from "../../lib/verifications/create-verification";
import { call, makeSession } from "../helpers/harness";

async function verificationOf(userId: string) {
  return createVerification(await getDb(), {
    userId,
    livemode: false,
    source: "web",
    document: {
      bytes: Buffer.from("credence-test:REJECTED"),
      contentType: "application/pdf",
      fileName: "d.pdf",
      mode: "standard",
    },
  });
}

describe("POST /gdpr/dispute/{verification_id}", () => {
  it("lets the owner dispute once while it is pending", async () => {
    const owner = await makeSession();
    const v = await verificationOf(owner.user.id);
    const body = { reason: "The institution confirmed this diploma by phone." };
    const first = await call(dispute, {
      method: "POST",
      path: `/gdpr/dispute/${v.id}`,
      headers: owner.auth,
      body,
      params: { verification_id: v.id },
    });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ verification_id: v.id, status: "pending", reason: body.reason });
    const again = await call(dispute, {
      method: "POST",
      path: `/gdpr/dispute/${v.id}`,
      headers: owner.auth,
      body,
      params: { verification_id: v.id },
    });
    expect(again.status).toBe(409);
  });

  it("answers 404 to anyone else and 401 to nobody, and records nothing", async () => {
    const owner = await makeSession();
    const other = await makeSession();
    const v = await verificationOf(owner.user.id);
    const body = { reason: "This is not mine but I dispute it." };
    const theirs = await call(dispute, {
      method: "POST",
      path: `/gdpr/dispute/${v.id}`,
      headers: other.auth,
      body,
      params: { verification_id: v.id },
    });
    expect(theirs.status).toBe(404);
    const anonymous = await call(dispute, {
      method: "POST",
      path: `/gdpr/dispute/${v.id}`,
      body,
      params: { verification_id: v.id },
    });
    expect(anonymous.status).toBe(401);
    expect(await (await getDb()).dispute.count({ where: { verificationId: v.id } })).toBe(0);
  });

  it("asks for a real reason", async () => {
    const owner = await makeSession();
    const v = await verificationOf(owner.user.id);
    const res = await call(dispute, {
      method: "POST",
      path: `/gdpr/dispute/${v.id}`,
      headers: owner.auth,
      body: { reason: "wrong" },
      params: { verification_id: v.id },
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.json.detail)).toMatch(/at least 10 characters/);
  });
});
