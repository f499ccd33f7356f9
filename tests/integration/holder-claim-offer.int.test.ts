// The result page's "Add to my profile": offered only to the owner of a live VERIFIED verification
// not yet claimed; every other case says why. Claiming, publishing and updating the profile through
// their routes queue the achievement check, which the workers then run.
import { afterAll, describe, expect, it } from "vitest";
import { POST as claimRoute } from "../../app/holder/claim/[verification_id]/route";
import { PATCH as patchCredential } from "../../app/holder/credentials/[credential_id]/route";
import { PATCH as patchProfile } from "../../app/holder/profile/route";
import { getDb } from "../../lib/db";
import { claimOffer } from "../../lib/holder/credentials/claim-offer";
import { stopJobWorkers } from "../../lib/jobs/workers";
import { startJobWorkers } from "../../server/jobs";
import { call, makeSession, makeUser } from "../helpers/harness";
import { makeCompletedVerification, makeHolderProfile } from "../helpers/holder-credentials";

afterAll(async () => {
  await stopJobWorkers();
});

describe("claimOffer", () => {
  it("offers a live VERIFIED verification to its owner once, and says why not otherwise", async () => {
    const db = await getDb();
    const owner = await makeUser();
    const live = await makeCompletedVerification(owner.id);
    expect(await claimOffer(db, owner.id, live.id)).toEqual({ state: "no_profile" });
    await makeHolderProfile(owner.id);
    expect(await claimOffer(db, owner.id, live.id)).toEqual({ state: "claimable" });

    const stranger = await makeUser();
    await makeHolderProfile(stranger.id);
    expect(await claimOffer(db, stranger.id, live.id)).toBeNull();

    const testMode = await makeCompletedVerification(owner.id, { livemode: false });
    expect(await claimOffer(db, owner.id, testMode.id)).toMatchObject({
      state: "refused",
      reason: expect.stringContaining("test-mode"),
    });
    const sample = await makeCompletedVerification(owner.id, { verdict: "VERIFIED_SAMPLE" });
    expect(await claimOffer(db, owner.id, sample.id)).toMatchObject({
      state: "refused",
      reason: expect.stringContaining("VERIFIED SAMPLE"),
    });
    const suspect = await makeCompletedVerification(owner.id, { verdict: "SUSPECT" });
    expect(await claimOffer(db, owner.id, suspect.id)).toMatchObject({
      state: "refused",
      reason: expect.stringContaining("this one's is SUSPECT"),
    });
  });
});

describe("achievement checks after a claim, a publish and a profile update", () => {
  it("unlocks first_credential, first_public_badge and complete_profile through the queued checks", async () => {
    const db = await getDb();
    const owner = await makeSession();
    await makeHolderProfile(owner.user.id);
    await startJobWorkers();
    const unlocked = async (key: string) => {
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline) {
        if (await db.achievement.findFirst({ where: { userId: owner.user.id, key } })) return true;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return false;
    };

    const v = await makeCompletedVerification(owner.user.id);
    const claimed = await call(claimRoute, {
      method: "POST",
      path: `/holder/claim/${v.id}`,
      headers: owner.auth,
      params: { verification_id: v.id },
    });
    expect(claimed.status).toBe(201);
    expect(await offerAfterClaim(owner.user.id, v.id)).toEqual({
      state: "claimed",
      credentialId: claimed.json.credential_id,
    });
    expect(await unlocked("first_credential")).toBe(true);
    expect(await unlocked("first_public_badge")).toBe(true);

    // Hidden, then published again: the publish is what is checked.
    const id = claimed.json.credential_id as string;
    await db.credential.update({ where: { id }, data: { isPublic: false } });
    await db.achievement.deleteMany({ where: { userId: owner.user.id, key: "first_public_badge" } });
    const published = await call(patchCredential, {
      method: "PATCH",
      path: `/holder/credentials/${id}`,
      headers: owner.auth,
      body: { is_public: true },
      params: { credential_id: id },
    });
    expect(published.status).toBe(200);
    expect(await unlocked("first_public_badge")).toBe(true);

    await db.holderProfile.update({ where: { userId: owner.user.id }, data: { avatarKey: "avatars/x.webp" } });
    const updated = await call(patchProfile, {
      method: "PATCH",
      path: "/holder/profile",
      headers: owner.auth,
      body: { bio: "Builds things.", location: "Lyon" },
    });
    expect(updated.status).toBe(200);
    expect(await unlocked("complete_profile")).toBe(true);
  });
});

async function offerAfterClaim(userId: string, verificationId: string) {
  return claimOffer(await getDb(), userId, verificationId);
}
