// What /u/<slug> and /badge/<hash> render, read through the functions the pages call: only public,
// live, VERIFIED credentials; old slugs redirect; the badge's signature is checked against the
// published keys and a forged or foreign one is refused.
import { SignJWT, generateKeyPair } from "jose";
import { describe, expect, it } from "vitest";
import { getDb } from "../../lib/db";
import { newId } from "../../lib/ids";
import { getBadgePage } from "../../lib/holder/badges/get-badge-page";
import { verifyBadgeSignature } from "../../lib/holder/badges/verify-badge-signature";
import { claimVerification } from "../../lib/holder/credentials/claim-verification";
import { updateProfile } from "../../lib/holder/profile/update-profile";
import { getPublicProfilePage } from "../../lib/holder/public/get-public-profile-page";
import { makeUser } from "../helpers/harness";
import { makeCompletedVerification, makeHolderProfile } from "../helpers/holder-credentials";

async function holderWithCredentials() {
  const db = await getDb();
  const user = await makeUser();
  const profile = await makeHolderProfile(user.id);
  const live = await claimVerification(db, user.id, (await makeCompletedVerification(user.id)).id);
  const hidden = await claimVerification(db, user.id, (await makeCompletedVerification(user.id)).id);
  await db.credential.update({ where: { id: hidden.id }, data: { isPublic: false, label: "Hidden diploma" } });
  const sample = await claimVerification(
    db,
    user.id,
    (await makeCompletedVerification(user.id, { livemode: false })).id,
  );
  return { db, user, profile, live, hidden, sample };
}

describe("getPublicProfilePage", () => {
  it("shows the public live credentials, the life events and the links, never a hidden one or a sample", async () => {
    const { db, user, profile, live, hidden, sample } = await holderWithCredentials();
    await db.lifeEvent.create({
      data: {
        id: newId("lifeEvent"),
        profileId: profile.id,
        kind: "work",
        title: "Research engineer",
        organization: "Example Labs",
        startDate: new Date("2022-01-01T00:00:00Z"),
      },
    });
    await db.holderProfile.update({ where: { id: profile.id }, data: { githubUrl: "https://github.com/jane" } });
    await db.socialLink.create({
      data: { id: newId("socialLink"), userId: user.id, platform: "gitlab", url: "https://gitlab.com/jane" },
    });

    const page = await getPublicProfilePage(db, profile.slug);
    expect(page?.redirectTo).toBeNull();
    if (!page || page.redirectTo !== null) throw new Error("expected a page");
    expect(page.profileId).toBe(profile.id);
    expect(page.profile.credentials.map((c) => c.credential_id)).toEqual([live.id]);
    expect(page.profile.credentials[0]).toMatchObject({ verdict: "VERIFIED", badge_url: `/badge/${live.badge!.hash}` });
    const ids = page.timeline.map((item) =>
      item.type === "credential" ? item.credential.credential_id : item.life_event.title,
    );
    expect(ids).toEqual(["Research engineer", live.id]);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(sample.id);
    expect(page.links).toEqual([
      { label: "GitLab", url: "https://gitlab.com/jane" },
      { label: "GitHub", url: "https://github.com/jane" },
    ]);
  });

  it("answers an old slug with the current one, and a private profile or an unknown slug with null", async () => {
    const { db, user, profile } = await holderWithCredentials();
    const renamed = `${profile.slug}-new`;
    await updateProfile(db, user.id, { slug: renamed });
    expect(await getPublicProfilePage(db, profile.slug)).toEqual({ redirectTo: renamed });
    await updateProfile(db, user.id, { is_public: false });
    expect(await getPublicProfilePage(db, renamed)).toBeNull();
    expect(await getPublicProfilePage(db, profile.slug)).toBeNull();
    expect(await getPublicProfilePage(db, "nobody-has-this-slug")).toBeNull();
  });
});

describe("getBadgePage", () => {
  it("checks the badge's signature against the published keys", async () => {
    const { db, live, profile } = await holderWithCredentials();
    const page = await getBadgePage(db, live.badge!.hash);
    expect(page).not.toBeNull();
    expect(page!.signature).toEqual({ valid: true, kid: page!.payload.kid });
    expect(page!.holder).toEqual({ slug: profile.slug, displayName: profile.displayName });
    expect(page!.facts).toMatchObject({ verdict: "VERIFIED", issuer: "University of Example" });
  });

  it("refuses a tampered credential and one signed by a key the instance never published", async () => {
    const { db, live } = await holderWithCredentials();
    const { payload } = (await getBadgePage(db, live.badge!.hash))!;
    const [header, body, signature] = payload.credential_jwt.split(".");
    const claims = JSON.parse(Buffer.from(body!, "base64url").toString("utf8"));
    const forged = Buffer.from(JSON.stringify({ ...claims, name: "Doctor of Everything" })).toString("base64url");
    const tampered = await verifyBadgeSignature(db, `${header}.${forged}.${signature}`);
    expect(tampered.valid).toBe(false);

    const { privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519" });
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: "EdDSA", kid: payload.kid, typ: "JWT" })
      .sign(privateKey);
    const check = await verifyBadgeSignature(db, foreign);
    expect(check).toMatchObject({ valid: false, reason: expect.stringContaining("published keys") });
  });

  it("is null for a hidden credential, a private profile and a sample", async () => {
    const { db, user, live, hidden, sample } = await holderWithCredentials();
    expect(await getBadgePage(db, hidden.badge!.hash)).toBeNull();
    expect(sample.badge).toBeNull();
    await updateProfile(db, user.id, { is_public: false });
    expect(await getBadgePage(db, live.badge!.hash)).toBeNull();
  });
});
