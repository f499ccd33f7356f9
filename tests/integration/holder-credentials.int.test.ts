import { describe, expect, it } from "vitest";
import { POST as claim } from "../../app/holder/claim/[verification_id]/route";
import { DELETE as remove, PATCH as patch } from "../../app/holder/credentials/[credential_id]/route";
import { POST as reorder } from "../../app/holder/credentials/reorder/route";
import { GET as list } from "../../app/holder/credentials/route";
import { getDb } from "../../lib/db";
import { call, makeSession } from "../helpers/harness";
import { makeCompletedVerification, makeHolderProfile } from "../helpers/holder-credentials";

type Session = Awaited<ReturnType<typeof makeSession>>;

const claimAs = (who: Session, id: string) =>
  call(claim, { method: "POST", path: `/holder/claim/${id}`, headers: who.auth, params: { verification_id: id } });

const patchAs = (who: Session, id: string, body: object) =>
  call(patch, {
    method: "PATCH",
    path: `/holder/credentials/${id}`,
    headers: who.auth,
    body,
    params: { credential_id: id },
  });

async function holder() {
  const session = await makeSession();
  const profile = await makeHolderProfile(session.user.id);
  return { ...session, profile };
}

describe("POST /holder/claim/{verification_id}", () => {
  it("claims a live VERIFIED verification once, with what the document says and a badge address", async () => {
    const owner = await holder();
    const v = await makeCompletedVerification(owner.user.id);
    const first = await claimAs(owner, v.id);
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({
      object: "credential",
      verification_id: v.id,
      label: "Bachelor of Science in Computer Science, University of Example",
      category: "education",
      is_public: true,
      is_sample: false,
      is_pinned: false,
      display_order: 0,
      verdict: "VERIFIED",
      doc_type: "diploma",
      issuer: "University of Example",
      issued_on: "2021-06-15",
      holder_name: "Jane Example",
    });
    expect(first.json.credential_id).toMatch(/^crd_/);
    expect(first.json.badge_hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first.json.badge_url).toBe(`/badge/${first.json.badge_hash}`);

    const again = await claimAs(owner, v.id);
    expect(again.status).toBe(409);
    expect(again.text).toContain("already claimed");
    expect(await (await getDb()).credential.count({ where: { verificationId: v.id } })).toBe(1);
  });

  it("claims test-mode VERIFIED and VERIFIED SAMPLE only as private samples without a badge", async () => {
    const owner = await holder();
    const testMode = await makeCompletedVerification(owner.user.id, { livemode: false });
    const sample = await makeCompletedVerification(owner.user.id, { verdict: "VERIFIED_SAMPLE" });
    for (const v of [testMode, sample]) {
      const answer = await claimAs(owner, v.id);
      expect(answer.status).toBe(201);
      expect(answer.json).toMatchObject({ is_sample: true, is_public: false, badge_hash: null, badge_url: null });
      expect(await (await getDb()).badge.count({ where: { credential: { verificationId: v.id } } })).toBe(0);
      const publish = await patchAs(owner, answer.json.credential_id, { is_public: true });
      expect(publish.status).toBe(422);
      expect(publish.text).toContain("never be public");
    }
  });

  it("refuses other verdicts, unfinished verifications, and answers 404 for another user's", async () => {
    const owner = await holder();
    for (const verdict of ["SUSPECT", "REJECTED", "NOT_CREDENTIAL", "MANUAL_REVIEW"] as const) {
      const v = await makeCompletedVerification(owner.user.id, { verdict });
      const answer = await claimAs(owner, v.id);
      expect(answer.status, verdict).toBe(409);
      expect(answer.text).toContain(`this one's is ${verdict}`);
    }
    const pending = await makeCompletedVerification(owner.user.id, { status: "pending" });
    expect((await claimAs(owner, pending.id)).text).toContain("completed");

    const stranger = await holder();
    const theirs = await claimAs(stranger, (await makeCompletedVerification(owner.user.id)).id);
    expect(theirs.status).toBe(404);
  });

  it("keeps the engine's verdict whatever the owner's review says", async () => {
    const owner = await holder();
    const v = await makeCompletedVerification(owner.user.id, { verdict: "SUSPECT" });
    await (
      await getDb()
    ).review.create({
      data: {
        id: `rev_${v.id.slice(4)}`,
        verificationId: v.id,
        reviewerId: owner.user.id,
        originalVerdict: "SUSPECT",
        newVerdict: "VERIFIED",
        reason: "I know it is mine.",
      },
    });
    expect((await claimAs(owner, v.id)).status).toBe(409);
  });

  it("asks for a profile first", async () => {
    const session = await makeSession();
    const v = await makeCompletedVerification(session.user.id);
    const answer = await claimAs(session, v.id);
    expect(answer.status).toBe(404);
    expect(answer.text).toContain("POST /holder/profile");
  });
});

describe("/holder/credentials", () => {
  it("lists, edits, reorders and removes the owner's credentials; others get 404", async () => {
    const owner = await holder();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await claimAs(owner, (await makeCompletedVerification(owner.user.id)).id)).json.credential_id);

    const edited = await patchAs(owner, ids[2], { label: "  My degree ", category: "certification", is_pinned: true });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ label: "My degree", category: "certification", is_pinned: true });
    expect((await patchAs(owner, ids[2], { category: "hobby" })).status).toBe(422);
    expect((await patchAs(owner, ids[2], {})).status).toBe(422);
    expect((await patchAs(owner, ids[2], { label: "" })).status).toBe(422);

    const listed = await call(list, { path: "/holder/credentials", headers: owner.auth });
    expect(listed.json.data.map((c: { credential_id: string }) => c.credential_id)).toEqual([ids[2], ids[0], ids[1]]);

    const order = (body: object) =>
      call(reorder, { method: "POST", path: "/holder/credentials/reorder", headers: owner.auth, body });
    const reordered = await order({ credential_ids: [ids[1], ids[2], ids[0]] });
    expect(reordered.status).toBe(200);
    expect(
      reordered.json.data.map((c: { credential_id: string; display_order: number }) => [
        c.credential_id,
        c.display_order,
      ]),
    ).toEqual([
      [ids[2], 1],
      [ids[1], 0],
      [ids[0], 2],
    ]);
    for (const bad of [
      [ids[0], ids[1]],
      [ids[0], ids[1], ids[2], ids[2]],
      [ids[0], ids[1], "crd_nothere"],
    ]) {
      const refused = await order({ credential_ids: bad });
      expect(refused.status, JSON.stringify(bad)).toBe(bad.includes("crd_nothere") ? 404 : 422);
    }
    // A refused reorder changed nothing.
    const after = await (
      await getDb()
    ).credential.findMany({ where: { id: { in: ids } }, orderBy: { displayOrder: "asc" } });
    expect(after.map((c) => c.id)).toEqual([ids[1], ids[2], ids[0]]);

    const stranger = await holder();
    expect((await patchAs(stranger, ids[0], { label: "mine" })).status).toBe(404);
    const foreign = await call(reorder, {
      method: "POST",
      path: "/holder/credentials/reorder",
      headers: stranger.auth,
      body: { credential_ids: ids },
    });
    expect(foreign.status).toBe(404);
    const del = (who: Session, id: string) =>
      call(remove, {
        method: "DELETE",
        path: `/holder/credentials/${id}`,
        headers: who.auth,
        params: { credential_id: id },
      });
    expect((await del(stranger, ids[0])).status).toBe(404);
    expect((await del(owner, ids[0])).json).toEqual({ credential_id: ids[0], object: "credential", deleted: true });
    expect((await del(owner, ids[0])).status).toBe(404);
    expect(await (await getDb()).badge.count({ where: { credentialId: ids[0] } })).toBe(0);
  });
});
