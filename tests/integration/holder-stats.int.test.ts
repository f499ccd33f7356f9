// GET /holder/stats: credential counts (samples never public) and profile views, total and recent.
import { describe, expect, it } from "vitest";
import { POST as createProfile } from "../../app/holder/profile/route";
import { GET as stats } from "../../app/holder/stats/route";
import { getDb } from "../../lib/db";
import { recordProfileView } from "../../lib/holder/record-profile-view";
import { newId } from "../../lib/ids";
import { call, makeSession, makeUser } from "../helpers/harness";
import { makeCompletedVerification } from "../helpers/holder-credentials";

/** A credential over a completed verification: live VERIFIED unless it is a sample (test mode) or says otherwise. */
async function credential(
  userId: string,
  profileId: string,
  flags: { isPublic: boolean; isSample: boolean },
  verdict: "VERIFIED" | "SUSPECT" = "VERIFIED",
) {
  const db = await getDb();
  const verification = await makeCompletedVerification(userId, { verdict, livemode: !flags.isSample });
  await db.credential.create({
    data: {
      id: newId("credential"),
      profileId,
      verificationId: verification.id,
      label: "Diploma",
      category: "education",
      ...flags,
    },
  });
}

describe("GET /holder/stats", () => {
  it("counts credentials, public ones without samples, and views total and in the last 30 days", async () => {
    const { auth, user } = await makeSession();
    const created = await call(createProfile, {
      method: "POST",
      path: "/holder/profile",
      headers: auth,
      body: { display_name: "Stats Holder" },
    });
    const profileId = created.json.id;
    await credential(user.id, profileId, { isPublic: true, isSample: false });
    await credential(user.id, profileId, { isPublic: false, isSample: false });
    await credential(user.id, profileId, { isPublic: true, isSample: true });
    // Public, but its verification is no longer VERIFIED (a reviewer overruled it): the page hides it.
    await credential(user.id, profileId, { isPublic: true, isSample: false }, "SUSPECT");

    const db = await getDb();
    const visitor = await makeUser();
    const day = 86_400_000;
    await recordProfileView(db, profileId, { userId: visitor.id }, new Date(Date.now() - 40 * day));
    await recordProfileView(db, profileId, { userId: visitor.id }, new Date(Date.now() - 29 * day));
    await recordProfileView(db, profileId, { userId: visitor.id });
    await recordProfileView(db, profileId, { userId: visitor.id }); // a reload
    await recordProfileView(db, profileId, { ip: "203.0.113.4", userAgent: "UA" });
    await recordProfileView(db, profileId, { userId: user.id }); // the owner

    const res = await call(stats, { path: "/holder/stats", headers: auth });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      credential_count: 4,
      public_credential_count: 1,
      profile_view_count: 4,
      profile_views_last_30_days: 3,
      is_public: true,
    });
  });

  it("answers 404 before the profile exists", async () => {
    const { auth } = await makeSession();
    const res = await call(stats, { path: "/holder/stats", headers: auth });
    expect(res.status).toBe(404);
    expect(res.json.detail).toContain("POST /holder/profile");
  });
});
